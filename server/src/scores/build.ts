// The score snapshot of a session, built from its rows with @gas/scoring:
// the leaderboard JSON served by /sessione/{id}/punteggi/ (and the
// punteggi_last feed) and the score state of /sessione/{id}/stato/. Pure and
// deterministic: the same data and `ora` give the same snapshot.
import type { ClassificaEntry, PunteggiJson } from '@gas/contracts';
import {
  LiveScoring,
  withHistory,
  type ScoreSnapshot,
  type ScoringEvent,
  type SessionSetup,
} from '@gas/scoring';
import type { Evento, Problema, Sessione, Squadra } from '../db/schema';
import { scoringTeam } from './rows';

/** The spec keeps score histories only for sessions up to this many teams (§4, §9). */
export const HISTORY_MAX_TEAMS = 30;

export type { ClassificaEntry, PunteggiJson };

export interface SessioneSnapshot {
  sessioneId: number;
  ora: Date;
  /** Of everything the snapshot was built from (see scores/queries.ts). */
  fingerprint: string;
  punteggi: PunteggiJson;
  stato: ScoreSnapshot & { sessione: number; ora: string };
  /** The events it was built from (the compact blocks of the scores page, api/eventi). */
  eventi: readonly ScoringEvent[];
}

/** What a snapshot is built from, as loaded from the database. */
export interface SessionData {
  sessione: Pick<Sessione, 'id' | 'nome' | 'numeroQualificati'>;
  evento: Pick<Evento, 'id' | 'inizio' | 'fine' | 'fineConsegnaJolly'> & {
    params: SessionSetup['params'];
  };
  problemi: Pick<Problema, 'id' | 'nome'>[];
  squadre: Pick<
    Squadra,
    'id' | 'nome' | 'ospite' | 'ordineEta' | 'penalita' | 'scuolaId' | 'poloId'
  >[];
  eventi: ScoringEvent[];
  fingerprint: string;
}

/** Pure and deterministic: the same data and `ora` give the same snapshot. */
export function buildSnapshot(data: SessionData, ora: Date): SessioneSnapshot {
  return snapshotOf(data, replayOf(data), ora);
}

/** The scoring engine with every event of `data` applied. */
export function replayOf(data: SessionData): LiveScoring {
  const setup: SessionSetup = {
    params: data.evento.params,
    inizio: data.evento.inizio.toISOString(),
    problemi: data.problemi,
    squadre: data.squadre.map(scoringTeam),
  };
  return new LiveScoring(setup, data.eventi);
}

/**
 * The snapshot of `data` at `ora`, read from `live`: the engine with
 * data.eventi applied, by replayOf or one event at a time (scores/stato.ts).
 */
export function snapshotOf(data: SessionData, live: LiveScoring, ora: Date): SessioneSnapshot {
  const { sessione, evento } = data;
  let board = live.leaderboard(ora.getTime());
  if (data.squadre.length <= HISTORY_MAX_TEAMS) {
    // Up to the end at most: a concluded session would otherwise grow a sample a minute forever.
    const start = evento.inizio.getTime();
    const to = Math.max(start, Math.min(ora.getTime(), evento.fine.getTime()));
    board = withHistory(board, live.history({ to }));
  }
  const polo = new Map(data.squadre.map((s) => [s.id, s.poloId]));
  const oraIso = ora.toISOString();
  return {
    sessioneId: sessione.id,
    ora,
    fingerprint: data.fingerprint,
    punteggi: {
      sessione: sessione.id,
      evento: evento.id,
      nome: sessione.nome,
      inizio: evento.inizio.toISOString(),
      fine: evento.fine.toISOString(),
      numero_qualificati: sessione.numeroQualificati,
      ora: oraIso,
      problemi: data.problemi.map((p) => ({ id: p.id, nome: p.nome })),
      valori: board.valori,
      // The engine's rows are readonly; the JSON is never changed after this.
      classifica: board.classifica.map((e) => ({
        ...e,
        polo: polo.get(e.id) ?? null,
      })) as ClassificaEntry[],
      numero_eventi: live.eventCount,
    },
    stato: { sessione: sessione.id, ora: oraIso, ...live.snapshot() },
    eventi: data.eventi,
  };
}
