// GET /api/admin/problema/{id}/anteprima-correzione/ (issue 14, item 4): the
// back office's preview of a solution correction (gara/correzione.ts), staff
// only as every admin route. Saving (PATCH of the problem) re-checks the
// answers for real (gara/registro/resources.ts, gara/ricontrollo.ts).
import { anteprimaCorrezioneQuery, anteprimaCorrezioneSchema, idParams } from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../errors';
import { anteprimaCorrezione } from '../../gara/correzione';
import { problemaById } from '../../gara/queries';
import type { ApiDeps } from '../deps';
import { ok } from '../shared/responses';

export function correzioneRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/problema/:id/anteprima-correzione/',
    {
      schema: {
        summary: 'Anteprima della correzione della soluzione di un problema (back office)',
        response: ok(anteprimaCorrezioneSchema),
        tags: ['admin: problema'],
        params: idParams,
        querystring: anteprimaCorrezioneQuery,
      },
    },
    async (request) => {
      const problema = await problemaById(db, request.params.id);
      if (!problema) throw apiError('not_found');
      return anteprimaCorrezione(db, problema, request.query);
    },
  );
}
