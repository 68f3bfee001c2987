/// <reference lib="webworker" />
// GaS service worker, at the site root (spec §2: it receives the session id
// the user follows, for notifications to come). Since issue 17 it also lets
// the answer desk reload in a dead Wi-Fi: with Workbox's runtime caching
// (no precache: a visitor downloads nothing more than the pages they open),
// - the built scripts and styles (/assets/, content-hashed, never changing)
//   are served from the cache once fetched;
// - pages (navigations) come from the network, and from the last copy only
//   when the network fails (never a stale copy while the server answers);
// - the few reads the answer page needs (who the user is, the session, its
//   event with the problems, the teams, the answers) likewise: network first,
//   the last answer when offline. The page empties that cache on logout.
// Every other request is left alone: API answers come from the network.
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

import { CACHE_CONSEGNA } from './caches';

declare const self: ServiceWorkerGlobalScope;

/** The reads of the answer page, by path: kept for a reload offline. */
const LETTURE_CONSEGNA = [
  /^\/api\/ext-user\/whoami\/$/,
  /^\/api\/gas\/sessione\/\d+\/$/,
  /^\/api\/gas\/evento\/\d+\/$/,
  /^\/api\/gas\/squadra\/(in_sessione\/|mie\/)?$/,
  /^\/api\/gas\/risposta\/$/,
];

const stessoSito = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ url }) => stessoSito(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'gas-asset',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'gas-pagine',
      plugins: [new ExpirationPlugin({ maxEntries: 50 })],
    }),
  ),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    stessoSito(url) &&
    LETTURE_CONSEGNA.some((percorso) => percorso.test(url.pathname)),
  new NetworkFirst({
    cacheName: CACHE_CONSEGNA,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 24 * 3600 })],
  }),
);

let sessione: number | null = null;

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!data || typeof data !== 'object') return;
  const messaggio = data as { type?: unknown; sessione?: unknown };
  if (messaggio.type === 'sessione') {
    const id = messaggio.sessione;
    sessione = typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  } else if (messaggio.type === 'sessione?' && event.source) {
    event.source.postMessage({ type: 'sessione', sessione });
  }
});
