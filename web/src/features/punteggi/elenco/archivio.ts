// Small, failure-proof access to localStorage: private browsing, a full
// quota or a disabled storage must never break the scores page (the list
// then simply forgets between visits).

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
