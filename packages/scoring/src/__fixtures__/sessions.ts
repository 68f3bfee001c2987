// Small hand-made sessions for the tests.
import type { LeaderboardEntry, ScoringEvent, ScoringInput, TeamInput } from '../types';

export const START = '2025-02-20T09:00:00.000Z';
const START_MS = Date.UTC(2025, 1, 20, 9, 0, 0);

/** ISO time `minutes` after 09:00 on 2025-02-20 (fractions allowed). */
export const at = (minutes: number, start = START_MS): string =>
  new Date(start + Math.round(minutes * 60_000)).toISOString();

export const team = (id: number, extra: Partial<TeamInput> = {}): TeamInput => ({
  id,
  nome: `Squadra ${id}`,
  ospite: false,
  ordine_eta: 1,
  penalita: 0,
  ...extra,
});

/** A session with teams 1..nTeams and problems 1..nProblems (ids equal to their number). */
export function makeSession(
  nTeams: number,
  nProblems: number,
  eventi: ScoringEvent[] = [],
  extra: Partial<ScoringInput> = {},
): ScoringInput {
  return {
    inizio: START,
    problemi: Array.from({ length: nProblems }, (_, i) => ({ id: i + 1, nome: `P${i + 1}` })),
    squadre: Array.from({ length: nTeams }, (_, i) => team(i + 1)),
    eventi,
    ...extra,
  };
}

let nextId = 1;
/** Event helpers; ids increase in call order unless given. */
export const right = (s: number, p: number, minute: number, id = nextId++): ScoringEvent => ({
  id,
  k: 'r',
  s,
  p,
  c: true,
  d: at(minute),
});
export const wrong = (s: number, p: number, minute: number, id = nextId++): ScoringEvent => ({
  id,
  k: 'r',
  s,
  p,
  c: false,
  d: at(minute),
});
export const joker = (s: number, p: number, minute: number, id = nextId++): ScoringEvent => ({
  id,
  k: 'j',
  s,
  p,
  d: at(minute),
});

type ContractEntry = Pick<
  LeaderboardEntry,
  'posizione' | 'id' | 'nome' | 'ospite' | 'totale' | 'punti_parziali' | 'jolly'
>;

/** The fields of the CLI contract only. */
export const contractFields = (e: ContractEntry) => ({
  posizione: e.posizione,
  id: e.id,
  nome: e.nome,
  ospite: e.ospite,
  totale: e.totale,
  punti_parziali: [...e.punti_parziali],
  jolly: e.jolly,
});

/** Entry of a team by id. */
export function entryOf(board: { classifica: LeaderboardEntry[] }, id: number): LeaderboardEntry {
  const e = board.classifica.find((x) => x.id === id);
  if (!e) throw new Error(`no team ${id}`);
  return e;
}
