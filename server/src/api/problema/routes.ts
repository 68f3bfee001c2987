// /api/gas/problema/: problems of the events the user may see (filter evento),
// ordered as in the contest.
import { problemaSchema } from '@gas/contracts';
import { ok, page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../deps';
import { apiError } from '../../errors';
import { canSeeSoluzioni, type Actor } from '../../policies';
import type { Problema } from '../../db/schema';
import { loadEventiWithAccess } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { idParams } from '@gas/contracts';
import { eventoFilter } from '../evento/access';
import { presentProblema } from './present';
import { loadProblemi } from './queries';

const listQuery = paginationQuery.extend({ evento: eventoFilter });

export async function problemaRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['problema'];

  // Solutions depend on each event's dates and staff: loaded for the rows shown only.
  const present = async (actor: Actor, rows: Problema[]) => {
    const eventi = await loadEventiWithAccess(
      db,
      rows.map((p) => p.eventoId),
    );
    const now = new Date();
    return rows.map((p) =>
      presentProblema(p, canSeeSoluzioni(actor, eventi.get(p.eventoId)!.access, now)),
    );
  };

  r.get(
    '/api/gas/problema/',
    {
      config: { cache: 'stabile' },
      schema: { response: page(problemaSchema), tags, querystring: listQuery },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await loadProblemi(
        db,
        request.actor,
        { eventoId: request.query.evento },
        window,
      );
      return pageOf(request, window, count, await present(request.actor, rows));
    },
  );

  r.get(
    '/api/gas/problema/:id/',
    { schema: { response: ok(problemaSchema), tags, params: idParams } },
    async (request) => {
      // A problem of an event the user may not see does not exist for him.
      const { rows } = await loadProblemi(db, request.actor, { id: request.params.id });
      const [problema] = await present(request.actor, rows);
      if (!problema) throw apiError('not_found');
      return problema;
    },
  );
}
