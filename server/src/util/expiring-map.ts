// The one expiring map of the server: entries forgotten `ttlMs` after they
// were stored, at most `maxEntries` of them (the oldest go first). Used by the
// actor cache (auth/actor-cache.ts), the answer route's copies
// (api/risposta/targets.ts), the live feeds' access lookups (live/feeds.ts)
// and the score snapshots (scores/cache.ts).
//
// An entry stored at t is served while now < t + ttl (the same boundary the
// four hand-written caches it replaces had). `load` shares one promise per key
// among concurrent callers and forgets it if it fails.
//
// Why not lru-cache (already in node_modules): its clock is performance.now()
// read through a 1 ms resolution timer, an entry expires only when its age is
// strictly over the TTL, and a start time of 0 means "never stale"; the tests
// here drive an injected clock and pin the exact boundary. What is needed is
// these few lines.

export type ExpiringMapOptions = {
  /** How long an entry is served after it was stored. */
  ttlMs: number;
  /** Storing one more drops the oldest (default 10 000). */
  maxEntries?: number;
  now?: () => number;
};

type Entry<V> = { value: V; expiresAt: number };

export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: ExpiringMapOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** The value, unless missing or expired (an expired entry is dropped). */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() < entry.expiresAt) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Stores the value for `ttlMs` from now (or until `expiresAt`, a clock time). */
  set(key: K, value: V, expiresAt = this.now() + this.ttlMs): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Map order is insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt });
  }

  /**
   * The value of `key`, or the promise `load` gives, stored for concurrent
   * and later callers; a rejected promise is forgotten at once.
   */
  load<T>(this: ExpiringMap<K, Promise<T>>, key: K, load: () => Promise<T>): Promise<T> {
    const hit = this.get(key);
    if (hit) return hit;
    const value = load();
    this.set(key, value);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  /** Drops the entries whose value matches. */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (matches(entry.value, key)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  /** Entries held, expired ones not yet dropped included. */
  get size(): number {
    return this.entries.size;
  }
}
