// HTTP caching of the public reads of a scores page (issue 18). In the first
// minute of a contest thousands of visitors load the same session; a reverse
// proxy or CDN in front of the instances can answer most of those reads if
// the answers say they may be shared:
// - every answer carries a weak ETag (@fastify/etag), and a request whose
//   If-None-Match matches gets 304 with no body;
// - a route marked `config.cache` answers a visitor who is not logged in
//   with `Cache-Control: public, max-age=0, s-maxage=N`: shared caches keep
//   it N seconds; browsers ask again every time (a 304 when nothing
//   changed), so a reload never shows an older ranking than the server has;
// - and with `CDN-Cache-Control: max-age=N, stale-while-revalidate=N`
//   (RFC 9213, read by CDNs, ignored by browsers): a CDN may also serve it
//   N seconds more while one request refreshes it, so a popular URL never
//   makes the storm wait on an instance. Not in Cache-Control, where
//   browsers would honour it too and show a visitor a ranking from before
//   his reload. nginx does the same by its own configuration (deploy/nginx);
// - a logged-in user's answer may carry what only he may see (permissions,
//   answer values): `private, no-cache`, never stored by a shared cache.
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAuthenticated } from '../policies';

/** How long a shared cache may keep a public read: seconds, by how fast it changes. */
export const CACHE_CONDIVISA = {
  /** The event, its sessions, teams and schools: edited by hand, rarely on the day. */
  stabile: 10,
  /** The ranking snapshot and the important messages: new with every answer. */
  viva: 1,
} as const;
export type PoliticaCache = keyof typeof CACHE_CONDIVISA;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public read a shared cache may keep for visitors (see CACHE_CONDIVISA). */
    cache?: PoliticaCache;
  }
}

export const CACHE_PRIVATA = 'private, no-cache';
export const cachePubblica = (politica: PoliticaCache) =>
  `public, max-age=0, s-maxage=${CACHE_CONDIVISA[politica]}`;
export const cacheCdn = (politica: PoliticaCache) =>
  `max-age=${CACHE_CONDIVISA[politica]}, stale-while-revalidate=${CACHE_CONDIVISA[politica]}`;

export const registerCacheHttp = fp(
  async function registerCacheHttp(app: FastifyInstance) {
    // Before the ETag's hook, which may turn the answer into a 304: that too
    // carries the Cache-Control the 200 would have.
    app.addHook('onSend', async (request, reply) => {
      const politica = request.routeOptions.config.cache;
      if (!politica || reply.statusCode !== 200 || reply.hasHeader('cache-control')) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (isAuthenticated(request.actor)) {
        reply.header('Cache-Control', CACHE_PRIVATA);
        return;
      }
      reply.header('Cache-Control', cachePubblica(politica));
      reply.header('CDN-Cache-Control', cacheCdn(politica));
    });
    await app.register(etag, { weak: true });
  },
  // request.actor tells a visitor from a logged-in user.
  { name: 'gas-cache-http', dependencies: ['gas-session-auth'] },
);
