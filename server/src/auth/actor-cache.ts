// Who is behind a session cookie, remembered for a few seconds (built once per
// app by the composition root, services.ts, handed to the session plugin). A venue desk
// submits answers in bursts: without this every request would pay four
// queries (session, user, schools, teams) before doing its work.
//
// Freshness: each app instance has its own cache, and drops entries the
// moment a change to them commits, whoever made it: the change feed
// (db/changes.ts, migration 0005) announces 'utente:<id>' for the account,
// its sessions (logout, password change) and its manager record, and
// 'responsabile:<id>' for the manager's schools and teams. While that feed is
// not live (starting, PostgreSQL listener reconnecting) nothing is cached.
// Entries also expire after TTL_MS (lru-cache), a backstop for any unforeseen gap.
import type { DbChange } from '../db/changes';
import type { Actor } from '../policies';
import { LRUCache } from 'lru-cache';

const TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

export class ActorCache {
  private readonly entries: LRUCache<string, Actor>;
  /** Bumped by every drop: an actor read before it is not kept (see mark). */
  private generation = 0;

  constructor(
    now: () => number = Date.now,
    /** Whether every change is being heard; while false nothing is kept. */
    private readonly live: () => boolean = () => true,
  ) {
    // The clock read on every get (ttlResolution 0): tests drive it by hand.
    this.entries = new LRUCache({ ttl: TTL_MS, max: MAX_ENTRIES, perf: { now }, ttlResolution: 0 });
  }

  get(sessionId: string): Actor | undefined {
    const actor = this.entries.get(sessionId);
    if (actor && !this.live()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return actor;
  }

  /** Taken before reading a session from the database, and given back to set(). */
  mark(): number {
    return this.generation;
  }

  /**
   * Keeps the actor, unless something was dropped since `mark` was taken: the
   * rows read may predate that change (e.g. a session deleted meanwhile).
   */
  set(sessionId: string, actor: Actor, mark = this.generation): void {
    if (mark !== this.generation || !this.live()) return;
    this.entries.set(sessionId, actor);
  }

  delete(sessionId: string): void {
    this.generation += 1;
    this.entries.delete(sessionId);
  }

  /** Every session of this account (password change, deactivation, rights). */
  forgetUser(userId: number): void {
    this.forgetWhere((actor) => actor.userId === userId);
  }

  forgetResponsabile(responsabileId: number): void {
    this.forgetWhere((actor) => actor.responsabile?.id === responsabileId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** A committed change heard on the change feed. */
  onChange(change: DbChange): void {
    if (change.table === '*') this.clear();
    else if (change.table === 'utente') this.forgetUser(change.id);
    else if (change.table === 'responsabile') this.forgetResponsabile(change.id);
  }

  /** How many sessions are kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  private forgetWhere(matches: (actor: Actor) => boolean): void {
    this.generation += 1;
    for (const [sessionId, actor] of [...this.entries.entries()]) {
      if (matches(actor)) this.entries.delete(sessionId);
    }
  }
}
