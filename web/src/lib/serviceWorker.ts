// The service worker at the site root (public/sw.js, spec §2). It caches
// nothing: it only learns which session the user follows, so that future
// notifications can be about that session.
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
