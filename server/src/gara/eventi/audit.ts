// The audit log of the records an event's own changes move along (issue
// 26): the sessions' `ufficiale` with the type, the default files' dates with
// the event's dates. Each is an entry of its own, as if edited in the back
// office, so a record's history reads the same whichever page changed it.
// (Sessions and problems written through the lists of 'Modifica evento' are
// audited by their own use cases: eventi/liste.ts.)
import type { DbOrTx } from '../../db/client';
import { auditSnapshot, auditSnapshotChanges, type Istantanea } from '../registro/audit';
import type { AuditContext } from '../../audit/queries';

/** The resources an event's own changes move along, each by its `evento` field. */
const RECORD_DELL_EVENTO = ['sessione', 'file-programmato'] as const;

/** The event's sessions and files before the write. */
export async function recordDellEvento(tx: DbOrTx, eventoId: number): Promise<Istantanea[]> {
  const out: Istantanea[] = [];
  for (const nome of RECORD_DELL_EVENTO)
    out.push(await auditSnapshot(tx, nome, 'evento', eventoId));
  return out;
}

/** Records every session and file the write changed. */
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
