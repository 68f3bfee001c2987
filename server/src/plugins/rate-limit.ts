// Rate limits of the expensive calls, in memory per instance (@fastify/rate-limit):
//
// - heavy reads (the score snapshot, the score state and the answer history a
//   live page loads, re-checks and reloads; the lists of events and of what
//   they hold, which a script could call in a loop; the ranking files and the
//   certificates, made at each request): per client address, a
//   minute's budget of GAS_RATE_LIMIT_READS (default 600, i.e. 10/s
//   sustained: far above what one page does, well below a reload loop);
// - submissions (answers and jokers): per logged-in user, GAS_RATE_LIMIT_SUBMISSIONS
//   a minute (default 300: an inseritore typing paper slips does one every
//   few seconds).
//
// Over the limit: 429 {"detail": "Troppe richieste: riprova più tardi."} with
// Retry-After. GAS_RATE_LIMIT=0 turns the limits off (benchmarks, load tests).
// Addresses are request.ip: behind a reverse proxy set TRUST_PROXY to the
// proxy's address (or every visitor shares its budget); only the hop that
// proxy appended to X-Forwarded-For counts, never what the client wrote.
//
// The routes stay unaware of it: one onRequest hook (after the session hook,
// which sets request.actor) picks the limiter by the matched route pattern.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { apiError } from '../errors';
import { clientKey } from './client-address';
import { LIST_ROUTES } from './list-reads';

export type RateLimitGroup = 'reads' | 'submissions';

/** `METHOD pattern` of every limited route (patterns as registered, trailing slash included). */
export const LIMITED_ROUTES: ReadonlyMap<string, RateLimitGroup> = new Map([
  ['GET /api/gas/sessione/:id/punteggi/', 'reads'],
  ['GET /api/gas/sessione/:id/stato/', 'reads'],
  ['GET /api/gas/risposta-all/', 'reads'],
  ['GET /api/gas/risposta-all/pk_risposte/', 'reads'],
  // Files computed at each request (issue 28): a ranking from the answers,
  // and pdflatex behind a queue of four that the delivery slips share.
  ['GET /api/gas/sessione/:id/classifica/', 'reads'],
  ['GET /api/gas/evento/:id/classifica/', 'reads'],
  ['GET /api/gas/sessione/:id/attestati/', 'reads'],
  // The open feed (issue 28): a state read, then a stream (open ones are bounded per address).
  ['GET /api/feed/v1/sessione/:id/', 'reads'],
  // Lists: each page costs a count and the related rows of its items.
  ...LIST_ROUTES.map((route) => [route, 'reads'] as const),
  ['POST /api/gas/risposta/', 'submissions'],
  ['POST /api/gas/jolly/', 'submissions'],
]);

const WINDOW_MS = 60_000;

function submitterKey(request: FastifyRequest): string {
  // Anonymous submissions are refused anyway (403); they count by address.
  const userId = request.actor?.userId ?? null;
  return userId === null ? `ip:${clientKey(request.ip)}` : `user:${userId}`;
}

async function rateLimitPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
  const { enabled, readsPerMinute, submissionsPerMinute } = opts.config.rateLimit;
  if (!enabled) return;
  await app.register(rateLimit, {
    global: false,
    timeWindow: WINDOW_MS,
    // Thrown as an ApiError: the error handler answers the DRF shape {detail}.
    errorResponseBuilder: () => apiError('throttled'),
  });
  // Each limiter has its own store: a bounded LRU of keys, so an address scan
  // cannot grow memory without limit.
  const cache = 50_000;
  const limiters: Record<RateLimitGroup, preHandlerAsyncHookHandler> = {
    // By client address, an IPv6 client by its /64 (the plugin's default, as clientKey).
    reads: app.rateLimit({ max: readsPerMinute, cache }),
    submissions: app.rateLimit({ max: submissionsPerMinute, cache, keyGenerator: submitterKey }),
  };
  app.addHook('onRequest', async (request, reply) => {
    const group = LIMITED_ROUTES.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (group) await limiters[group].call(app, request, reply);
  });
}

export const registerRateLimit = fp(rateLimitPlugin, {
  name: 'gas-rate-limit',
  // The submissions' limiter counts by request.actor.
  dependencies: ['gas-session-auth'],
});
