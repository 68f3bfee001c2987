// The audit log of the error inbox (issue 26): marking a group resolved or
// reopening it is a write like any other, logged as resource `errori` (the
// back office's /api/admin/errori/) with the group's state before and after.
import type { FastifyRequest } from 'fastify';
import { auditContext, recordChange } from '../../audit/queries';
import type { DbOrTx } from '../../db/client';
import type { ErroreGruppo } from '../../db/schema';

// Only the state: who marked it and when are the entry's own user and time.
const statoDi = (g: ErroreGruppo) => ({ risolto: g.risolto });

export async function registraRisoluzione(
  tx: DbOrTx,
  request: FastifyRequest,
  prima: ErroreGruppo,
  dopo: ErroreGruppo,
): Promise<void> {
  await recordChange(tx, auditContext(request, 'admin'), {
    azione: 'modifica',
    risorsa: 'errori',
    oggettoId: dopo.id,
    oggettoNome: `${dopo.tipo}: ${dopo.messaggio}`,
    prima: statoDi(prima),
    dopo: statoDi(dopo),
  });
}
