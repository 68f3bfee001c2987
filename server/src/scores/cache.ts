// The score snapshots of each session, cached in memory per app instance
// (built by the composition root, services.ts, and handed to the routes and
// the live feeds that need it):
//
//   await snapshots.get(id)    // cached or rebuilt; null = no such session
//   snapshots.applica(m)       // each committed change (gara/modifiche.ts)
//   await snapshots.clear(id)  // admin 'delete_cache'
//
// An answer does not rebuild: each entry keeps the session's scoring
// (stato.ts), the change stream's answers, jokers and deletions are applied
// to it, and the snapshot is made again from it when next read. Anything else
// (teams, problems, times, a change from another instance) drops the entry.
// Nor does an answer undo a build or a check under way: it is applied to the
// build's scoring when the build ends (which skips what the build's read
// already saw). Before, each answer threw the build under way away; with
// answers coming faster than a 40,000-answer session is read (a loaded
// instance, a cold one, the entry's three-minute renewal), no build was ever
// kept and every reader started another (docs/performance.md, the storm).
//
// Why memory and not the punteggi_cache table: a rebuild from the answers
// takes milliseconds, while writing a JSON blob per change would add a write to
// every submission. The rebuild is deterministic (same rows and same `ora`,
// same JSON), so a restart loses nothing. clear() still empties the table, so
// snapshots stored there by an import or an older version go too.
//
// Staleness is bounded two ways: the change stream reaches applica() after
// each commit (the cross-instance bridge invalidates too for a remote
// npe/npe_delete, and keeps snapshot_invalidated local); and an entry is
// re-checked at most every `freshnessMs` against a fingerprint of everything
// it was built from (answers, teams, problems, parameters; kept up to date
// with each answer applied), which also catches edits that did not come
// through the stream.
import type { ModificaGara } from '@gas/contracts';
import { NEW_WINDOW_MS } from '@gas/scoring';
import type { Database, DbOrTx } from '../db/client';
import { LRUCache } from 'lru-cache';
import { buildSnapshot, type SessionData, type SessioneSnapshot } from './build';
import { deleteStoredSnapshots, loadSessionData, sessionFingerprint } from './queries';
import { StatoSessione, type ModificaRisposta } from './stato';

/** Where the cache tells that a session's scores changed (the live bus). */
export type SnapshotPublisher = {
  publish(message: { type: 'snapshot_invalidated' | 'snapshot_cleared'; sessioneId: number }): void;
};

type Entry = {
  value: SessioneSnapshot;
  /** Clock time of the last successful fingerprint check (or build). */
  checkedAt: number;
  /** The session's scoring, to which each answer is applied (null: rebuilt after each). */
  stato: StatoSessione | null;
  /** An answer was applied to `stato` since `value` was made. */
  superato: boolean;
};

export type SnapshotLoader = (db: DbOrTx, sessioneId: number) => Promise<SessionData | null>;

export type SnapshotCacheOptions = {
  /** How long an entry is trusted without a fingerprint check (default 2 s). */
  freshnessMs?: number;
  /** Rebuilt after this age anyway, so that `new` flags age (default 180 s). */
  maxAgeMs?: number;
  now?: () => number;
  /** Loads a session (default loadSessionData; tests count or delay loads). */
  load?: SnapshotLoader;
};

export class SnapshotCache {
  /** Each snapshot until it is maxAgeMs old (then rebuilt, so that `new` flags age). */
  private readonly entries: LRUCache<number, Entry>;
  /** The build or check under way for a session, shared by concurrent readers. */
  private readonly inflight = new Map<number, Promise<SessioneSnapshot | null>>();
  private readonly generations = new Map<number, number>();
  /** The answers committed while a build or check of the session was under way, in order. */
  private readonly arrivate = new Map<number, ModificaRisposta[]>();
  private readonly freshnessMs: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly load: SnapshotLoader;
  /** Full rebuilds done (tests and metrics). */
  builds = 0;
  /** Answers, jokers and deletions applied to a kept scoring, without a rebuild. */
  applicate = 0;

  constructor(
    private readonly database: Database,
    private readonly live: SnapshotPublisher | null,
    options: SnapshotCacheOptions = {},
  ) {
    this.freshnessMs = options.freshnessMs ?? 2000;
    this.maxAgeMs = options.maxAgeMs ?? NEW_WINDOW_MS;
    this.now = options.now ?? Date.now;
    this.load = options.load ?? loadSessionData;
    this.entries = new LRUCache({
      max: 10_000,
      ttl: this.maxAgeMs,
      perf: { now: this.now },
      // The clock read on every get: tests drive it by hand.
      ttlResolution: 0,
    });
  }

  /** Reads served from memory (hits, a rebuild under way included) and rebuilt (misses). */
  readonly stats = { hits: 0, misses: 0 };

  /** The session's snapshot, cached or rebuilt; null when the session does not exist. */
  get(sessioneId: number): Promise<SessioneSnapshot | null> {
    const entry = this.entries.get(sessioneId);
    if (entry?.superato) this.aggiorna(sessioneId, entry);
    if (entry && this.now() - entry.checkedAt < this.freshnessMs) {
      this.stats.hits += 1;
      return Promise.resolve(entry.value);
    }
    const running = this.inflight.get(sessioneId);
    if (running) {
      this.stats.hits += 1;
      return running;
    }
    this.stats.misses += 1;
    const generation = this.generation(sessioneId);
    const inflight = this.refresh(sessioneId, entry, generation).finally(() => {
      if (this.inflight.get(sessioneId) === inflight) this.inflight.delete(sessioneId);
    });
    this.inflight.set(sessioneId, inflight);
    return inflight;
  }

  /**
   * The change stream's subscriber. An answer, joker or deletion is applied to
   * the session's kept scoring when it can be; any other change, or one that
   * cannot be applied, makes the session's snapshot stale (rebuilt when read).
   */
  applica(modifica: ModificaGara): void {
    if (modifica.tipo === 'consegna' || modifica.tipo === 'consegna_eliminata') {
      if (this.applicaRisposta(modifica)) return;
    }
    for (const id of sessioniToccate(modifica)) this.invalidate(id);
  }

  private applicaRisposta(modifica: ModificaRisposta): boolean {
    const sessioneId = modifica.sessione;
    const entry = this.entries.peek(sessioneId);
    const inCorso = this.inflight.has(sessioneId);
    if (entry?.stato) {
      if (!entry.stato.applica(modifica)) return false;
      this.applicate += 1;
      entry.superato = true;
    } else if (entry || !inCorso) {
      // An entry without a scoring, or none and nothing under way: rebuilt when read.
      return false;
    }
    // A build or check under way may have read the database before this commit.
    if (inCorso) {
      const arrivate = this.arrivate.get(sessioneId) ?? [];
      arrivate.push(modifica);
      this.arrivate.set(sessioneId, arrivate);
    }
    this.live?.publish({ type: 'snapshot_invalidated', sessioneId });
    return true;
  }

  /** The entry's snapshot made again from its scoring, which answers have moved on. */
  private aggiorna(sessioneId: number, entry: Entry): void {
    entry.value = entry.stato!.snapshot(new Date(this.now()));
    entry.superato = false;
    this.keep(sessioneId, entry);
  }

  /**
   * After a commit that changed the session's answers or jokers: drops the
   * entry and publishes `snapshot_invalidated` (a live feed rebuilds on it).
   */
  invalidate(sessioneId: number): void {
    this.drop(sessioneId);
    this.live?.publish({ type: 'snapshot_invalidated', sessioneId });
  }

  /** 'delete_cache': forgets the entry and the session's stored snapshots. */
  async clear(sessioneId: number): Promise<void> {
    this.drop(sessioneId);
    await deleteStoredSnapshots(this.database.db, sessioneId);
    // Here and, through the bridge, on the other instances.
    this.live?.publish({ type: 'snapshot_cleared', sessioneId });
  }

  private drop(sessioneId: number): void {
    // A build already running started before this change: its result must not be kept.
    this.generations.set(sessioneId, this.generation(sessioneId) + 1);
    this.entries.delete(sessioneId);
    this.inflight.delete(sessioneId);
    this.arrivate.delete(sessioneId);
  }

  private generation(sessioneId: number): number {
    return this.generations.get(sessioneId) ?? 0;
  }

  private async refresh(
    sessioneId: number,
    previous: Entry | undefined,
    generation: number,
  ): Promise<SessioneSnapshot | null> {
    const started = this.now();
    const current = () => this.generation(sessioneId) === generation;
    if (previous && started - previous.value.ora.getTime() < this.maxAgeMs) {
      const atteso = previous.value.fingerprint;
      const fingerprint = await sessionFingerprint(this.database.db, sessioneId);
      if (fingerprint === atteso) {
        if (!current()) return previous.value;
        // The answers since came through the stream: the entry stays trusted,
        // with them (already applied to it, or applied now if it had expired).
        const arrivate = this.arrivate.get(sessioneId)?.length ?? 0;
        const entry = {
          ...previous,
          checkedAt: started,
          superato: previous.superato || arrivate > 0,
        };
        if (this.conArrivate(sessioneId, entry.stato)) this.keep(sessioneId, entry);
        else this.entries.delete(sessioneId);
        return previous.value;
      }
    }
    const data = await this.load(this.database.db, sessioneId);
    this.builds += 1;
    if (data === null) {
      if (current()) this.entries.delete(sessioneId);
      return null;
    }
    const stato = StatoSessione.da(data);
    const ora = new Date(started);
    const value = stato ? stato.snapshot(ora) : buildSnapshot(data, ora);
    if (!current()) return value;
    const arrivate = this.arrivate.get(sessioneId)?.length ?? 0;
    if (!this.conArrivate(sessioneId, stato)) {
      this.entries.delete(sessioneId);
      return value;
    }
    const entry: Entry = { value, checkedAt: started, stato, superato: arrivate > 0 };
    // Its readers get the session with the answers that came meanwhile.
    if (entry.superato) this.aggiorna(sessioneId, entry);
    else this.keep(sessioneId, entry);
    return entry.value;
  }

  /**
   * Applies to a build's or check's scoring the answers committed while it
   * ran, and forgets them; false when one cannot be applied exactly (or the
   * build has no scoring): then nothing is kept, the next reader rebuilds.
   */
  private conArrivate(sessioneId: number, stato: StatoSessione | null): boolean {
    const arrivate = this.arrivate.get(sessioneId) ?? [];
    this.arrivate.delete(sessioneId);
    if (arrivate.length === 0) return true;
    if (!stato) return false;
    return arrivate.every((modifica) => stato.applica(modifica));
  }

  private keep(sessioneId: number, entry: Entry): void {
    // Kept until the snapshot is maxAgeMs old (then rebuilt, so that `new` flags age).
    const ttl = entry.value.ora.getTime() + this.maxAgeMs - this.now();
    if (ttl > 0) this.entries.set(sessioneId, entry, { ttl });
    else this.entries.delete(sessioneId);
  }
}

/** The sessions whose snapshot a committed change makes stale. */
export function sessioniToccate(modifica: ModificaGara): readonly number[] {
  switch (modifica.tipo) {
    case 'consegna':
    case 'consegna_eliminata':
      return [modifica.sessione];
    case 'classifiche_da_ricalcolare':
    case 'evento_modificato':
      // Times, names, problems and teams are all in the snapshot.
      return modifica.sessioni;
    case 'messaggio':
    case 'messaggio_eliminato':
    case 'ricarica_richiesta':
    case 'accesso_modificato':
    case 'proclamazione':
      return [];
  }
}
