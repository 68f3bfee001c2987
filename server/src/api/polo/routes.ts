// /api/gas/polo/: the venues of the events the user may see (filter evento).
import { poloSchema } from '@gas/contracts';
import { ok, page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../deps';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../policies';
import { apiError } from '../../errors';
import { idParams } from '@gas/contracts';
import { eventoFilter } from '../shared/evento-filter';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { presentPolo } from './present';
import { loadPoli } from './queries';

const listQuery = paginationQuery.extend({ evento: eventoFilter });

/** An event's venues as `actor` sees them (GET /api/gas/polo/?evento=), all of them. */
export async function poliVisti(db: DbOrTx, actor: Actor, eventoId: number) {
  const { rows } = await loadPoli(db, actor, { eventoId });
  return rows.map(presentPolo);
}

export async function poloRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['polo'];

  r.get(
    '/api/gas/polo/',
    { schema: { response: page(poloSchema), tags, querystring: listQuery } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await loadPoli(
        db,
        request.actor,
        { eventoId: request.query.evento },
        window,
      );
      return pageOf(request, window, count, rows.map(presentPolo));
    },
  );

  r.get(
    '/api/gas/polo/:id/',
    { schema: { response: ok(poloSchema), tags, params: idParams } },
    async (request) => {
      // Venues of a private event do not exist for those who cannot see it.
      const { rows } = await loadPoli(db, request.actor, { id: request.params.id });
      const [polo] = rows;
      if (!polo) throw apiError('not_found');
      return presentPolo(polo);
    },
  );
}
