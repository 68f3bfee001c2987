// Use case: an answer (or a joker's answer row, with its joker) deleted by
// the event's administrators, inseritori or a superuser: audited in the
// deletion's transaction, then announced (open pages drop the event).
import type { AuditContext } from '../../audit/queries';
import { loadEventoWithAccess } from '../../access/queries';
import type { Db } from '../../db/client';
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
  // The row and, for a joker row, its jolly go together.
  const deleted = await deps.db.transaction(async (tx) => {
    const prima = await auditBefore(tx, 'risposta', found.risposta.id);
    const row = await deleteRisposta(tx, found.risposta.id);
    if (row) await auditAfter(tx, audit, 'risposta', row.id, prima);
    return row;
  });
  // Deleted meanwhile by someone else: gone all the same, but not by this request.
  if (!deleted) throw apiError('not_found');
  annunciaEliminazione(deps.modifiche, deleted);
}
