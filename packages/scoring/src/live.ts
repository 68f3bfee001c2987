// The live state machine (spec §3, §4): events applied in date order; a late
// event is inserted at its place by undoing the later events and redoing them
// (the CMS-ranking approach), and so is the removal of a deleted answer.
import { freshCells, replay, toInstant } from './compute';
import { type HistoryOptions, sampledHistory, type ScoreHistory } from './history';
import { Ranker, type RankRow } from './leaderboard';
import {
  compareResolved,
  prepareSession,
  resolveEvent,
  type Resolved,
  type Session,
} from './session';
import { snapshotOf, type ScoreSnapshot } from './snapshot';
import { ScoreState } from './state';
import type { Leaderboard, ScoringEvent, SessionSetup } from './types';
import { isScoringEvent } from './validate-event';

/**
 * - `applied`: appended in order; `inserted`: late, placed by undo/redo;
 * - `duplicate`: an event with this id is already known (nothing changes);
 * - `ignored`: unknown team or problem (remembered, so its id stays taken);
 * - `malformed`: not a well-formed event (spec §5), dropped.
 */
export type ApplyResult = 'applied' | 'inserted' | 'duplicate' | 'ignored' | 'malformed';

export class LiveScoring {
  readonly session: Session;
  private readonly state: ScoreState;
  private readonly ranker: Ranker;
  /** Effective events (known team and problem), sorted by time then id. */
  private readonly events: Resolved[] = [];
  /** Every id seen; null for the ignored ones. */
  private readonly byId = new Map<number, Resolved | null>();

  /**
   * The state after `events` (any order; malformed ones dropped, the first of
   * an id kept). A loader instead of a setup takes the events it was given
   * in slices (`LiveScoringLoader`).
   */
  constructor(setup: SessionSetup | LiveScoringLoader, events: readonly ScoringEvent[] = []) {
    const loader = setup instanceof LiveScoringLoader ? setup : new LiveScoringLoader(setup);
    loader.add(events);
    const { session, byId, resolved } = loader.take();
    resolved.sort(compareResolved);
    this.session = session;
    this.byId = byId;
    this.state = replay(session, resolved);
    this.events = resolved;
    this.ranker = new Ranker(this.state);
  }

  /** Applies one event (idempotent on its id). */
  apply(event: ScoringEvent): ApplyResult {
    if (!isScoringEvent(event)) return 'malformed';
    if (this.byId.has(event.id)) return 'duplicate';
    const r = resolveEvent(this.session, event);
    this.byId.set(event.id, r);
    if (r === null) return 'ignored';
    const events = this.events;
    const last = events[events.length - 1];
    if (last === undefined || compareResolved(last, r) < 0) {
      r.effect = this.state.apply(r.ti, r.pi, r.kind, r.id);
      events.push(r);
      return 'applied';
    }
    const at = this.insertionIndex(r);
    this.rewind(at);
    events.splice(at, 0, r);
    this.redo(at);
    return 'inserted';
  }

  /** Removes an event by id (a deleted answer); false when unknown. */
  remove(id: number): boolean {
    const r = this.byId.get(id);
    if (r === undefined) return false;
    this.byId.delete(id);
    if (r === null) return true;
    const at = this.insertionIndex(r);
    this.rewind(at);
    this.events.splice(at, 1);
    this.redo(at);
    return true;
  }

  /** Undoes the latest event (in event order) and forgets it; returns it. */
  undo(): ScoringEvent | undefined {
    const r = this.events.pop();
    if (r === undefined) return undefined;
    this.state.undo(r.ti, r.pi, r.effect);
    this.byId.delete(r.id);
    return r.event;
  }

  /** The leaderboard; cells with an effective event in the 180 s before `now` are `new`. */
  leaderboard(now?: number | string): Leaderboard {
    const t = now === undefined ? null : toInstant(now, 'now');
    return this.ranker.leaderboard(freshCells(this.state, this.events, t));
  }

  /** Re-ranks without building the per-problem detail: rows in order, with totals and positions. */
  ranking(): RankRow[] {
    return this.ranker.rank().map((row) => ({ ...row }));
  }

  /** The session score state of spec §3. */
  snapshot(): ScoreSnapshot {
    return snapshotOf(this.state);
  }

  /** Every team's total over time (see `scoreHistory`). */
  history(options: HistoryOptions = {}): ScoreHistory {
    return sampledHistory(this.session, this.events, options);
  }

  /** The effective events, in event order. */
  eventList(): ScoringEvent[] {
    return this.events.map((r) => r.event);
  }

  get eventCount(): number {
    return this.events.length;
  }

  /** Index of the first event after `r` (or of `r` itself when present). */
  private insertionIndex(r: Resolved): number {
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareResolved(this.events[mid]!, r) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Undoes the events from the last one down to index `from`. */
  private rewind(from: number): void {
    for (let i = this.events.length - 1; i >= from; i--) {
      const e = this.events[i]!;
      this.state.undo(e.ti, e.pi, e.effect);
    }
  }

  /** Re-applies the events from index `from` on. */
  private redo(from: number): void {
    for (let i = from; i < this.events.length; i++) {
      const e = this.events[i]!;
      e.effect = this.state.apply(e.ti, e.pi, e.kind, e.id);
    }
  }
}

/**
 * A `LiveScoring` built from many events in slices, so that a browser can
 * yield between them: on a session of 40,000 answers checking and placing
 * them is a task of 100 ms on a phone's CPU. `add` as often as needed, then
 * `finish` sorts and replays them once (the same state as the constructor's).
 */
export class LiveScoringLoader {
  private readonly session: Session;
  private readonly byId = new Map<number, Resolved | null>();
  private readonly resolved: Resolved[] = [];
  private taken = false;

  constructor(setup: SessionSetup) {
    this.session = prepareSession(setup);
  }

  /** Checks and places these events (malformed ones dropped, the first of an id kept). */
  add(events: readonly ScoringEvent[]): this {
    if (this.taken) throw new Error('LiveScoringLoader: already finished');
    for (const e of events) {
      if (!isScoringEvent(e) || this.byId.has(e.id)) continue;
      const r = resolveEvent(this.session, e);
      this.byId.set(e.id, r);
      if (r) this.resolved.push(r);
    }
    return this;
  }

  finish(): LiveScoring {
    return new LiveScoring(this);
  }

  /** @internal What the live state is built from; once (the state then owns it). */
  take(): { session: Session; byId: Map<number, Resolved | null>; resolved: Resolved[] } {
    if (this.taken) throw new Error('LiveScoringLoader: already finished');
    this.taken = true;
    return { session: this.session, byId: this.byId, resolved: this.resolved };
  }
}
