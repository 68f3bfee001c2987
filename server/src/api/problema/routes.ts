// /api/gas/problema/: problems of the events the user may see (filter evento),
// ordered as in the contest.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../deps';
import { apiError } from '../../errors';
import { canSeeSoluzioni, type Actor } from '../../policies';
import type { EventoWithAccess } from '../shared/evento-access';
import { paginateArray, paginationQuery } from '../shared/pagination';
import { eventoFilter, idParams, visibleEventi } from '../evento/access';
import { presentProblema } from './present';
import { loadProblemi, problemaEventoId } from './queries';

const listQuery = paginationQuery.extend({ evento: eventoFilter });

export async function problemaRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['problema'];

  const presentAll = async (actor: Actor, eventi: Map<number, EventoWithAccess>, id?: number) => {
    const now = new Date();
    return (await loadProblemi(db, [...eventi.keys()], id)).map((p) =>
      presentProblema(p, canSeeSoluzioni(actor, eventi.get(p.eventoId)!.access, now)),
    );
  };

  r.get('/api/gas/problema/', { schema: { tags, querystring: listQuery } }, async (request) => {
    const eventi = await visibleEventi(db, request.actor, request.query.evento);
    return paginateArray(request, request.query, await presentAll(request.actor, eventi));
  });

  r.get('/api/gas/problema/:id/', { schema: { tags, params: idParams } }, async (request) => {
    const eventoId = await problemaEventoId(db, request.params.id);
    const eventi = eventoId === null ? new Map() : await visibleEventi(db, request.actor, eventoId);
    const [problema] = await presentAll(request.actor, eventi, request.params.id);
    if (!problema) throw apiError('not_found');
    return problema;
  });
}
