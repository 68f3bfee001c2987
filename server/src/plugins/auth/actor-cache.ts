// Who is behind a session cookie, remembered for a few seconds. A venue desk
// submits answers in bursts: without this every request would pay four
// queries (session, user, schools, teams) before doing its work. The price is
// that a change of rights or a logout on another instance takes effect within
// TTL_MS; logout and login on this instance take effect at once.
import type { Actor } from '../../policies';

const TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

type Entry = { actor: Actor; until: number };

export class ActorCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get(sessionId: string): Actor | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.actor;
  }

  set(sessionId: string, actor: Actor): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { actor, until: this.now() + TTL_MS });
  }

  delete(sessionId: string): void {
    this.entries.delete(sessionId);
  }
}

/** One per process: sessions are ids of the shared database, valid on every instance. */
export const actorCache = new ActorCache();
