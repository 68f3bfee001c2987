// JSON of a typing (DigitazioneOut of @gas/contracts).
import type { DecisioneDigitazione, DigitazioneOut } from '@gas/contracts';
import { nomeDi } from './present-risposta';
import { stessaLettura } from '../../gara/digitazione/confronto';
import type { DigitazioneConNomi } from '../../gara/digitazione/queries';

/**
 * What the administrators made of this typing, read from the pair and the
 * answer they stored (the audit log has the decision as it was taken).
 */
function decisioneDi(d: DigitazioneConNomi): DecisioneDigitazione | null {
  // A typing dropped while it waited for its twin was never part of a decision.
  if (d.stato === 'scartata') return d.abbinataA === null ? null : 'scartata';
  if (d.stato !== 'risolta' || !d.registrata) return null;
  if (stessaLettura(d, d.registrata)) return 'accettata';
  if (d.gemella && stessaLettura(d.gemella, d.registrata)) return 'altra_accettata';
  return 'corretta';
}

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
    decisione: decisioneDi(d),
    valore_registrato: d.registrata?.valore ?? null,
    valore_registrato_exp: d.registrata?.valoreExp ?? null,
  };
}
