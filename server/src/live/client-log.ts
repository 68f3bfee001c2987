// What misbehaving live clients do (garbage frames, protocol errors) is worth
// one warning, not one line per frame: a client sending garbage in a loop
// must not flood the log. At most one line per key (the client address) per
// period; the next line says how many were left out meanwhile. No stack
// traces: these are the client's errors, not the server's.

export type WarnLogger = { warn(obj: object, msg: string): void };

type Entry = { at: number; suppressed: number };

const MAX_KEYS = 10_000;

export class ThrottledWarnings {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly log: WarnLogger,
    private readonly periodMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Logs `msg` for `key` unless one was logged within the period (then only counts it). */
  warn(key: string, details: object, msg: string): void {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.periodMs) {
      entry.suppressed += 1;
      return;
    }
    if (this.entries.size >= MAX_KEYS) this.prune(now);
    const suppressed = entry?.suppressed ?? 0;
    this.entries.set(key, { at: now, suppressed: 0 });
    this.log.warn(suppressed > 0 ? { ...details, suppressed } : details, msg);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.at >= this.periodMs) this.entries.delete(key);
    }
    // Still full (a scan of addresses within one period): start over.
    if (this.entries.size >= MAX_KEYS) this.entries.clear();
  }
}
