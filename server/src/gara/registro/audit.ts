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
import { deleteRecord, getRecord, insertRecord, listRecords, updateRecord } from './queries';
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
  await registra(tx, audit, nome, prima, await getRecord(tx, resourceNamed(nome), id));
}

async function registra(
  tx: DbOrTx,
  audit: AuditContext,
  nome: NomeRisorsaAdmin,
  prima: AdminRecord | null,
  dopo: AdminRecord | null,
): Promise<void> {
  if (!prima && !dopo) return;
  const record = (dopo ?? prima)!;
  await recordChange(tx, audit, {
    azione: !prima ? 'crea' : !dopo ? 'elimina' : 'modifica',
    risorsa: nome,
    oggettoId: record.id,
    oggettoNome: String(record[resourceNamed(nome).risorsa.titolo] ?? ''),
    prima,
    dopo,
  });
}

// The row writes the core's use cases of an event's records (sessions,
// problems, venues) build on: the record written by its back office fields
// (`soluzione_exp`, `responsabili`), with its audit entry, in the caller's
// transaction. The rules of each kind live in its use case, not here.

/** Creates a record; returns it as the back office shows it. */
export async function creaRecord(
  tx: DbOrTx,
  audit: AuditContext,
  nome: NomeRisorsaAdmin,
  valori: Record<string, unknown>,
): Promise<AdminRecord> {
  const dopo = await insertRecord(tx, resourceNamed(nome), valori);
  await registra(tx, audit, nome, null, dopo);
  return dopo;
}

/** Changes the fields given; null when the record is gone. */
export async function modificaRecord(
  tx: DbOrTx,
  audit: AuditContext,
  nome: NomeRisorsaAdmin,
  id: number,
  valori: Record<string, unknown>,
): Promise<{ prima: AdminRecord; dopo: AdminRecord } | null> {
  const resource = resourceNamed(nome);
  const prima = await getRecord(tx, resource, id);
  const dopo = prima && (await updateRecord(tx, resource, id, valori));
  if (!prima || !dopo) return null;
  await registra(tx, audit, nome, prima, dopo);
  return { prima, dopo };
}

/** Deletes a record (the database's cascades follow); returns it as it was, null when gone. */
export async function eliminaRecord(
  tx: DbOrTx,
  audit: AuditContext,
  nome: NomeRisorsaAdmin,
  id: number,
): Promise<AdminRecord | null> {
  const resource = resourceNamed(nome);
  const prima = await getRecord(tx, resource, id);
  if (!prima) return null;
  await deleteRecord(tx, resource, id);
  await registra(tx, audit, nome, prima, null);
  return prima;
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
