// What a corrected solution would change, said the same way wherever a
// solution is corrected (the back office's problem record, 'Modifica evento').
import { conta, type AnteprimaCorrezione } from '@gas/contracts';

/** What a corrected solution would change, in words that agree with each count. */
export function testoCorrezione(a: AnteprimaCorrezione): string {
  const corrette = conta(
    a.diventano_corrette,
    'risposta diventa corretta',
    'risposte diventano corrette',
  );
  const errate = conta(a.diventano_errate, 'diventa errata', 'diventano errate');
  return `Con la nuova soluzione ${corrette} e ${errate} (su ${conta(a.risposte, 'risposta data', 'risposte date')}); le classifiche e le pagine aperte si aggiornano.`;
}
