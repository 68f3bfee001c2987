// When an organiser corrects a problem's solution or tolerance (it happens
// mid-contest), every answer already given to it is checked again in the same
// transaction, so the stored `corretto` and the rankings follow the new
// solution. Live clients get each flipped answer as a delete followed by the
// event with its new outcome.
import { isAnswerCorrect } from '@gas/scoring';
import { recordChanges, type AuditContext, type AuditEntry } from '../audit/queries';
import type { DbTransaction } from '../db/client';
import { toScoringEvent } from '../scores/rows';
import type { FlussoModifiche } from './modifiche';
import { answersOfProblemi, lockRisposte, problemiByIds, setCorretto } from './queries';

/** The note of an answer's outcome changed by a corrected solution. */
export const RICONTROLLO = 'ricontrollo dopo la correzione della soluzione';

export type FlippedAnswer = {
  id: number;
  sessioneId: number;
  squadraId: number;
  problemaId: number;
  corretto: boolean;
  date: Date;
};

/**
 * Re-checks the answers (kind r) of the given problems; returns those whose
 * outcome changed, each also in the audit log as a change of the answer's
 * `corretto` made by whoever corrected the solution.
 */
export async function ricontrollaRisposte(
  tx: DbTransaction,
  problemaIds: readonly number[],
  audit: AuditContext,
): Promise<FlippedAnswer[]> {
  if (problemaIds.length === 0) return [];
  // An answer being stored right now either commits before this lock is
  // granted (and is read below) or waits for this transaction's commit and
  // then meets the new solution (gas_consegna_risposte,
  // db/functions/gas_consegna_risposte.sql).
  await lockRisposte(tx);
  const problemi = await problemiByIds(tx, problemaIds);
  const answers = await answersOfProblemi(tx, problemaIds);
  const flipped: FlippedAnswer[] = [];
  const entries: AuditEntry[] = [];
  for (const a of answers) {
    const p = problemi.find((x) => x.id === a.problemaId);
    if (!p) continue;
    const corretto = isAnswerCorrect({
      valore: a.valore,
      valore_exp: a.valoreExp,
      soluzione: p.soluzione,
      soluzione_exp: p.soluzioneExp,
      intervallo_validita: p.intervalloValidita,
    });
    if (corretto === a.corretto) continue;
    await setCorretto(tx, a.id, corretto);
    entries.push({
      azione: 'modifica',
      risorsa: 'risposta',
      oggettoId: a.id,
      oggettoNome: a.valore,
      prima: { corretto: a.corretto },
      dopo: { corretto },
    });
    flipped.push({
      id: a.id,
      sessioneId: a.sessioneId,
      squadraId: a.squadraId,
      problemaId: a.problemaId,
      corretto,
      date: a.date,
    });
  }
  await recordChanges(tx, { ...audit, nota: RICONTROLLO }, entries);
  return flipped;
}

/** After commit: each flipped answer replaces its old copy on the rankings and the pages. */
export function annunciaRicontrollo(
  modifiche: Pick<FlussoModifiche, 'emetti'>,
  flipped: readonly FlippedAnswer[],
): void {
  for (const f of flipped) {
    modifiche.emetti({
      tipo: 'consegna',
      sessione: f.sessioneId,
      evento: toScoringEvent({
        id: f.id,
        k: 'r',
        s: f.squadraId,
        p: f.problemaId,
        c: f.corretto,
        d: f.date,
      }),
      ricontrollata: true,
    });
  }
}
