// Shapes of the API payloads the web app reads (spec §3). They move to
// @gas/contracts (zod) once the API issue defines them there.

/** o = official, pub = public non-official, priv = private non-official. */
export type Tipologia = 'o' | 'pub' | 'priv';

export interface FileEvento {
  id: number;
  /** Publication time (ISO). */
  data: string | null;
  pubblico: boolean;
  programmed_path_url: string | null;
}

export interface Evento {
  id: number;
  titolo: string;
  /** ISO date-times (UTC). */
  inizio: string;
  fine: string;
  tipologia: Tipologia;
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
  sessioni?: number[];
  amministratori?: number[];
  inseritori?: number[];
  amministratori_str?: string[];
  inseritori_str?: string[];
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
