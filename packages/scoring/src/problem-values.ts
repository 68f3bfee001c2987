// The value of each problem over time (issue 29 §4), from the same resolved
// events and the same state machine as the ranking. Per shared/scoring.md a
// problem's value is `B + decay(pool_p, max(solvers_p - 1, 0), sm * Nref)`
// with `pool_p = M + (A * capped errors on p) / Nref`. It never moves with the
// clock alone: the "decay" is over the number of solvers, not over time. It
// moves when
// - a team answers p correctly (one more solver: the value falls),
// - a wrong answer on p counts towards the prize pool (a team's first H
//   errors on p: the value rises),
// - Nref changes, i.e. a team gets its first correct answer on any problem
//   while more than max(N / 2, 5) teams have one: every value moves.
// Jokers never move a value (they double a team's points on the problem);
// they are listed per problem instead.
import { toInstant } from './compute';
import type { LiveScoring } from './live';
import {
  JOKER,
  prepareSession,
  RIGHT,
  resolveEvents,
  type Resolved,
  type Session,
} from './session';
import { ScoreState, SET_JOKER, SOLVE } from './state';
import type { ScoringInput } from './types';

/**
 * Why a value moved: `corretta`, a correct answer to this problem; `errore`,
 * a wrong answer to it that raised the prize pool; `nref`, a team's first
 * correct answer (on another problem) that raised Nref.
 */
export type ValueCauseKind = 'corretta' | 'errore' | 'nref';

export interface ValueCause {
  tipo: ValueCauseKind;
  /** Team id. */
  squadra: number;
  /** Id of the event. */
  evento: number;
  /** Id of the problem the event was on (another problem for `nref`). */
  problema: number;
}

/** The value of a problem from instant `t` on, and what happened at `t`. */
export interface ValuePoint {
  /** Epoch ms. */
  t: number;
  valore: number;
  /** Empty for the first point (the value at `from`). */
  cause: ValueCause[];
}

/** A team's event on a problem: its solve or its joker choice. */
export interface TeamMoment {
  squadra: number;
  /** Epoch ms. */
  t: number;
}

export interface ProblemValueSeries {
  id: number;
  nome: string;
  /** Value after the last event (up to `at` when given): the value the ranking uses. */
  valore: number;
  /** Teams that solved it, in order of resolution. */
  risolutori: TeamMoment[];
  /** Teams that chose it as joker (jokers do not move its value). */
  jolly: TeamMoment[];
  /**
   * The value at `from`, then at each instant it changed or the problem was
   * solved (a first solve leaves the value as it is, but is a moment worth
   * showing). Between points the value stays the same.
   */
  punti: ValuePoint[];
}

export interface ProblemValues {
  /** Nref after the last event. */
  nref: number;
  problemi: ProblemValueSeries[];
}

export interface ProblemValueOptions {
  /** First point (default: the session start; earlier events are folded into it). */
  from?: number | string;
}

/** Per problem value series from events already resolved and sorted. */
export function problemValuesFromEvents(
  session: Session,
  events: readonly Resolved[],
  options: ProblemValueOptions = {},
): ProblemValues {
  const from = options.from === undefined ? session.inizio : toInstant(options.from, 'from');
  const state = new ScoreState(session);
  const P = state.nProblems;
  const problems = session.problems;
  const teamId = (ti: number) => session.teams[ti]!.id;
  const out: ProblemValueSeries[] = problems.map((p) => ({
    id: p.id,
    nome: p.nome,
    valore: 0,
    risolutori: [],
    jolly: [],
    punti: [],
  }));
  const apply = (e: Resolved, causes: ValueCause[][] | null) => {
    const nref = state.nref();
    const capped = state.cappedErrors[e.pi]!;
    e.effect = state.apply(e.ti, e.pi, e.kind, e.id);
    const squadra = teamId(e.ti);
    const cause = (tipo: ValueCauseKind): ValueCause => ({
      tipo,
      squadra,
      evento: e.id,
      problema: problems[e.pi]!.id,
    });
    if (e.effect === SET_JOKER) out[e.pi]!.jolly.push({ squadra, t: e.t });
    if (e.effect === SOLVE) out[e.pi]!.risolutori.push({ squadra, t: e.t });
    if (causes === null) return;
    if (e.effect === SOLVE) causes[e.pi]!.push(cause('corretta'));
    else if (e.kind !== JOKER && e.kind !== RIGHT && state.cappedErrors[e.pi]! > capped) {
      causes[e.pi]!.push(cause('errore'));
    }
    if (state.nref() !== nref) {
      for (let p = 0; p < P; p++) if (p !== e.pi) causes[p]!.push(cause('nref'));
    }
  };

  let i = 0;
  for (; i < events.length && events[i]!.t <= from; i++) apply(events[i]!, null);
  let values = state.values();
  out.forEach((s, p) => s.punti.push({ t: from, valore: values[p]!, cause: [] }));
  const causes: ValueCause[][] = problems.map(() => []);
  while (i < events.length) {
    // Events at the same instant form one step, as in the ranking at that instant.
    const time = events[i]!.t;
    for (; i < events.length && events[i]!.t === time; i++) apply(events[i]!, causes);
    const next = state.values();
    for (let p = 0; p < P; p++) {
      const list = causes[p]!;
      const solved = list.some((c) => c.tipo === 'corretta');
      if (next[p] !== values[p] || solved) {
        out[p]!.punti.push({ t: time, valore: next[p]!, cause: list });
      }
      causes[p] = [];
    }
    values = next;
  }
  out.forEach((s, p) => (s.valore = values[p]!));
  return { nref: state.nref(), problemi: out };
}

/**
 * The value of every problem over time from the ranking's input (`at` keeps
 * only the events with `d <= at`, as for the leaderboard).
 */
export function problemValueHistory(
  input: ScoringInput,
  options: ProblemValueOptions = {},
): ProblemValues {
  const session = prepareSession(input);
  const at = input.at === undefined ? null : toInstant(input.at, 'at');
  return problemValuesFromEvents(session, resolveEvents(session, input.eventi, at), options);
}

/**
 * The same from a live state (the page's engine), optionally as of `at`
 * (epoch ms; a replay). The live state's events are not touched.
 */
export function liveProblemValues(
  scoring: LiveScoring,
  at: number | null = null,
  options: ProblemValueOptions = {},
): ProblemValues {
  const events = resolveEvents(scoring.session, scoring.eventList(), at);
  return problemValuesFromEvents(scoring.session, events, options);
}

/** The value of a series at instant `t` (its first value before the first point). */
export function valueAt(series: Pick<ProblemValueSeries, 'punti'>, t: number): number {
  const punti = series.punti;
  let lo = 0;
  let hi = punti.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (punti[mid]!.t <= t) lo = mid + 1;
    else hi = mid;
  }
  return punti[Math.max(lo - 1, 0)]!.valore;
}
