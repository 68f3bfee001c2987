// The service worker at the site root (web/sw/sw.ts, built to /sw.js; spec
// §2): it learns which session the user follows, for notifications to come,
// and keeps what the answer page needs to reload offline (issue 17).
import { CACHE_CONSEGNA } from '../../sw/caches';

const SW_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(SW_URL, { scope: '/' }).catch((error: unknown) => {
      console.warn('[GaS] service worker non registrato', error);
    });
  });
}

/** Tells the service worker the session on screen (null when none). */
export function postSessionToServiceWorker(sessione: number | null): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => {
    registration.active?.postMessage({ type: 'sessione', sessione });
  });
}

/** On logout: the next user of this computer finds none of the previous one's data. */
export async function dimenticaDatiUtente(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(CACHE_CONSEGNA).catch(() => undefined);
}
