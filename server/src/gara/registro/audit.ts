// The audit log of writes made outside the back office (issue 14, item 5):
// the record is read as the back office shows it (the same fields, so the
// history of an object reads the same whoever changed it), before and after
// the write, in the write's transaction.
import type { NomeRisorsaAdmin } from '@gas/contracts';
import {
  recordChange,
  recordChanges,
  type AuditContext,
  type AuditEntry,
} from '../../audit/queries';
import type { DbOrTx } from '../../db/client';
import { getRecord, listRecords } from './queries';
import type { AdminRecord } from './resource';
import { ADMIN_RESOURCES } from './resources';

// Built on first use: the resources' own steps call the core, whose
// deletions audit through here (resources.ts ↔ risposte/elimina.ts).
let byName: Map<string, (typeof ADMIN_RESOURCES)[number]> | null = null;

function resourceNamed(nome: NomeRisorsaAdmin) {
  byName ??= new Map(ADMIN_RESOURCES.map((r) => [r.risorsa.nome, r]));
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
  audit: AuditContext,
  nome: NomeRisorsaAdmin,
  id: number,
  prima: AdminRecord | null,
): Promise<void> {
  const resource = resourceNamed(nome);
  const dopo = await getRecord(tx, resource, id);
  if (!prima && !dopo) return;
  const record = (dopo ?? prima)!;
  await recordChange(tx, audit, {
    azione: !prima ? 'crea' : !dopo ? 'elimina' : 'modifica',
    risorsa: nome,
    oggettoId: id,
    oggettoNome: String(record[resource.risorsa.titolo] ?? ''),
    prima,
    dopo,
  });
}

/** An event's records of one resource (its sessions), by id, as the back office shows them. */
export type Istantanea = { nome: NomeRisorsaAdmin; records: Map<number, AdminRecord> };

/**
 * The records of `nome` whose field `campo` is `valore` (the sessions of an
 * event), read before and after a write that changes several of them.
 */
export async function auditSnapshot(
  tx: DbOrTx,
  nome: NomeRisorsaAdmin,
  campo: string,
  valore: number,
): Promise<Istantanea> {
  const resource = resourceNamed(nome);
  const column = resource.columns[campo];
  if (!column) throw new Error(`campo sconosciuto: ${nome}.${campo}`);
  const { rows } = await listRecords(
    tx,
    resource,
    { equals: [{ column, value: valore }], ordering: [] },
    null,
  );
  return { nome, records: new Map(rows.map((r) => [r.id, r])) };
}

/**
 * Records every difference between two snapshots of the same records: each
 * record created, changed or deleted is an entry of its own, as if written
 * alone in the back office.
 */
export async function auditSnapshotChanges(
  tx: DbOrTx,
  audit: AuditContext,
  prima: Istantanea,
  dopo: Istantanea,
): Promise<void> {
  const resource = resourceNamed(prima.nome);
  const ids = new Set([...prima.records.keys(), ...dopo.records.keys()]);
  const entries: AuditEntry[] = [...ids].map((id) => {
    const before = prima.records.get(id) ?? null;
    const after = dopo.records.get(id) ?? null;
    return {
      azione: !before ? 'crea' : !after ? 'elimina' : 'modifica',
      risorsa: prima.nome,
      oggettoId: id,
      oggettoNome: String((after ?? before)![resource.risorsa.titolo] ?? ''),
      prima: before,
      dopo: after,
    };
  });
  await recordChanges(tx, audit, entries);
}
