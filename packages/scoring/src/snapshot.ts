// The session score state of spec §3 as plain JSON-friendly data, keyed by
// team and problem ids.
import type { ScoreState } from './state';

/** [solved, wrong count, id of the solving answer or null] for one problem. */
export type ProblemCell = [boolean, number, number | null];

export interface ScoreSnapshot {
  numero_problemi: number;
  /** Per team id, one cell per problem in problem order. */
  squadre: Record<string, ProblemCell[]>;
  /** Per problem id, the team ids in order of resolution. */
  ordine_risoluzione: Record<string, number[]>;
  /** Team id to joker problem id, for the teams that chose one. */
  jolly: Record<string, number>;
  /** Team ids that solved every problem, in order of completion. */
  risolto_tutto: number[];
  /** Team id to name. */
  nomi: Record<string, string>;
  /** Team id to penalty points, for the penalised teams. */
  penalizzate: Record<string, number>;
  /** Guest team ids. */
  ospiti: number[];
  /** Frozen speed bonus, per team id and problem. */
  bonus_velocita: Record<string, number[]>;
  /** Frozen completion bonus, per team id (teams that completed). */
  bonus_completamento: Record<string, number>;
  /** Active teams (a joker, a correct or a wrong answer). */
  attive: number[];
}

export function snapshotOf(state: ScoreState): ScoreSnapshot {
  const { teams, problems } = state.session;
  const P = state.nProblems;
  const snap: ScoreSnapshot = {
    numero_problemi: P,
    squadre: {},
    ordine_risoluzione: {},
    jolly: {},
    risolto_tutto: state.completed.map((ti) => teams[ti]!.id),
    nomi: {},
    penalizzate: {},
    ospiti: [],
    bonus_velocita: {},
    bonus_completamento: {},
    attive: [],
  };
  problems.forEach((p, pi) => {
    snap.ordine_risoluzione[p.id] = state.order[pi]!.map((ti) => teams[ti]!.id);
  });
  teams.forEach((team, ti) => {
    const cells: ProblemCell[] = [];
    const bonus: number[] = [];
    for (let p = 0, cell = ti * P; p < P; p++, cell++) {
      const id = state.solvingId[cell]!;
      cells.push([state.solved[cell] === 1, state.errors[cell]!, Number.isNaN(id) ? null : id]);
      bonus.push(state.bonus[cell]!);
    }
    snap.squadre[team.id] = cells;
    snap.bonus_velocita[team.id] = bonus;
    const jp = state.joker[ti]!;
    if (jp >= 0) snap.jolly[team.id] = problems[jp]!.id;
    snap.nomi[team.id] = team.nome;
    if (team.penalita !== 0) snap.penalizzate[team.id] = team.penalita;
    if (team.ospite) snap.ospiti.push(team.id);
    if (state.solvedCount[ti] === P && P > 0)
      snap.bonus_completamento[team.id] = state.fullBonus[ti]!;
    if (state.activity[ti]! > 0) snap.attive.push(team.id);
  });
  return snap;
}
