// The list reads (events and what they hold): rate limited with the heavy
// reads (rate-limit.ts) and run a few at a time per instance.
//
// Why the gate: a page costs a count and the related rows of its items, and
// on PGlite every statement runs on the event loop. Eight clients reading
// lists back to back kept it busy so that `/api/time/`, the answer form and
// the live feeds waited behind them (issue 12). Queued reads only wait on a
// promise, so between two statements of the read in progress (db/client.ts
// yields a turn before each) everything else gets in.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import pLimit from 'p-limit';
import type { AppConfig } from '../config';

/** `METHOD pattern` of the list reads (patterns as registered, trailing slash included). */
export const LIST_ROUTES: readonly string[] = [
  'GET /api/gas/evento/',
  'GET /api/gas/sessione/',
  'GET /api/gas/problema/',
  'GET /api/gas/polo/',
  'GET /api/gas/messaggi-importanti/',
  'GET /api/gas/file-programmato/',
  'GET /api/gas/squadra/',
  'GET /api/gas/squadra/mie/',
  'GET /api/gas/squadra/in_sessione/',
  'GET /api/gas/jolly/',
];

/** List reads in progress at once: PGlite runs one statement at a time anyway. */
export function listReadConcurrency(config: Pick<AppConfig, 'databaseUrl'>): number {
  return config.databaseUrl ? 4 : 1;
}

async function listReadsPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
  const gate = pLimit(listReadConcurrency(opts.config));
  const gated = new Set(LIST_ROUTES);
  app.addHook('onRoute', (route) => {
    // HEAD runs the GET handler: the same work, the same gate.
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) =>
      m === 'HEAD' ? 'GET' : m,
    );
    if (!methods.some((m) => gated.has(`${m} ${route.url}`))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (request, reply) {
      return gate(() => handler.call(this, request, reply));
    };
  });
}

export const registerListReads = fp(listReadsPlugin, {
  name: 'gas-list-reads',
  dependencies: [],
});
