// Turns a score state into the leaderboard of the CLI contract.
import { assignPositions, compareRanking, type RankKey } from './ranking';
import type { ScoreState } from './state';
import type { Leaderboard, LeaderboardEntry } from './types';

/** One team's ranking keys, kept between re-rankings. */
export interface RankRow extends RankKey {
  /** Team index. */
  ti: number;
  posizione: number | null;
}

/**
 * Ranks a state's teams and builds leaderboards. Live, it is called after
 * every event, so it reuses what did not change: the previous order (the
 * engine's merge sort handles an almost sorted array in about linear time)
 * and each team's per-problem arrays, rebuilt only when the team's cells
 * changed or the value of a problem it solved moved.
 */
export class Ranker {
  private readonly state: ScoreState;
  private readonly ordered: RankRow[];
  private readonly totals: Float64Array;
  private readonly jokerPoints: Float64Array;
  /** Per team: frozen arrays of the last leaderboard, and the teamVersion they reflect. */
  private readonly cachedPoints: (readonly number[] | undefined)[];
  private readonly cachedSolved: (readonly boolean[] | undefined)[];
  private readonly cachedVersion: Uint32Array;
  /** Problem values of the last leaderboard. */
  private lastValues: Float64Array | null = null;
  /** Teams whose points must be rebuilt because a value they depend on moved. */
  private readonly stale: Uint8Array;
  /** The `new` array of a team without new cells. */
  private readonly noneNew: readonly boolean[];

  constructor(state: ScoreState) {
    this.state = state;
    const T = state.nTeams;
    this.ordered = state.session.teams.map((t, ti) => ({
      ti,
      id: t.id,
      nome: t.nome,
      ospite: t.ospite,
      ordine_eta: t.ordine_eta,
      totale: 0,
      punti_jolly: 0,
      posizione: null,
    }));
    this.totals = new Float64Array(T);
    this.jokerPoints = new Float64Array(T);
    this.cachedPoints = new Array<readonly number[] | undefined>(T);
    this.cachedSolved = new Array<readonly boolean[] | undefined>(T);
    this.cachedVersion = new Uint32Array(T);
    this.stale = new Uint8Array(T);
    this.noneNew = Object.freeze(new Array<boolean>(state.nProblems).fill(false));
  }

  /** Totals, order and positions only (no per-problem detail). */
  rank(values = this.state.values()): readonly RankRow[] {
    this.state.totals(values, this.totals, this.jokerPoints);
    for (const row of this.ordered) {
      row.totale = this.totals[row.ti]!;
      row.punti_jolly = this.jokerPoints[row.ti]!;
    }
    this.ordered.sort(compareRanking);
    assignPositions(this.ordered);
    return this.ordered;
  }

  /**
   * The full leaderboard; `freshCells` (team × problem cell indices) are
   * flagged in the entries' `new` arrays. The per-problem arrays are frozen
   * and shared with later leaderboards while they do not change.
   */
  leaderboard(freshCells: readonly number[] | null = null): Leaderboard {
    const state = this.state;
    const values = state.values();
    const rows = this.rank(values);
    this.markStale(values);
    const newFlags = this.newFlags(freshCells);
    const { teams, problems } = state.session;
    const classifica = new Array<LeaderboardEntry>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      const ti = row.ti;
      const team = teams[ti]!;
      if (this.stale[ti] === 1 || this.cachedVersion[ti] !== state.teamVersion[ti]) {
        this.rebuild(ti, values);
      }
      const jp = state.joker[ti]!;
      classifica[i] = {
        posizione: row.posizione,
        id: team.id,
        nome: team.nome,
        ospite: team.ospite,
        totale: row.totale,
        punti_parziali: this.cachedPoints[ti]!,
        jolly: jp >= 0 ? problems[jp]!.id : null,
        solved: this.cachedSolved[ti]!,
        new: newFlags.get(ti) ?? this.noneNew,
        scuola: team.scuola,
        ordine_eta: team.ordine_eta,
        penalita: team.penalita,
        punti_jolly: row.punti_jolly,
      };
    }
    return { classifica, valori: Array.from(values) };
  }

  /** Flags the solvers of every problem whose value changed since the last leaderboard. */
  private markStale(values: Float64Array): void {
    const last = this.lastValues;
    if (last === null) {
      this.stale.fill(1);
    } else {
      for (let p = 0; p < values.length; p++) {
        if (values[p] === last[p]) continue;
        for (const t of this.state.order[p]!) this.stale[t] = 1;
      }
    }
    this.lastValues = values;
  }

  /** Recomputes a team's points and solved flags (same formula as ScoreState.points). */
  private rebuild(ti: number, values: Float64Array): void {
    const state = this.state;
    const P = state.nProblems;
    const E = state.session.params.PTI_TOLTI_ERRORE;
    const jp = state.joker[ti]!;
    const points = new Array<number>(P);
    const solved = new Array<boolean>(P);
    for (let p = 0, cell = ti * P; p < P; p++, cell++) {
      const s = state.solved[cell] === 1;
      const pts = (s ? values[p]! + state.bonus[cell]! : 0) - E * state.errors[cell]!;
      points[p] = p === jp ? 2 * pts : pts;
      solved[p] = s;
    }
    this.cachedPoints[ti] = Object.freeze(points);
    this.cachedSolved[ti] = Object.freeze(solved);
    this.cachedVersion[ti] = state.teamVersion[ti]!;
    this.stale[ti] = 0;
  }

  /** Per team with new cells, its frozen `new` flags. */
  private newFlags(freshCells: readonly number[] | null): Map<number, readonly boolean[]> {
    const P = this.state.nProblems;
    const byTeam = new Map<number, boolean[]>();
    for (const cell of freshCells ?? []) {
      const ti = Math.floor(cell / P);
      let flags = byTeam.get(ti);
      if (flags === undefined) byTeam.set(ti, (flags = new Array<boolean>(P).fill(false)));
      flags[cell - ti * P] = true;
    }
    for (const flags of byTeam.values()) Object.freeze(flags);
    return byTeam;
  }
}
