// Use cases of an event's problems and solutions files (spec §3 File): its
// administrators upload one (replacing the previous of that kind) or change
// when it is published; each write is audited in its transaction. The bytes
// arrive checked (a PDF, within the size limit) by the route.
import type { TipologiaFile } from '../../db/schema';
import { loadEventoWithAccess } from '../../access/queries';
import type { EventoWithAccess } from '../../access/evento-access';
import type { AuditContext } from '../../audit/queries';
import type { Db, DbTransaction } from '../../db/client';
import { apiError, fieldErrors } from '../../errors';
import { canEditEvento, type Actor } from '../../policies';
import { requireEvento, requireEventoField } from '../permessi';
import { auditAfter, auditBefore, eliminaRecord } from '../registro/audit';
import { fileMeta, replaceFile, updateFile, type FileMeta } from './queries';

type Chi = { actor: Actor; audit: AuditContext };
export type ContenutoFile = { contenuto: Uint8Array; nomeFile: string };

export async function caricaFile(
  db: Db,
  { actor, audit }: Chi,
  input: {
    evento: number;
    tipologia: TipologiaFile;
    data?: string | null;
    pubblico: boolean;
    /** The bytes, checked only once the actor may upload (403 before 400). */
    bytes: () => ContenutoFile;
  },
): Promise<{ file: FileMeta; evento: EventoWithAccess }> {
  const entry = await loadEventoWithAccess(db, input.evento);
  const evento = requireEventoField(actor, entry, input.evento, canEditEvento);
  const { row } = evento;
  const bytes = input.bytes();
  const file = await db.transaction(async (tx) => {
    const stored = await replaceFile(tx, {
      eventoId: row.id,
      tipologia: input.tipologia,
      // Problems are published at the start, solutions at the end, unless told otherwise.
      data: input.data
        ? new Date(input.data)
        : input.tipologia === 'problemi'
          ? row.inizio
          : row.fine,
      pubblico: input.pubblico,
      ...bytes,
    });
    await auditAfter(tx, audit, 'file-programmato', stored.id, null);
    return stored;
  });
  return { file, evento };
}

export async function modificaFile(
  db: Db,
  { actor, audit }: Chi,
  id: number,
  input: {
    evento?: number;
    tipologia?: TipologiaFile;
    data?: string;
    pubblico?: boolean;
    /** The new bytes, given the file's current name as the fallback name. */
    bytes?: (nomeAttuale: string) => ContenutoFile;
  },
): Promise<{ file: FileMeta; evento: EventoWithAccess }> {
  const file = await fileMeta(db, id);
  const entry = file && (await loadEventoWithAccess(db, file.eventoId));
  const evento = requireEvento(actor, entry, canEditEvento);
  const current = file!;
  // The form sends evento and tipologia again; they identify the file, they do not move it.
  if (input.evento !== undefined && input.evento !== current.eventoId) {
    throw fieldErrors({ evento: ['Il file appartiene a un altro evento.'] });
  }
  if (input.tipologia !== undefined && input.tipologia !== current.tipologia) {
    throw fieldErrors({ tipologia: ['Per cambiare tipologia carica un nuovo file.'] });
  }
  const bytes = input.bytes?.(current.nomeFile);
  const updated = await db.transaction((tx) =>
    scriviFile(tx, audit, current.id, {
      ...(input.data !== undefined && { data: new Date(input.data) }),
      ...(input.pubblico !== undefined && { pubblico: input.pubblico }),
      ...(bytes && { bytes }),
    }),
  );
  if (!updated) throw apiError('not_found');
  return { file: updated, evento };
}

/**
 * A file's publication time, visibility or bytes changed, audited in the
 * caller's transaction: the step of 'Modifica evento' (above) and of the
 * back office. Null when the file is gone.
 */
export async function scriviFile(
  tx: DbTransaction,
  audit: AuditContext,
  id: number,
  modifiche: Parameters<typeof updateFile>[2],
): Promise<FileMeta | null> {
  const prima = await auditBefore(tx, 'file-programmato', id);
  const row = await updateFile(tx, id, modifiche);
  if (row) await auditAfter(tx, audit, 'file-programmato', id, prima);
  return row;
}

/** Deletes a file, audited; the event's page no longer offers it. */
export async function eliminaFile(
  tx: DbTransaction,
  audit: AuditContext,
  id: number,
): Promise<void> {
  await eliminaRecord(tx, audit, 'file-programmato', id);
}
