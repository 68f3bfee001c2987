// From database rows to @gas/scoring inputs, written once: the event's
// scoring parameters, a team, a stored answer or joker as a scoring event.
// Used by the snapshots (scores/queries.ts), the Albo d'oro, the event's JSON
// (its PTI_* fields are these parameters) and the answer presenters.
import type { NpeFrame } from '@gas/contracts';
import type { ScoringParams, TeamInput } from '@gas/scoring';
import type { Evento, Squadra } from '../db/schema';

/**
 * A scoring event as stored and as sent (risposta-all, the `npe` frame of
 * @gas/contracts without its `type`): `c` only on answers.
 */
export type ScoreEvent = NpeFrame extends infer F
  ? F extends unknown
    ? Omit<F, 'type'>
    : never
  : never;

/** The columns of an event that parametrise its scoring. */
export type EventoParamsRow = Pick<
  Evento,
  | 'ptiToltiErrore'
  | 'ptiBaseMontepremi'
  | 'maxErroriRaiseMontepremi'
  | 'errorePunteggiRaise'
  | 'punteggioBaseProblemi'
  | 'bonusVelocita'
  | 'scalingBonusVelocita'
  | 'scalingBonusMontepremi'
>;

/** The event's scoring parameters, keyed as @gas/scoring (and the event JSON) name them. */
export function scoringParams(e: EventoParamsRow): ScoringParams {
  return {
    PTI_TOLTI_ERRORE: e.ptiToltiErrore,
    PTI_BASE_MONTEPREMI: e.ptiBaseMontepremi,
    MAX_ERRORI_RAISE_MONTEPREMI: e.maxErroriRaiseMontepremi,
    ERRORE_PUNTEGGI_RAISE: e.errorePunteggiRaise,
    PUNTEGGIO_BASE_PROBLEMI: e.punteggioBaseProblemi,
    BONUS_VELOCITA: e.bonusVelocita,
    SCALING_BONUS_VELOCITA: e.scalingBonusVelocita,
    SCALING_BONUS_MONTEPREMI: e.scalingBonusMontepremi,
  };
}

export type SquadraScoringRow = Pick<Squadra, 'id' | 'nome' | 'ospite' | 'ordineEta' | 'penalita'> &
  Partial<Pick<Squadra, 'scuolaId'>>;

/** A team as @gas/scoring reads it (`scuola` only when the row has it). */
export function scoringTeam(s: SquadraScoringRow): TeamInput {
  const team: TeamInput = {
    id: s.id,
    nome: s.nome,
    ospite: s.ospite,
    ordine_eta: s.ordineEta,
    penalita: s.penalita,
  };
  if (s.scuolaId !== undefined) team.scuola = s.scuolaId;
  return team;
}

/**
 * A risposta row in the short form of risposta-all and of `npe` (kind, team,
 * problem, correct, date; the date as a Date or already as its ISO text).
 */
export type ScoringEventRow = {
  id: number;
  k: 'r' | 'j';
  s: number;
  p: number;
  c: boolean | null;
  d: Date | string;
};

/** A risposta row as a scoring event (`c` only on answers). */
export function toScoringEvent(row: ScoringEventRow): ScoreEvent {
  const d = typeof row.d === 'string' ? row.d : row.d.toISOString();
  return row.k === 'j'
    ? { id: row.id, k: 'j', s: row.s, p: row.p, d }
    : { id: row.id, k: 'r', s: row.s, p: row.p, c: row.c === true, d };
}
