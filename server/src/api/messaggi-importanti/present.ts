// An important message of an event (spec §3).
import type { MessaggioImportante } from '../../db/schema';

export function presentMessaggio(m: MessaggioImportante) {
  return { id: m.id, testo: m.testo, data: m.data.toISOString(), evento: m.eventoId };
}
