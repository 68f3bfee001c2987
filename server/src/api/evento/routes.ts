// /api/gas/evento/: list (tipologia, tipologia__in) and retrieve.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { TIPOLOGIE_EVENTO } from '../../db/schema';
import { apiError } from '../../errors';
import { canSeeEvento } from '../../policies';
import { paginateArray, paginationQuery } from '../shared/pagination';
import { allEventoIds, loadEventoDetails } from './queries';
import { presentEvento } from './present';

const tipologia = z.enum(TIPOLOGIE_EVENTO);
const listQuery = paginationQuery.extend({
  tipologia: tipologia.optional(),
  tipologia__in: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(tipologia))
    .optional(),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });

export async function eventoRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/gas/evento/',
    { schema: { tags: ['evento'], querystring: listQuery } },
    async (request) => {
      const { tipologia: only, tipologia__in: among } = request.query;
      const now = new Date();
      const details = await loadEventoDetails(db, await allEventoIds(db));
      const visible = [...details.eventi.values()]
        .filter((e) => canSeeEvento(request.actor, e.access))
        .filter((e) => (only ? e.row.tipologia === only : true))
        .filter((e) => (among ? among.includes(e.row.tipologia) : true))
        .sort((a, b) => b.row.inizio.getTime() - a.row.inizio.getTime() || b.row.id - a.row.id)
        .map((e) => presentEvento(details, e.row.id, request.actor, now));
      return paginateArray(request, request.query, visible);
    },
  );

  r.get(
    '/api/gas/evento/:id/',
    { schema: { tags: ['evento'], params: idParams } },
    async (request) => {
      const details = await loadEventoDetails(db, [request.params.id]);
      const entry = details.eventi.get(request.params.id);
      // A private event the user may not see does not exist for them.
      if (!entry || !canSeeEvento(request.actor, entry.access)) throw apiError('not_found');
      return presentEvento(details, entry.row.id, request.actor, new Date());
    },
  );
}
