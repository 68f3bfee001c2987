// JSON of a typing (DigitazioneOut of @gas/contracts).
import type { DigitazioneOut } from '@gas/contracts';
import { nomeDi } from '../risposta/present';
import type { DigitazioneConNomi } from './queries';

export function presentDigitazione(d: DigitazioneConNomi): DigitazioneOut {
  return {
    id: d.id,
    sessione: d.sessioneId,
    squadra: d.squadraId,
    squadra_nome: d.squadraNome,
    problema: d.problemaId,
    problema_nome: d.problemaNome,
    valore: d.valore,
    valore_exp: d.valoreExp,
    momento_consegna: d.momentoConsegna.toISOString(),
    ricevuta: d.ricevuta.toISOString(),
    utente: d.utenteId,
    utente_nome: nomeDi(d.utente),
    stato: d.stato,
    abbinata_a: d.abbinataA,
    risposta: d.rispostaId,
    risolta_da_nome: nomeDi(d.risoltaDaUtente),
    risolta_il: d.risoltaIl ? d.risoltaIl.toISOString() : null,
  };
}
