// How people are named on the pages.
import type { Ruolo } from '@gas/contracts';

export const RUOLO_LABEL: Record<Ruolo, string> = {
  sp: 'Responsabile principale',
  ss: 'Responsabile squadra',
};

/** Full name, else the username. */
export function nomeCompleto(u: { first_name: string; last_name: string; username: string }) {
  return `${u.first_name} ${u.last_name}`.trim() || u.username;
}
