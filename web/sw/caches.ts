// Names of the service worker's caches that the page also touches (it
// empties the answer page's reads on logout). No DOM or worker types here:
// both the app and the worker import it.

/** The reads kept for a reload offline: the answer page's (issue 17) and the navbar's (issue 26). */
export const CACHE_CONSEGNA = 'gas-consegna-api';
