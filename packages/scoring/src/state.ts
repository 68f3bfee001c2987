// The score state of a session (spec §3 "Session score state") and the rules
// of shared/scoring.md "Applying events" and "Values and totals". Applying an
// event is O(1) and records what it did, so that undoing it (strictly in the
// reverse order of application) restores the previous state exactly.
import { JOKER, RIGHT, type Session } from './session';

/** What applying an event did. */
export const NO_EFFECT = 0;
export const SET_JOKER = 1;
export const ADD_ERROR = 2;
export const SOLVE = 3;

/** `floor(x * exp((-4 * r) / s))`, evaluated in this order (shared/scoring.md). */
export function decay(x: number, r: number, s: number): number {
  return Math.floor(x * Math.exp((-4 * r) / s));
}

export class ScoreState {
  readonly session: Session;
  /** Team and problem counts; cells are indexed `team * nProblems + problem`. */
  readonly nTeams: number;
  readonly nProblems: number;
  readonly solved: Uint8Array;
  readonly errors: Int32Array;
  /** Frozen speed bonus per cell. */
  readonly bonus: Float64Array;
  /** Id of the solving answer per cell (NaN when unsolved). */
  readonly solvingId: Float64Array;
  /** Joker problem index per team, -1 without. */
  readonly joker: Int32Array;
  readonly solvedCount: Int32Array;
  /** Effective events per team: a team is active when this is > 0. */
  readonly activity: Int32Array;
  /** Frozen completion bonus per team. */
  readonly fullBonus: Float64Array;
  /** Teams in the order they solved every problem. */
  readonly completed: number[] = [];
  /** Per problem, the teams in order of resolution. */
  readonly order: number[][];
  /** Per problem, the sum over teams of min(H, errors). */
  readonly cappedErrors: Int32Array;
  /** Teams with at least one correct answer. */
  teamsWithSolve = 0;
  /**
   * Per team, the total without the problem values: bonuses and errors (joker
   * doubling included), completion bonus, capital, minus the penalty. Kept up
   * to date by apply/undo, so totals cost one pass over the solves.
   */
  readonly base: Float64Array;
  /** Per team, bumped whenever one of its cells or its joker changes (lets views cache). */
  readonly teamVersion: Uint32Array;

  constructor(session: Session) {
    this.session = session;
    const T = (this.nTeams = session.teams.length);
    const P = (this.nProblems = session.problems.length);
    this.solved = new Uint8Array(T * P);
    this.errors = new Int32Array(T * P);
    this.bonus = new Float64Array(T * P);
    this.solvingId = new Float64Array(T * P).fill(NaN);
    this.joker = new Int32Array(T).fill(-1);
    this.solvedCount = new Int32Array(T);
    this.activity = new Int32Array(T);
    this.fullBonus = new Float64Array(T);
    this.order = Array.from({ length: P }, () => []);
    this.cappedErrors = new Int32Array(P);
    this.base = new Float64Array(T);
    this.teamVersion = new Uint32Array(T);
    const capital = session.capitalForAll ? session.params.PTI_TOLTI_ERRORE * P : 0;
    session.teams.forEach((team, t) => (this.base[t] = capital - team.penalita));
  }

  /** Counts an effective event; the first one of a team may bring its capital. */
  private activate(ti: number): void {
    this.teamVersion[ti]!++;
    if (this.activity[ti]!++ === 0 && !this.session.capitalForAll) {
      this.base[ti] = this.base[ti]! + this.session.params.PTI_TOLTI_ERRORE * this.nProblems;
    }
  }

  private deactivate(ti: number): void {
    this.teamVersion[ti]!++;
    if (--this.activity[ti]! === 0 && !this.session.capitalForAll) {
      this.base[ti] = this.base[ti]! - this.session.params.PTI_TOLTI_ERRORE * this.nProblems;
    }
  }

  /** The part of a cell's points that does not depend on the value, undoubled. */
  private cellBase(cell: number): number {
    return this.bonus[cell]! - this.session.params.PTI_TOLTI_ERRORE * this.errors[cell]!;
  }

  /** `max(teams with a correct answer, N / 2, 5)`, not rounded. */
  nref(): number {
    return Math.max(this.teamsWithSolve, this.nTeams / 2, 5);
  }

  /** Applies one event (kind JOKER, RIGHT or WRONG); returns its effect for `undo`. */
  apply(ti: number, pi: number, kind: number, id: number): number {
    const cell = ti * this.nProblems + pi;
    const base = this.base;
    if (kind === JOKER) {
      if (this.joker[ti] !== -1) return NO_EFFECT;
      this.joker[ti] = pi;
      base[ti] = base[ti]! + this.cellBase(cell);
      this.activate(ti);
      return SET_JOKER;
    }
    if (this.solved[cell] === 1) return NO_EFFECT;
    this.activate(ti);
    const mult = this.joker[ti] === pi ? 2 : 1;
    const params = this.session.params;
    if (kind !== RIGHT) {
      if (this.errors[cell]!++ < params.MAX_ERRORI_RAISE_MONTEPREMI) this.cappedErrors[pi]!++;
      base[ti] = base[ti]! - mult * params.PTI_TOLTI_ERRORE;
      return ADD_ERROR;
    }
    const V = params.BONUS_VELOCITA;
    const sv = params.SCALING_BONUS_VELOCITA;
    const solvers = this.order[pi]!;
    const r = solvers.length;
    solvers.push(ti);
    this.solved[cell] = 1;
    this.solvingId[cell] = id;
    if (this.solvedCount[ti]!++ === 0) this.teamsWithSolve++;
    const nref = this.nref();
    const bonus = decay(V, r, sv * Math.sqrt(4 * nref));
    this.bonus[cell] = bonus;
    base[ti] = base[ti]! + mult * bonus;
    if (this.solvedCount[ti] === this.nProblems) {
      const f = this.completed.length;
      this.completed.push(ti);
      const full = decay(V * this.nProblems, f, sv * Math.sqrt(2 * nref));
      this.fullBonus[ti] = full;
      base[ti] = base[ti]! + full;
    }
    return SOLVE;
  }

  /** Reverses `apply`; only valid for the most recently applied event still in effect. */
  undo(ti: number, pi: number, effect: number): void {
    if (effect === NO_EFFECT) return;
    const cell = ti * this.nProblems + pi;
    const base = this.base;
    this.deactivate(ti);
    if (effect === SET_JOKER) {
      base[ti] = base[ti]! - this.cellBase(cell);
      this.joker[ti] = -1;
      return;
    }
    const mult = this.joker[ti] === pi ? 2 : 1;
    if (effect === ADD_ERROR) {
      if (--this.errors[cell]! < this.session.params.MAX_ERRORI_RAISE_MONTEPREMI) {
        this.cappedErrors[pi]!--;
      }
      base[ti] = base[ti]! + mult * this.session.params.PTI_TOLTI_ERRORE;
      return;
    }
    if (this.solvedCount[ti] === this.nProblems) {
      this.completed.pop();
      base[ti] = base[ti]! - this.fullBonus[ti]!;
      this.fullBonus[ti] = 0;
    }
    if (--this.solvedCount[ti]! === 0) this.teamsWithSolve--;
    this.order[pi]!.pop();
    base[ti] = base[ti]! - mult * this.bonus[cell]!;
    this.solved[cell] = 0;
    this.solvingId[cell] = NaN;
    this.bonus[cell] = 0;
  }

  /** Current value of every problem. */
  values(out = new Float64Array(this.nProblems)): Float64Array {
    const { PTI_BASE_MONTEPREMI: M, ERRORE_PUNTEGGI_RAISE: A } = this.session.params;
    const { PUNTEGGIO_BASE_PROBLEMI: B, SCALING_BONUS_MONTEPREMI: sm } = this.session.params;
    const nref = this.nref();
    for (let p = 0; p < this.nProblems; p++) {
      const pool = M + (A * this.cappedErrors[p]!) / nref;
      out[p] = B + decay(pool, Math.max(this.order[p]!.length - 1, 0), sm * nref);
    }
    return out;
  }

  /** Points of team `ti` on problem `pi`, given the problem's current value. */
  points(ti: number, pi: number, value: number): number {
    const cell = ti * this.nProblems + pi;
    const pts =
      (this.solved[cell] === 1 ? value + this.bonus[cell]! : 0) -
      this.session.params.PTI_TOLTI_ERRORE * this.errors[cell]!;
    return this.joker[ti] === pi ? 2 * pts : pts;
  }

  /** Starting capital of a team at the current state. */
  capital(ti: number): number {
    const active = this.session.capitalForAll || this.activity[ti]! > 0;
    return active ? this.session.params.PTI_TOLTI_ERRORE * this.nProblems : 0;
  }

  /**
   * Total of one team for the given problem values, straight from the
   * definition (shared/scoring.md "Values and totals"): the reference that
   * `totals` is tested against.
   */
  teamTotal(ti: number, values: Float64Array): number {
    let sum = 0;
    for (let p = 0; p < this.nProblems; p++) sum += this.points(ti, p, values[p]!);
    return sum + this.fullBonus[ti]! + this.capital(ti) - this.session.teams[ti]!.penalita;
  }

  /** Points of the team's joker problem (the second ranking key), 0 without a joker. */
  jokerPoints(ti: number, values: Float64Array): number {
    const jp = this.joker[ti]!;
    return jp >= 0 ? this.points(ti, jp, values[jp]!) : 0;
  }

  /**
   * Totals of all teams (and, if given, their joker-problem points): `base`
   * plus the value of each solved problem, twice for the joker. Sums of
   * integers, so exact in any order.
   */
  totals(values: Float64Array, out: Float64Array, jokerPoints?: Float64Array): Float64Array {
    out.set(this.base);
    for (let p = 0; p < this.nProblems; p++) {
      const v = values[p]!;
      for (const t of this.order[p]!) out[t] = out[t]! + v;
    }
    for (let t = 0; t < this.nTeams; t++) {
      const jp = this.joker[t]!;
      if (jp < 0) {
        if (jokerPoints) jokerPoints[t] = 0;
        continue;
      }
      if (this.solved[t * this.nProblems + jp] === 1) out[t] = out[t]! + values[jp]!;
      if (jokerPoints) jokerPoints[t] = this.points(t, jp, values[jp]!);
    }
    return out;
  }
}
