// Shapes shared by the engine, the CLI and its users. Field names follow the
// specification (Italian domain names); see shared/scoring.md.

/** Scoring parameters of an event (shared/scoring.md "Inputs"). */
export interface ScoringParams {
  PTI_TOLTI_ERRORE: number;
  PTI_BASE_MONTEPREMI: number;
  MAX_ERRORI_RAISE_MONTEPREMI: number;
  ERRORE_PUNTEGGI_RAISE: number;
  PUNTEGGIO_BASE_PROBLEMI: number;
  BONUS_VELOCITA: number;
  SCALING_BONUS_VELOCITA: number;
  SCALING_BONUS_MONTEPREMI: number;
}

export interface ProblemInput {
  id: number;
  nome: string;
}

export interface TeamInput {
  id: number;
  nome: string;
  ospite?: boolean;
  ordine_eta?: number;
  penalita?: number;
  /** School id, used by the simplified ranking view. */
  scuola?: number | null;
}

/** An answer (`k: 'r'`, with `c` = correct) or a joker choice (`k: 'j'`). */
export interface ScoringEvent {
  id: number;
  k: 'r' | 'j';
  /** Team id. */
  s: number;
  /** Problem id. */
  p: number;
  /** Correct answer; required when `k === 'r'`. */
  c?: boolean;
  /** Delivery time, ISO 8601 with a time zone. */
  d: string;
}

/** A session without its events: what the live state is built from. */
export interface SessionSetup {
  params?: Partial<ScoringParams>;
  /** Session start, ISO 8601. */
  inizio: string;
  problemi: readonly ProblemInput[];
  squadre: readonly TeamInput[];
}

/** The CLI input shape, also taken by `computeLeaderboard`. */
export interface ScoringInput extends SessionSetup {
  eventi: readonly ScoringEvent[];
  /** Evaluate the state as of this time (only events with `d <= at`). */
  at?: string;
}

/** A time series of one team's total (the chart's `classifica_tempo`). */
export interface ScoreSeries {
  /** Times in epoch milliseconds. */
  tempi: number[];
  punteggi: number[];
}

/** One row of the leaderboard; read-only (its arrays are frozen and may be shared). */
export interface LeaderboardEntry {
  /** Position, shared on ties; `null` for guests. */
  posizione: number | null;
  id: number;
  nome: string;
  ospite: boolean;
  totale: number;
  /** Points per problem, in problem order. */
  punti_parziali: readonly number[];
  /** Joker problem id, or null. */
  jolly: number | null;
  /** Per problem: solved by this team. */
  solved: readonly boolean[];
  /** Per problem: the team had an effective event on it in the last 180 s. */
  new: readonly boolean[];
  scuola: number | null;
  ordine_eta: number;
  penalita: number;
  /** Points of the joker problem (0 without a joker): the second ranking key. */
  punti_jolly: number;
  classifica_tempo?: ScoreSeries;
}

/** The CLI output shape. */
export interface Leaderboard {
  classifica: LeaderboardEntry[];
  /** Current value of each problem, in problem order. */
  valori: number[];
}
