// The nested lists of 'Modifica evento' applied through the use cases of
// each record (gara/problemi/, gara/sessioni/), the same the back office
// calls: each problem and session created, changed or deleted is audited as
// an entry of its own, and a corrected solution re-checks its answers.
// Deletions first, then changes and creations: the (evento_id, ordine)
// unique constraint of problema is deferred to the commit, so swapped
// orders pass.
import type { AuditContext } from '../../audit/queries';
import type { DbTransaction } from '../../db/client';
import {
  creaProblema,
  eliminaProblema,
  modificaProblema,
  type ValoriProblema,
} from '../problemi/problemi';
import type { FlippedAnswer } from '../ricontrollo';
import {
  creaSessione,
  eliminaSessione,
  modificaSessione,
  type ValoriSessione,
} from '../sessioni/sessioni';
import type { Piano } from './valori';

/** Returns the answers whose outcome a corrected solution flipped. */
export async function applicaProblemi(
  tx: DbTransaction,
  audit: AuditContext,
  eventoId: number,
  plan: Piano<ValoriProblema>,
): Promise<FlippedAnswer[]> {
  for (const id of plan.deletes) await eliminaProblema(tx, audit, id);
  const flipped: FlippedAnswer[] = [];
  for (const { id, values } of plan.updates) {
    flipped.push(...((await modificaProblema(tx, audit, id, values)) ?? []));
  }
  for (const values of plan.inserts) await creaProblema(tx, audit, { ...values, evento: eventoId });
  return flipped;
}

/** Returns the sessions whose fields changed (their rankings are rebuilt after the commit). */
export async function applicaSessioni(
  tx: DbTransaction,
  audit: AuditContext,
  eventoId: number,
  plan: Piano<ValoriSessione>,
): Promise<number[]> {
  for (const id of plan.deletes) await eliminaSessione(tx, audit, id);
  const cambiate: number[] = [];
  for (const { id, values } of plan.updates) {
    if (await modificaSessione(tx, audit, id, values)) cambiate.push(id);
  }
  for (const values of plan.inserts) {
    await creaSessione(tx, audit, { ...values, nome: values.nome!, evento: eventoId });
  }
  return cambiate;
}
