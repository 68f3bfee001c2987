// Use case: an answer (or a joker's answer row, with its joker) deleted by
// the event's administrators, inseritori or a superuser: audited in the
// deletion's transaction, then announced (open pages drop the event). The
// back office deletes answers and jokers with the same steps
// (`cancellaRisposta`, `cancellaJolly`), so a joker leaves the same entries
// in the log whichever page deleted it.
import type { AuditContext } from '../../audit/queries';
import { loadEventoWithAccess } from '../../access/queries';
import type { Db, DbOrTx } from '../../db/client';
import { apiError } from '../../errors';
import { canDeleteAnswers, canSeeEvento, type Actor } from '../../policies';
import type { FlussoModifiche } from '../modifiche';
import { auditAfter, auditBefore } from '../registro/audit';
import { annunciaEliminazione } from './annunci';
import {
  deleteJollyRow,
  deleteRisposta,
  findJolly,
  loadRispostaWithSquadra,
  rispostaDelJolly,
} from './queries';

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
 * row deleted and, for a joker row, its joker with it; each audited as the
 * back office shows it. Null when already gone.
 */
export async function cancellaRisposta(tx: DbOrTx, audit: AuditContext, id: number) {
  const prima = await auditBefore(tx, 'risposta', id);
  // The joker deleteRisposta takes with a joker row: the team's, on its problem.
  const scelta = prima?.kind === 'j' ? await findJolly(tx, prima.squadra as number) : null;
  const jollyPrima =
    scelta && scelta.problemaId === prima?.problema
      ? await auditBefore(tx, 'jolly', scelta.id)
      : null;
  const row = await deleteRisposta(tx, id);
  if (!row) return null;
  await auditAfter(tx, audit, 'risposta', row.id, prima);
  if (jollyPrima) await auditAfter(tx, audit, 'jolly', jollyPrima.id, jollyPrima);
  return row;
}

/**
 * In the caller's transaction (the back office's 'Jolly'): a joker deleted
 * with its answer row, which carries it into the live feed and the rankings.
 * Returns that row (to announce its deletion after the commit), null when
 * the joker had none or was already gone.
 */
export async function cancellaJolly(tx: DbOrTx, audit: AuditContext, jollyId: number) {
  const rispostaId = await rispostaDelJolly(tx, jollyId);
  const row = rispostaId === null ? null : await cancellaRisposta(tx, audit, rispostaId);
  if (row) return row;
  // A joker without its answer row (it never had one, or it went meanwhile): alone.
  const prima = await auditBefore(tx, 'jolly', jollyId);
  if (!prima) return null;
  await deleteJollyRow(tx, jollyId);
  await auditAfter(tx, audit, 'jolly', jollyId, prima);
  return null;
}
