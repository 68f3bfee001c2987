/* global self */
/* GaS service worker (spec §2 "A service worker is registered at the site root
 * and receives the session id"). Deliberately minimal: no fetch handler and no
 * cache, so API answers and pages always come from the network. It only keeps
 * the id of the session the user is following, posted by the page:
 *   registration.active.postMessage({ type: 'sessione', sessione: 12 })
 * and answers { type: 'sessione?' } with that id, for notifications to come. */
'use strict';

let sessione = null;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data !== 'object') return;
  if (data.type === 'sessione') {
    const id = data.sessione;
    sessione = Number.isInteger(id) && id > 0 ? id : null;
  } else if (data.type === 'sessione?' && event.source) {
    event.source.postMessage({ type: 'sessione', sessione });
  }
});
