// The live state of one session in the browser: the events, the @gas/scoring
// engine fed with them (the same code as the server), and the leaderboard the
// page shows. Feeds, fetches and timers live in LiveController; this class is
// plain TypeScript so the rules (out-of-order insert, deletions, re-check,
// reconciliation with the server's snapshot) are tested without a browser.
import { conta, type PunteggiJson } from '@gas/contracts';
import {
  LiveScoring,
  LiveScoringLoader,
  type ApplyResult,
  type Leaderboard,
  type ScoringEvent,
  type ScoringParams,
  type SessionSetup,
} from '@gas/scoring';
import { chunks, holes, MISSING_WARN_THRESHOLD, PK_IN_MAX } from './recheck';
import { reportError } from '../../../lib/reportError';

export interface LiveSessionDeps {
  /** Events with id greater than the given one (risposta-all id__gt). */
  fetchAfter(idGt: number): Promise<ScoringEvent[]>;
  /** Every event id of the session (risposta-all/pk_risposte/). */
  fetchIds(): Promise<number[]>;
  /** The events of the session among these ids (pk_risposte/?pk__in=, at most 1000). */
  fetchByIds(ids: number[]): Promise<ScoringEvent[]>;
  /** Server time, epoch ms. */
  now(): number;
  log?: Pick<Console, 'warn' | 'info'>;
}

/** An event as it arrived, for the live tile and the commentary history. */
export interface ArrivedEvent {
  event: ScoringEvent;
  /** Server time of arrival (for events loaded at start: their delivery time). */
  at: number;
  live: boolean;
}

export type RecheckResult =
  { kind: 'skipped' } | { kind: 'checked'; asked: number; found: number; removed: number };

/** How many recent events the store remembers (the history panel shows the first 40). */
export const RECENT_KEPT = 200;
export const INITIAL_HISTORY = 40;
/** Events checked per task while a session loads (about 10 ms each on a phone's CPU). */
export const LOAD_SLICE = 4000;

export class LiveSession {
  setup: SessionSetup;
  scoring: LiveScoring;
  /** The same events scored with custom parameters (standard-model path), or null. */
  custom: LiveScoring | null = null;
  customParams: Partial<ScoringParams> | null = null;
  /** Every current event, including those of teams the setup does not know yet. */
  private readonly events = new Map<number, ScoringEvent>();
  /** Ids confirmed not to be of this session (other sessions' answers), or deleted. */
  private readonly checked = new Set<number>();
  /**
   * Every id up to this one is accounted for: the initial load is the full
   * list, and anything committed during it arrives on the feed opened before.
   */
  private checkedThrough = 0;
  maxId = 0;
  /** Newest first. */
  recent: ArrivedEvent[] = [];
  /** Server time of the last change. */
  lastUpdate: number;
  version = 0;
  private board: Leaderboard | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly deps: LiveSessionDeps;

  /** `scoring`: the engine already fed with these events (`LiveSession.load`). */
  constructor(
    setup: SessionSetup,
    events: readonly ScoringEvent[],
    deps: LiveSessionDeps,
    scoring?: LiveScoring,
  ) {
    this.setup = setup;
    this.deps = deps;
    // The first event of an id wins, as in the engine (a page of answers
    // that grew meanwhile may repeat one).
    for (const e of events) if (!this.events.has(e.id)) this.remember(e);
    this.scoring = scoring ?? new LiveScoring(setup, [...this.events.values()]);
    this.checkedThrough = this.maxId;
    this.recent = newest(this.events.values(), INITIAL_HISTORY).map((event) => ({
      event,
      at: Date.parse(event.d),
      live: false,
    }));
    this.lastUpdate = deps.now();
  }

  /**
   * The same session, its engine fed in slices of `LOAD_SLICE` events with
   * `pause()` between them: in a browser a session of 40,000 answers was one
   * task of 350 ms on a phone's CPU, now tasks of a few tens of ms.
   */
  static async load(
    setup: SessionSetup,
    events: readonly ScoringEvent[],
    deps: LiveSessionDeps,
    pause: () => Promise<void>,
  ): Promise<LiveSession> {
    const loader = new LiveScoringLoader(setup);
    for (let from = 0; from < events.length; from += LOAD_SLICE) {
      loader.add(events.slice(from, from + LOAD_SLICE));
      await pause();
    }
    const scoring = loader.finish();
    await pause();
    return new LiveSession(setup, events, deps, scoring);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /**
   * The leaderboard shown (custom parameters when set), computed once per
   * change; its `new` flags are as of that moment (touch() refreshes them).
   */
  leaderboard(): Leaderboard {
    this.board ??= (this.custom ?? this.scoring).leaderboard(this.deps.now());
    return this.board;
  }

  get eventCount(): number {
    return this.events.size;
  }

  /** Every current event (unsorted). */
  allEvents(): ScoringEvent[] {
    return [...this.events.values()];
  }

  /** A live event (npe): applied in order, or inserted at its place when late. */
  applyLive(event: ScoringEvent): ApplyResult {
    const result = this.apply(event);
    if (result === 'applied' || result === 'inserted' || result === 'ignored') {
      this.recent.unshift({ event, at: this.deps.now(), live: true });
      if (this.recent.length > RECENT_KEPT) this.recent.length = RECENT_KEPT;
      this.changed();
    }
    return result;
  }

  /** Events fetched to fill a gap: applied without reaching the live tile. */
  applyFetched(events: readonly ScoringEvent[]): number {
    let count = 0;
    for (const e of events) {
      const r = this.apply(e);
      if (r === 'applied' || r === 'inserted' || r === 'ignored') count++;
    }
    if (count > 0) this.changed();
    return count;
  }

  /** A deleted answer (npe_delete): taken back, later events redone. */
  remove(id: number): boolean {
    const had = this.events.delete(id);
    this.checked.add(id);
    if (!had) return false;
    this.scoring.remove(id);
    this.custom?.remove(id);
    this.recent = this.recent.filter((r) => r.event.id !== id);
    this.changed();
    return true;
  }

  /** The events newer than `after` (by default the newest known): after the feed (re)opened. */
  async catchUp(after = this.maxId): Promise<number> {
    const events = await this.deps.fetchAfter(after);
    return this.applyFetched(events);
  }

  /**
   * The 5-minute check (spec §4): skipped when the known ids have no hole;
   * otherwise the server says which of the missing ids are of this session.
   * More than 5 found is warned about in the console.
   */
  async recheckMissing(): Promise<RecheckResult> {
    const missing = holes(new Set(this.events.keys()), this.checked, this.checkedThrough);
    if (missing.length === 0) return { kind: 'skipped' };
    if (missing.length > PK_IN_MAX) return this.fullCheck();
    const found = await this.deps.fetchByIds(missing);
    for (const id of missing) this.checked.add(id);
    const applied = this.applyFetched(found);
    this.warnMissing(applied);
    return { kind: 'checked', asked: missing.length, found: applied, removed: 0 };
  }

  /**
   * Full comparison with the server's id list: missing events fetched,
   * events deleted meanwhile removed (after a long disconnection, or when the
   * server's snapshot disagrees with ours).
   */
  async fullCheck(): Promise<RecheckResult> {
    const ids = await this.deps.fetchIds();
    const present = new Set(ids);
    let removed = 0;
    for (const id of [...this.events.keys()]) {
      if (!present.has(id) && this.remove(id)) removed++;
    }
    const missing = ids.filter((id) => !this.events.has(id));
    let found = 0;
    for (const part of chunks(missing))
      found += this.applyFetched(await this.deps.fetchByIds(part));
    // Every id up to the server's newest is now accounted for.
    const max = ids.length > 0 ? ids[ids.length - 1]! : 0;
    this.checkedThrough = Math.max(this.checkedThrough, max);
    for (const id of this.checked) if (id <= this.checkedThrough) this.checked.delete(id);
    this.warnMissing(found);
    return { kind: 'checked', asked: missing.length, found, removed };
  }

  /**
   * Compares a server snapshot (punteggi_last) with the local state. A changed
   * team list, start or problem list rebuilds the setup; 'mismatch' when the
   * totals or the event count differ (the caller re-syncs after a pause, as
   * frames in flight may explain it).
   */
  reconcile(json: PunteggiJson): 'ok' | 'rebuilt' | 'mismatch' {
    const setup = setupFromSnapshot(json, this.setup.params);
    if (!sameSetup(setup, this.setup)) {
      this.rebuild(setup);
      return 'rebuilt';
    }
    if (json.numero_eventi !== this.scoring.eventCount) return 'mismatch';
    const totals = new Map(this.scoring.ranking().map((r) => [r.id, r.totale]));
    for (const e of json.classifica) if (totals.get(e.id) !== e.totale) return 'mismatch';
    return 'ok';
  }

  /** New teams, problems, start or parameters: everything recomputed from the events. */
  rebuild(setup: SessionSetup): void {
    this.setup = setup;
    this.scoring = new LiveScoring(setup, [...this.events.values()]);
    if (this.customParams) this.setCustomParams(this.customParams, false);
    this.changed();
  }

  /** Standard-model path: recompute locally with other parameters (null: back to the real ones). */
  setCustomParams(params: Partial<ScoringParams> | null, notify = true): void {
    this.customParams = params;
    this.custom = params
      ? new LiveScoring({ ...this.setup, params }, [...this.events.values()])
      : null;
    if (notify) this.changed();
  }

  /** Forces a new leaderboard (the `new` flags age with time). */
  touch(): void {
    this.changed(false);
  }

  private apply(event: ScoringEvent): ApplyResult {
    if (this.events.has(event.id)) return 'duplicate';
    const result = this.scoring.apply(event);
    if (result === 'malformed' || result === 'duplicate') return result;
    this.remember(event);
    this.custom?.apply(event);
    return result;
  }

  private remember(event: ScoringEvent): void {
    this.events.set(event.id, event);
    this.checked.delete(event.id);
    if (event.id > this.maxId) this.maxId = event.id;
  }

  private warnMissing(found: number): void {
    if (found > MISSING_WARN_THRESHOLD) {
      const message = `${conta(found, 'risposta mancante recuperata', 'risposte mancanti recuperate')} dal server`;
      (this.deps.log ?? console).warn(`[GaS] punteggi: ${message}`);
      // The live feed lost them: worth a look by whoever runs the server (issue 16).
      reportError(new Error(message), 'punteggi: risposte mancanti');
    }
  }

  private changed(update = true): void {
    if (update) this.lastUpdate = this.deps.now();
    this.board = null;
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

/** The `count` newest events (by delivery time, then id), newest first, without sorting them all. */
export function newest(events: Iterable<ScoringEvent>, count: number): ScoringEvent[] {
  const newer = (a: ScoringEvent, b: ScoringEvent) => (a.d !== b.d ? a.d > b.d : a.id > b.id);
  const kept: ScoringEvent[] = [];
  if (count <= 0) return kept;
  for (const e of events) {
    if (kept.length === count && !newer(e, kept[count - 1]!)) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newer(e, kept[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    kept.splice(lo, 0, e);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

/** The engine setup of a session from its snapshot and the event's parameters. */
export function setupFromSnapshot(
  json: Pick<PunteggiJson, 'inizio' | 'problemi' | 'classifica'>,
  params: Partial<ScoringParams> | undefined,
): SessionSetup {
  return {
    params,
    inizio: json.inizio,
    problemi: json.problemi.map((p) => ({ id: p.id, nome: p.nome })),
    // Team order does not matter to the engine, but a stable one makes setups comparable.
    squadre: [...json.classifica]
      .sort((a, b) => a.id - b.id)
      .map((e) => ({
        id: e.id,
        nome: e.nome,
        ospite: e.ospite,
        ordine_eta: e.ordine_eta,
        penalita: e.penalita,
        scuola: e.scuola,
      })),
  };
}

function sameSetup(a: SessionSetup, b: SessionSetup): boolean {
  if (Date.parse(a.inizio) !== Date.parse(b.inizio)) return false;
  if (a.problemi.length !== b.problemi.length || a.squadre.length !== b.squadre.length) {
    return false;
  }
  for (let i = 0; i < a.problemi.length; i++) {
    const x = a.problemi[i]!;
    const y = b.problemi[i]!;
    if (x.id !== y.id || x.nome !== y.nome) return false;
  }
  for (let i = 0; i < a.squadre.length; i++) {
    const x = a.squadre[i]!;
    const y = b.squadre[i]!;
    if (
      x.id !== y.id ||
      x.nome !== y.nome ||
      (x.ospite ?? false) !== (y.ospite ?? false) ||
      (x.ordine_eta ?? 0) !== (y.ordine_eta ?? 0) ||
      (x.penalita ?? 0) !== (y.penalita ?? 0) ||
      (x.scuola ?? null) !== (y.scuola ?? null)
    ) {
      return false;
    }
  }
  return true;
}
