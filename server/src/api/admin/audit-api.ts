// The audit log of writes made through the public API (issue 14, item 5):
// the record is read as the back office shows it (the same fields, so the
// history of an object reads the same whoever changed it), before and after
// the write, in the write's transaction.
import type { NomeRisorsaAdmin } from '@gas/contracts';
import type { FastifyRequest } from 'fastify';
import { auditContext, recordChange } from '../../audit/queries';
import type { DbOrTx } from '../../db/client';
import { getRecord } from './queries';
import type { AdminRecord } from './resource';
import { ADMIN_RESOURCES } from './resources';

const byName = new Map(ADMIN_RESOURCES.map((r) => [r.risorsa.nome, r]));

function resourceNamed(nome: NomeRisorsaAdmin) {
  const resource = byName.get(nome);
  if (!resource) throw new Error(`risorsa sconosciuta: ${nome}`);
  return resource;
}

/** The record before a write (null when it does not exist yet). */
export function auditBefore(
  tx: DbOrTx,
  nome: NomeRisorsaAdmin,
  id: number,
): Promise<AdminRecord | null> {
  return getRecord(tx, resourceNamed(nome), id);
}

/**
 * Records the write of record `id`: a creation when there was nothing
 * before, a deletion when nothing is left, else the fields that changed.
 */
export async function auditAfter(
  tx: DbOrTx,
  request: FastifyRequest,
  nome: NomeRisorsaAdmin,
  id: number,
  prima: AdminRecord | null,
): Promise<void> {
  const resource = resourceNamed(nome);
  const dopo = await getRecord(tx, resource, id);
  if (!prima && !dopo) return;
  const record = (dopo ?? prima)!;
  await recordChange(tx, auditContext(request, 'api'), {
    azione: !prima ? 'crea' : !dopo ? 'elimina' : 'modifica',
    risorsa: nome,
    oggettoId: id,
    oggettoNome: String(record[resource.risorsa.titolo] ?? ''),
    prima,
    dopo,
  });
}
