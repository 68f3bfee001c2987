// /api/gas/albo-d-oro/: winners (the podium of each session) of the concluded
// official events, from their final rankings. Official events are public, so
// the answer is the same for everyone and is cached briefly in memory.
import { alboEventoSchema } from '@gas/contracts';
import { page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../deps';
import { paginateArray, paginationQuery } from '../shared/pagination';
import { presentAlbo, type AlboEvento } from './present';
import { loadAlbo } from './queries';

/** Rankings of concluded events change only through back-office corrections. */
export const ALBO_CACHE_MS = 60_000;

export async function alboDoroRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  let cache: { at: number; value: AlboEvento[] } | null = null;
  let pending: Promise<AlboEvento[]> | null = null;

  const compute = async () => {
    const now = Date.now();
    if (cache && now - cache.at < ALBO_CACHE_MS) return cache.value;
    // Concurrent first requests share one computation.
    pending ??= (async () => {
      try {
        const value = presentAlbo(await loadAlbo(db, new Date(now)));
        cache = { at: now, value };
        return value;
      } finally {
        pending = null;
      }
    })();
    return pending;
  };

  r.get(
    '/api/gas/albo-d-oro/',
    {
      schema: {
        summary: "Albo d'oro: i podi degli eventi ufficiali conclusi",
        response: page(alboEventoSchema),
        tags: ['albo-d-oro'],
        description:
          'Vincitori (podio di ogni sessione) degli eventi ufficiali conclusi, dal più recente, calcolati dalle classifiche finali.',
        querystring: paginationQuery,
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return paginateArray(request, request.query, await compute());
    },
  );
}
