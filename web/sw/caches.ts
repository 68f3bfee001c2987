// Names of the service worker's caches that the page also touches (it
// empties the answer page's reads on logout). No DOM or worker types here:
// both the app and the worker import it.

/** The answer page's reads, kept for a reload offline (issue 17). */
export const CACHE_CONSEGNA = 'gas-consegna-api';
