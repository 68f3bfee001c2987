// Shapes of the API payloads the web app reads (spec §3). They move to
// @gas/contracts (zod) once the API issue defines them there.

/** o = official, pub = public non-official, priv = private non-official. */
export type Tipologia = 'o' | 'pub' | 'priv';

export interface FileEvento {
  id: number;
  /** Publication time (ISO). */
  data: string | null;
  /** This user may download it now (green tile). */
  pubblico: boolean;
  /** Everyone may (administrators see their files early). */
  pubblicato?: boolean;
  nome_file?: string;
  programmed_path_url: string | null;
}

/** What the current user may do with an event (computed by the server). */
export interface EventoPermessi {
  puo_modificare: boolean;
  puo_inserire: boolean;
  puo_consegnare: boolean;
  puo_cancellare_risposte: boolean;
  puo_scegliere_momento_consegna: boolean;
  puo_vedere_bigliettini: boolean;
  puo_invitare: boolean;
  puo_iscrivere_squadre: boolean;
}

export interface SessioneBreve {
  id: number;
  nome: string;
  ufficiale: boolean;
  numero_qualificati: number | null;
}

/** GET /api/gas/sessione/{id}/ */
export interface Sessione extends SessioneBreve {
  evento: number;
  ordine: number;
  inizio: string;
  fine: string;
  squadre_count: number;
  poli: number[];
}

export interface Problema {
  id: number;
  nome: string;
  ordine: number;
  soluzione: number | null;
  soluzione_exp: number | null;
  intervallo_validita: number;
  udm_soluzione: string;
}

export interface Citta {
  id: number;
  name: string;
  nome?: string;
  latitude: number | null;
  longitude: number | null;
}

export interface Scuola {
  id: number;
  nome: string;
  tipologia: string;
  indirizzo: {
    nome: string;
    citta: Citta | null;
    latitude: number | null;
    longitude: number | null;
  };
}

/** The public part of a team (GET /api/gas/squadra/in_sessione/). */
export interface Squadra {
  id: number;
  nome: string;
  scuola: Scuola | null;
  sessione: number;
  evento: number;
  polo: number | null;
  ufficiale: boolean;
  ospite: boolean;
}

export interface Evento {
  id: number;
  titolo: string;
  /** ISO date-times (UTC). */
  inizio: string;
  fine: string;
  tipologia: Tipologia;
  descrizione?: string;
  ufficiale?: boolean;
  anno?: number;
  inizio_iscrizioni?: string | null;
  fine_iscrizioni?: string | null;
  fine_modifica_squadre?: string | null;
  fine_consegna_jolly?: string | null;
  file_problemi?: FileEvento | null;
  file_soluzioni?: FileEvento | null;
  youtube_link?: string | null;
  pagina_dedicata?: string | null;
  poli?: number[];
  problemi?: Problema[];
  sessioni?: SessioneBreve[];
  amministratori?: number[];
  inseritori?: number[];
  amministratori_str?: string[];
  inseritori_str?: string[];
  permessi?: EventoPermessi;
}

export interface Responsabile {
  id: number;
  attivo: boolean;
  user?: number;
  puo_iscriversi_gare_ufficiali: boolean;
  newsletter: boolean;
  /** sp = main manager, ss = team manager. */
  ruolo: 'sp' | 'ss';
  scuole: number[];
  squadre: number[];
}

export interface User {
  id: number | null;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_superuser: boolean;
  is_staff: boolean;
  is_authenticated: boolean;
  responsabile: Responsabile | null;
}

/** GET /api/time/ */
export interface ServerTime {
  time: string;
  epoch_ms: number;
}
