import type { JollyOut } from '@gas/contracts';
import type { Jolly } from '../../db/schema';

/** Public: which problem each team doubles (the live feed shows it anyway). */
export function presentJolly(row: Jolly): JollyOut {
  return { id: row.id, squadra: row.squadraId, problema: row.problemaId, risposta: row.rispostaId };
}
