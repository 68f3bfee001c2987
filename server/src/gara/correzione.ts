// Correcting a problem's solution (issue 14 item 4, issue 27): before the
// change is saved, how many stored answers it would turn correct or wrong,
// computed with the scoring rules and nothing written, so the person
// correcting it sees the effect first, from the back office
// (GET /api/admin/problema/{id}/anteprima-correzione/) or from 'Modifica
// evento' (GET /api/gas/problema/{id}/anteprima-correzione/). Saving re-checks
// the answers for real (gara/ricontrollo.ts).
import type { AnteprimaCorrezione } from '@gas/contracts';
import { isAnswerCorrect } from '@gas/scoring';
import type { DbOrTx } from '../db/client';
import type { Problema } from '../db/schema';
import { risposteDelProblema } from './queries';

/** A proposed solution; what is left out stays as stored. */
export type Correzione = {
  soluzione?: number;
  soluzione_exp?: number;
  intervallo_validita?: number;
};

export async function anteprimaCorrezione(
  db: DbOrTx,
  problema: Pick<Problema, 'id' | 'soluzione' | 'soluzioneExp' | 'intervalloValidita'>,
  correzione: Correzione,
): Promise<AnteprimaCorrezione> {
  const proposta = {
    soluzione: correzione.soluzione ?? problema.soluzione,
    soluzione_exp: correzione.soluzione_exp ?? problema.soluzioneExp,
    intervallo_validita: correzione.intervallo_validita ?? problema.intervalloValidita,
  };
  const answers = await risposteDelProblema(db, problema.id);
  let diventanoCorrette = 0;
  let diventanoErrate = 0;
  for (const a of answers) {
    const corretto = isAnswerCorrect({ valore: a.valore, valore_exp: a.valoreExp, ...proposta });
    if (corretto && a.corretto === false) diventanoCorrette++;
    if (!corretto && a.corretto === true) diventanoErrate++;
  }
  return {
    risposte: answers.length,
    diventano_corrette: diventanoCorrette,
    diventano_errate: diventanoErrate,
  };
}
