// Small, failure-proof access to localStorage: private browsing, a full
// quota or a disabled storage must never break the scores page (the list
// then simply forgets between visits).

/**
 * Opens the storage in a task of its own as the scores page's code loads: a
 * page's first access to localStorage loads the site's storage from the
 * browser, 5 ms of this machine's main thread (x4 on Lighthouse's phone), and
 * made by the render that hydrates the page (the followed teams) it made
 * that render's task as much longer.
 */
export function apriLArchivio(): void {
  leggi('');
}
if (typeof window !== 'undefined') setTimeout(apriLArchivio, 0);

export function leggi(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function scrivi(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Nothing to do: the choice lasts for this page only.
  }
}
