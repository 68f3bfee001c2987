// Small, failure-proof access to localStorage: private browsing, a full
// quota or a disabled storage must never break the scores page (the list
// then simply forgets between visits).

/**
 * A page's first access to localStorage loads the site's storage from the
 * browser: 5-17 ms of main thread here (x4 on Lighthouse's phone). Made by
 * the render that hydrates the scores page (its followed teams), it
 * lengthened that render's task by as much; done here, in a task of its own
 * as the page's code loads, it no longer does.
 */
if (typeof window !== 'undefined') setTimeout(() => leggi(''), 0);

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
