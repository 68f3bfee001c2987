// An important message of an event (spec §3), as the API, the audit log and
// the live feed show it.
import type { MessaggioImportante } from '../../db/schema';

export function presentMessaggio(m: MessaggioImportante) {
  return { id: m.id, testo: m.testo, data: m.data.toISOString(), evento: m.eventoId };
}

/** How the audit log names a message: the start of its text. */
export const titoloMessaggio = (testo: string) =>
  testo.length > 60 ? `${testo.slice(0, 59)}…` : testo;
