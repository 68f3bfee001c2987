// /api/gas/polo/: the venues of the events the user may see (filter evento).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../deps';
import { apiError } from '../../errors';
import { eventoFilter, idParams, visibleEventi } from '../evento/access';
import { paginateArray, paginationQuery } from '../shared/pagination';
import { presentPolo } from './present';
import { loadPoli, poloEventoId } from './queries';

const listQuery = paginationQuery.extend({ evento: eventoFilter });

export async function poloRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['polo'];

  r.get('/api/gas/polo/', { schema: { tags, querystring: listQuery } }, async (request) => {
    const eventi = await visibleEventi(db, request.actor, request.query.evento);
    const poli = await loadPoli(db, [...eventi.keys()]);
    return paginateArray(request, request.query, poli.map(presentPolo));
  });

  r.get('/api/gas/polo/:id/', { schema: { tags, params: idParams } }, async (request) => {
    const eventoId = await poloEventoId(db, request.params.id);
    // Venues of a private event do not exist for those who cannot see it.
    const eventi =
      eventoId === null ? [] : [...(await visibleEventi(db, request.actor, eventoId)).keys()];
    const [polo] = await loadPoli(db, eventi, request.params.id);
    if (!polo) throw apiError('not_found');
    return presentPolo(polo);
  });
}
