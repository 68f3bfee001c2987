// The audit log of what 'Modifica evento' changes besides the event itself
// (issue 26): its sessions and problems, created, edited or deleted through
// the nested lists, and the records the event's own changes move along (the
// sessions' `ufficiale` with the type, the default files' dates with the
// event's dates). Each is an entry of its own, as if edited in the back
// office, so a problem's history reads the same whichever page changed it.
import type { DbOrTx } from '../../db/client';
import { auditSnapshot, auditSnapshotChanges, type Istantanea } from '../registro/audit';
import type { AuditContext } from '../../audit/queries';

/** The resources an event's write can change, each by its `evento` field. */
const RECORD_DELL_EVENTO = ['sessione', 'problema', 'file-programmato'] as const;

/** The event's sessions, problems and files before the write. */
export async function recordDellEvento(tx: DbOrTx, eventoId: number): Promise<Istantanea[]> {
  const out: Istantanea[] = [];
  for (const nome of RECORD_DELL_EVENTO)
    out.push(await auditSnapshot(tx, nome, 'evento', eventoId));
  return out;
}

/** Records every session, problem and file the write created, changed or deleted. */
export async function registraRecordDellEvento(
  tx: DbOrTx,
  audit: AuditContext,
  eventoId: number,
  prima: readonly Istantanea[],
): Promise<void> {
  for (const before of prima) {
    const after = await auditSnapshot(tx, before.nome, 'evento', eventoId);
    await auditSnapshotChanges(tx, audit, before, after);
  }
}
