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
//   event with the problems, the teams, the answers, the event's important
//   messages) and those of the frame around every page (the navbar's list of
//   events, for 'Evento corrente'; issue 26) likewise: network first, the
//   last answer when offline. The page empties that cache on logout;
// - the site's own images (the navbar's logo): the kept copy at once, then
//   refreshed from the network for the next time (issue 26: after a reload
//   in a dead Wi-Fi the logo was a broken image).
// Every other request is left alone: API answers come from the network, and
// the server's time (/api/time/) is never kept (an old one would be wrong).
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

import { CACHE_CONSEGNA } from './caches';

declare const self: ServiceWorkerGlobalScope;

/** The reads of the answer page and of the navbar, by path: kept for a reload offline. */
const LETTURE_CONSEGNA = [
  /^\/api\/ext-user\/whoami\/$/,
  /^\/api\/gas\/sessione\/\d+\/$/,
  /^\/api\/gas\/evento\/\d+\/$/,
  /^\/api\/gas\/squadra\/(in_sessione\/|mie\/)?$/,
  /^\/api\/gas\/risposta\/$/,
  /^\/api\/gas\/messaggi-importanti\/$/,
  // The navbar's 'Evento corrente' (the list of events, each page of it).
  /^\/api\/gas\/evento\/$/,
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
  ({ url, request }) =>
    request.destination === 'image' && stessoSito(url) && !url.pathname.startsWith('/api/'),
  new StaleWhileRevalidate({
    cacheName: 'gas-immagini',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 })],
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
