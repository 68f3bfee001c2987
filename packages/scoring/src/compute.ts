// One-shot evaluation: the library twin of the CLI.
import { Ranker } from './leaderboard';
import { NEW_WINDOW_MS } from './params';
import { prepareSession, resolveEvents, type Resolved, type Session } from './session';
import { NO_EFFECT, ScoreState } from './state';
import { parseInstant } from './time';
import type { Leaderboard, ScoringInput } from './types';

export interface ComputeOptions {
  /**
   * Flag as `new` the cells with an effective event in the 180 s up to this
   * time (epoch ms or ISO 8601). Defaults to `at` when given, else no flags.
   */
  now?: number | string;
}

/** Applies sorted events to a fresh state; each event's `effect` is recorded. */
export function replay(session: Session, events: readonly Resolved[]): ScoreState {
  const state = new ScoreState(session);
  for (const e of events) e.effect = state.apply(e.ti, e.pi, e.kind, e.id);
  return state;
}

/** Cells (team × problem) of the effective events with `d > now - 180 s`; `events` sorted. */
export function freshCells(
  state: ScoreState,
  events: readonly Resolved[],
  now: number | null,
): number[] | null {
  if (now === null) return null;
  const cells: number[] = [];
  // Every event of the state from 180 s before `now` on is new, including those
  // stamped slightly after `now`: a viewer's clock estimate may lag the
  // server's by a few milliseconds, and the answer that just arrived is the
  // newest of all. Events are sorted: walk back from the last one.
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.t <= now - NEW_WINDOW_MS) break;
    if (e.effect !== NO_EFFECT) cells.push(e.ti * state.nProblems + e.pi);
  }
  return cells;
}

/** Epoch ms from a number or an ISO string; throws a RangeError when invalid. */
export function toInstant(value: number | string, what: string): number {
  const t = typeof value === 'number' ? value : parseInstant(value);
  if (t === null || !Number.isFinite(t)) throw new RangeError(`${what}: not a valid time`);
  return t;
}

/**
 * The leaderboard of a session, exactly as the CLI prints it (plus extra
 * fields). Throws a RangeError on bad dates or duplicate team/problem ids;
 * use `validateInput` first for friendly messages.
 */
export function computeLeaderboard(input: ScoringInput, options: ComputeOptions = {}): Leaderboard {
  const session = prepareSession(input);
  const at = input.at === undefined ? null : toInstant(input.at, 'at');
  const events = resolveEvents(session, input.eventi, at);
  const state = replay(session, events);
  const now = options.now !== undefined ? toInstant(options.now, 'now') : at;
  return new Ranker(state).leaderboard(freshCells(state, events, now));
}
