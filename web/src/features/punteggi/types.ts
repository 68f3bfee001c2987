// Shapes the scores pages read from the API (server/src/live/snapshots.ts,
// server/src/api/*/present.ts).
import type { LeaderboardEntry, ScoringEvent, ScoringParams } from '@gas/scoring';
import type { Evento } from '../../api/types';

export type ClassificaEntry = LeaderboardEntry & { polo?: number | null };

/** `json` of a /sessione/{id}/punteggi/ item. */
export interface PunteggiJson {
  sessione: number;
  evento: number;
  nome: string;
  inizio: string;
  fine: string;
  numero_qualificati: number | null;
  ora: string;
  problemi: { id: number; nome: string }[];
  valori: number[];
  classifica: ClassificaEntry[];
  numero_eventi: number;
}

export interface PunteggiItem {
  ora: string;
  json: PunteggiJson;
}

/** The event with its scoring parameters (GET /api/gas/evento/{id}/). */
export type EventoPunteggi = Evento & Partial<ScoringParams>;

/** A risposta-all row; `date_received` only for superusers (latency tab). */
export type EventoRisposta = ScoringEvent & { date_received?: string };

export interface Polo {
  id: number;
  evento: number;
  nome_breve: string;
  descrizione: string;
  indirizzo: string;
  capacita_massima_squadre: number | null;
  latitude: number | null;
  longitude: number | null;
  citta: { id: number; name: string; latitude: number | null; longitude: number | null } | null;
}

export interface Messaggio {
  id: number;
  testo: string;
  data: string;
  evento: number;
}

export interface ScuolaBreve {
  id: number;
  nome: string;
}
