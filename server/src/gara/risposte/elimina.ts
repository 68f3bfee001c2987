// Use case: an answer (or a joker's answer row, with its joker) deleted by
// the event's administrators, inseritori or a superuser: audited in the
// deletion's transaction, then announced (open pages drop the event).
import type { AuditContext } from '../../audit/queries';
import { loadEventoWithAccess } from '../../access/queries';
import type { Db, DbOrTx } from '../../db/client';
import { apiError } from '../../errors';
import { canDeleteAnswers, canSeeEvento, type Actor } from '../../policies';
import type { FlussoModifiche } from '../modifiche';
import { auditAfter, auditBefore } from '../registro/audit';
import { annunciaEliminazione } from './annunci';
import { deleteRisposta, loadRispostaWithSquadra } from './queries';

export async function eliminaRisposta(
  deps: { db: Db; modifiche: Pick<FlussoModifiche, 'emetti'> },
  { actor, audit }: { actor: Actor; audit: AuditContext },
  id: number,
): Promise<void> {
  const found = await loadRispostaWithSquadra(deps.db, id);
  const evento = found && (await loadEventoWithAccess(deps.db, found.squadra.eventoId));
  if (!found || !evento || !canSeeEvento(actor, evento.access)) throw apiError('not_found');
  if (!canDeleteAnswers(actor, evento.access)) throw apiError('permission_denied');
  const deleted = await deps.db.transaction((tx) => cancellaRisposta(tx, audit, found.risposta.id));
  // Deleted meanwhile by someone else: gone all the same, but not by this request.
  if (!deleted) throw apiError('not_found');
  annunciaEliminazione(deps.modifiche, deleted);
}

/**
 * In the caller's transaction (this use case, the back office): an answer
 * row deleted and, for a joker row, its jolly with it; audited as the back
 * office shows an answer. Null when already gone.
 */
export async function cancellaRisposta(tx: DbOrTx, audit: AuditContext, id: number) {
  const prima = await auditBefore(tx, 'risposta', id);
  const row = await deleteRisposta(tx, id);
  if (row) await auditAfter(tx, audit, 'risposta', row.id, prima);
  return row;
}
