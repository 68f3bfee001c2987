// Every team's total over time (`classifica_tempo`), for all teams: sampled at
// a fixed step for charts and replay, or exactly at the times a total changes.
// Both replay the events once; totals at a sample are the state's totals with
// the events delivered up to that instant.
import { toInstant } from './compute';
import { prepareSession, resolveEvents, type Resolved, type Session } from './session';
import { ScoreState } from './state';
import type { Leaderboard, ScoreSeries, ScoringInput } from './types';

export interface HistoryOptions {
  /** Sampling step in ms (default 60,000). */
  stepMs?: number;
  /** First sample (default: the session start). */
  from?: number | string;
  /** Last sample (default: `at` when given, else the last event, at least `from`). */
  to?: number | string;
}

export interface ScoreHistory {
  /** Sample times, epoch ms: `from`, `from + step`, ..., and `to`. */
  tempi: number[];
  /** One series per team, in the session's team order; `punteggi[k]` is the total at `tempi[k]`. */
  squadre: { id: number; punteggi: number[] }[];
}

/** Per team, the total at the start and at each instant it changed. */
export type ChangePoints = ({ id: number } & ScoreSeries)[];

const MAX_SAMPLES = 1_000_000;

function sampleTimes(session: Session, events: readonly Resolved[], o: HistoryOptions): number[] {
  const step = o.stepMs ?? 60_000;
  if (!(step > 0) || !Number.isFinite(step)) throw new RangeError('stepMs must be > 0');
  const from = o.from === undefined ? session.inizio : toInstant(o.from, 'from');
  const lastEvent = events.length > 0 ? events[events.length - 1]!.t : from;
  const to = o.to === undefined ? Math.max(from, lastEvent) : toInstant(o.to, 'to');
  if (to < from) throw new RangeError('to must not precede from');
  if ((to - from) / step > MAX_SAMPLES) throw new RangeError('too many samples');
  const tempi: number[] = [];
  for (let k = 0; from + k * step < to; k++) tempi.push(from + k * step);
  tempi.push(to);
  return tempi;
}

/** Sampled history from events already resolved and sorted. */
export function sampledHistory(
  session: Session,
  events: readonly Resolved[],
  options: HistoryOptions = {},
): ScoreHistory {
  const tempi = sampleTimes(session, events, options);
  const state = new ScoreState(session);
  const values = new Float64Array(state.nProblems);
  const totals = new Float64Array(state.nTeams);
  const series = session.teams.map(() => new Array<number>(tempi.length));
  let next = 0;
  tempi.forEach((time, k) => {
    for (; next < events.length && events[next]!.t <= time; next++) {
      const e = events[next]!;
      state.apply(e.ti, e.pi, e.kind, e.id);
    }
    state.totals(state.values(values), totals);
    for (let t = 0; t < totals.length; t++) series[t]![k] = totals[t]!;
  });
  return { tempi, squadre: session.teams.map((t, i) => ({ id: t.id, punteggi: series[i]! })) };
}

/**
 * Exact history from resolved, sorted events: a first point at `from`
 * (default the session start, covering earlier events too), then a point at
 * each event time where the team's total changed. A solve changes the value of
 * its problem for every solver, so totals are kept up to date with deltas;
 * only a change of Nref (which moves every value) costs a full recompute.
 */
export function exactHistory(
  session: Session,
  events: readonly Resolved[],
  from: number = session.inizio,
): ChangePoints {
  const state = new ScoreState(session);
  const T = state.nTeams;
  const out: ChangePoints = session.teams.map((t) => ({ id: t.id, tempi: [], punteggi: [] }));
  let i = 0;
  for (; i < events.length && events[i]!.t <= from; i++) {
    const e = events[i]!;
    state.apply(e.ti, e.pi, e.kind, e.id);
  }
  let values = state.values();
  const totals = state.totals(values, new Float64Array(T));
  out.forEach((s, t) => {
    s.tempi.push(from);
    s.punteggi.push(totals[t]!);
  });
  let nref = state.nref();
  const touched: number[] = [];
  const dirty = new Uint8Array(T);
  while (i < events.length) {
    const time = events[i]!.t;
    for (; i < events.length && events[i]!.t === time; i++) {
      const e = events[i]!;
      state.apply(e.ti, e.pi, e.kind, e.id);
      touched.push(e.ti);
    }
    const newValues = state.values();
    if (state.nref() !== nref) {
      nref = state.nref();
      state.totals(newValues, totals);
      dirty.fill(1);
    } else {
      for (let p = 0; p < state.nProblems; p++) {
        const delta = newValues[p]! - values[p]!;
        if (delta === 0) continue;
        for (const t of state.order[p]!) {
          totals[t] = totals[t]! + (state.joker[t] === p ? 2 * delta : delta);
          dirty[t] = 1;
        }
      }
      for (const t of touched) totals[t] = state.teamTotal(t, newValues);
    }
    for (const t of touched) dirty[t] = 1;
    touched.length = 0;
    values = newValues;
    for (let t = 0; t < T; t++) {
      if (dirty[t] === 0) continue;
      dirty[t] = 0;
      const s = out[t]!;
      if (s.punteggi[s.punteggi.length - 1] !== totals[t]) {
        s.tempi.push(time);
        s.punteggi.push(totals[t]!);
      }
    }
  }
  return out;
}

function prepare(input: ScoringInput) {
  const session = prepareSession(input);
  const at = input.at === undefined ? null : toInstant(input.at, 'at');
  return { session, at, events: resolveEvents(session, input.eventi, at) };
}

/** Every team's total sampled every `stepMs` (default one minute). */
export function scoreHistory(input: ScoringInput, options: HistoryOptions = {}): ScoreHistory {
  const { session, at, events } = prepare(input);
  return sampledHistory(session, events, at === null ? options : { to: at, ...options });
}

/** Every team's total at the start and at each instant it changed (exact change points). */
export function scoreChangePoints(input: ScoringInput): ChangePoints {
  const { session, events } = prepare(input);
  return exactHistory(session, events);
}

/** Copies of the entries with their `classifica_tempo` from a sampled history. */
export function withHistory(board: Leaderboard, history: ScoreHistory): Leaderboard {
  const byId = new Map(history.squadre.map((s) => [s.id, s.punteggi]));
  return {
    ...board,
    classifica: board.classifica.map((e) => {
      const punteggi = byId.get(e.id);
      return punteggi ? { ...e, classifica_tempo: { tempi: history.tempi, punteggi } } : e;
    }),
  };
}
