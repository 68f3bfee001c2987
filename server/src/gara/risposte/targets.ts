// What the answer route checks (the team with its managers, the problem, the
// team's event with its staff) kept in memory, so that on a contest day an
// answer costs one statement instead of seven queries.
//
// Freshness: rows are dropped the moment a change to them commits, whoever
// made it (the gas_modifiche triggers, db/changes.ts); while that feed is not
// live (starting, PostgreSQL listener reconnecting) nothing is cached. Entries
// also expire after TTL_MS, a backstop that bounds any unforeseen gap. Where
// a stale copy would store a wrong answer, the database has the last word:
// gas_consegna_risposte refuses ('stale') a team no longer in the session or
// a solution that changed, and the route checks again with fresh rows.
import type { Database } from '../../db/client';
import type { DbChange } from '../../db/changes';
import {
  SharedChangeFeed,
  type ChangeSource,
  type ChangeSubscription,
} from '../../db/lazy-change-feed';
import type { ListenerLogger } from '../../db/listener';
import type { Problema } from '../../db/schema';
import type { EventoWithAccess } from '../../access/evento-access';
import { loadEventoWithAccess } from '../../access/queries';
import { LRUCache } from 'lru-cache';
import {
  loadProblema,
  loadSquadraTarget,
  type SquadraTarget,
  type SubmissionTarget,
} from './queries';

const TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

export type SubmissionTargetsOptions = {
  /** The instance's shared change feed (services.ts); without it, one of its own. */
  changes?: ChangeSource;
  /** PostgreSQL connection for LISTEN (not through a transaction pooler), for a feed of its own. */
  listenUrl?: string;
  log: ListenerLogger;
  ttlMs?: number;
};

export class SubmissionTargets {
  private readonly squadre: LRUCache<number, SquadraTarget>;
  private readonly problemi: LRUCache<number, Problema>;
  private readonly eventi: LRUCache<number, EventoWithAccess>;
  /** Bumped by every change: a load that saw a bump while running is not kept. */
  private generation = 0;
  private readonly feed: ChangeSubscription;
  /** The feed started for this cache alone (no shared one given). */
  private readonly ownFeed: SharedChangeFeed | null = null;
  /** Counters (tests and metrics). */
  readonly stats = { hits: 0, loads: 0, changes: 0 };
  /** The last change heard (tests: changes arrive in commit order). */
  lastChange: DbChange | null = null;

  constructor(
    private readonly database: Database,
    private readonly options: SubmissionTargetsOptions,
  ) {
    const table = { ttl: options.ttlMs ?? TTL_MS, max: MAX_ENTRIES };
    this.squadre = new LRUCache(table);
    this.problemi = new LRUCache(table);
    this.eventi = new LRUCache(table);
    let changes = options.changes;
    if (!changes) {
      const { listenUrl, log } = options;
      changes = this.ownFeed = new SharedChangeFeed(database, { listenUrl, log, name: 'risposte' });
    }
    this.feed = changes.subscribe({
      onChange: (c) => this.onChange(c),
      onReset: () => this.clear(),
    });
  }

  /** True while copies are kept (the change feed is live). */
  get caching(): boolean {
    return this.feed.live;
  }

  /** The team, the problem and the team's event; `fresh` reads them from the database. */
  async target(squadraId: number, problemaId: number, fresh = false): Promise<SubmissionTarget> {
    this.feed.ensure();
    const keep = !fresh && this.caching;
    const generation = this.generation;
    const { db } = this.database;
    const cached = <T extends object>(table: LRUCache<number, T>, id: number): T | undefined => {
      const value = keep ? table.get(id) : undefined;
      if (value !== undefined) this.stats.hits += 1;
      return value;
    };
    const store = <T extends object>(
      table: LRUCache<number, T>,
      id: number,
      value: T | null,
    ): T | null => {
      this.stats.loads += 1;
      // Not kept if a change arrived while loading: the row read may predate it.
      if (keep && value !== null && generation === this.generation) table.set(id, value);
      return value;
    };
    const squadra =
      cached(this.squadre, squadraId) ??
      store(this.squadre, squadraId, await loadSquadraTarget(db, squadraId));
    const problema =
      cached(this.problemi, problemaId) ??
      store(this.problemi, problemaId, await loadProblema(db, problemaId));
    let evento: EventoWithAccess | null = null;
    if (squadra) {
      const id = squadra.row.eventoId;
      evento =
        cached(this.eventi, id) ?? store(this.eventi, id, await loadEventoWithAccess(db, id));
    }
    return { squadra, problema, evento };
  }

  /** The database said these copies are out of date. */
  forget(target: SubmissionTarget): void {
    this.generation += 1;
    if (target.squadra) this.squadre.delete(target.squadra.row.id);
    if (target.problema) this.problemi.delete(target.problema.id);
    if (target.evento) this.eventi.delete(target.evento.row.id);
  }

  async stop(): Promise<void> {
    this.feed.close();
    await this.ownFeed?.stop();
    this.clear();
  }

  /** How many rows are kept now (tests). */
  get size(): number {
    return this.squadre.size + this.problemi.size + this.eventi.size;
  }

  private clear(): void {
    this.generation += 1;
    this.squadre.clear();
    this.problemi.clear();
    this.eventi.clear();
  }

  private onChange(change: DbChange): void {
    this.stats.changes += 1;
    this.lastChange = change;
    this.generation += 1;
    if (change.table === '*') return this.clear();
    if (change.table === 'squadra') this.squadre.delete(change.id);
    else if (change.table === 'problema') this.problemi.delete(change.id);
    else if (change.table === 'evento') this.eventi.delete(change.id);
  }
}
