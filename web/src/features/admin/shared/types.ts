// Payload shapes read by the tools pages (managers, organisers, staff) that
// web/src/api/types.ts does not describe yet. They mirror the server's
// presenters (server/src/api/*/present.ts).
import type { Responsabile, Squadra } from '../../../api/types';

export type { JollyOut, RispostaOut, SessioneOut } from '@gas/contracts';

/** A team as its owners and the event staff read it (squadra/mie, squadra/{id}). */
export interface SquadraDettaglio extends Squadra {
  ordine_eta?: number | null;
  responsabili?: number[];
  puo_modificare?: boolean;
  id_esterno?: string | null;
  capitano?: string | null;
  consegnatore?: string | null;
  p1?: string | null;
  p2?: string | null;
  p3?: string | null;
  penalita?: number | null;
}

/** GET /api/gas/polo/ */
export interface Polo {
  id: number;
  evento: number;
  nome_breve: string;
  descrizione: string;
  indirizzo: string;
  responsabili: { first_name: string; last_name: string; email: string }[];
  capacita_massima_squadre: number | null;
  latitude: number | null;
  longitude: number | null;
  citta: { id: number; name: string; provincia: string | null } | null;
}

/** GET /api/gas/user/ and /api/gas/extended-user/: a manager. */
export interface Manager {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  responsabile: Omit<Responsabile, 'newsletter'> & { newsletter?: boolean };
  puo_modificare: boolean;
  puo_modificare_assegnazioni: boolean;
}

export const RUOLO_LABEL: Record<'sp' | 'ss', string> = {
  sp: 'Responsabile principale',
  ss: 'Responsabile squadra',
};

/** Full name, else the username. */
export function nomeCompleto(u: { first_name: string; last_name: string; username: string }) {
  return `${u.first_name} ${u.last_name}`.trim() || u.username;
}
