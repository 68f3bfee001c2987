// Reads and writes of file_programmato (its use cases: file.ts). Lists never
// select the bytes.
import { createHash } from 'node:crypto';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evento, fileProgrammato, type TipologiaFile } from '../../db/schema';
import type { Actor } from '../../policies';
import { inVisibleEvento } from '../../access/queries';
import type { Window } from '../../db/window';

/** A file without its bytes. */
export type FileMeta = {
  id: number;
  eventoId: number;
  tipologia: TipologiaFile;
  data: Date;
  pubblico: boolean;
  nomeFile: string;
  dimensione: number;
};

const meta = {
  id: fileProgrammato.id,
  eventoId: fileProgrammato.eventoId,
  tipologia: fileProgrammato.tipologia,
  data: fileProgrammato.data,
  pubblico: fileProgrammato.pubblico,
  nomeFile: fileProgrammato.nomeFile,
  dimensione: fileProgrammato.dimensione,
};

export async function fileMeta(db: DbOrTx, id: number): Promise<FileMeta | null> {
  const [row] = await db.select(meta).from(fileProgrammato).where(eq(fileProgrammato.id, id));
  return row ?? null;
}

/**
 * Files of the events the actor may see (optionally of one event), in event
 * order: one page, filtered, counted and cut in SQL.
 */
export async function listFiles(
  db: DbOrTx,
  actor: Actor,
  eventoId: number | undefined,
  window: Window,
): Promise<{ count: number; rows: FileMeta[] }> {
  const where = and(
    inVisibleEvento(actor, fileProgrammato.eventoId),
    eventoId !== undefined ? eq(fileProgrammato.eventoId, eventoId) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(fileProgrammato).where(where),
    db
      .select(meta)
      .from(fileProgrammato)
      .where(where)
      .orderBy(
        asc(fileProgrammato.eventoId),
        asc(fileProgrammato.tipologia),
        asc(fileProgrammato.id),
      )
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return { count: total?.n ?? 0, rows };
}

export async function fileContent(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ contenuto: fileProgrammato.contenuto, sha256: fileProgrammato.sha256 })
    .from(fileProgrammato)
    .where(eq(fileProgrammato.id, id));
  return row ?? null;
}

const bytesColumns = (contenuto: Uint8Array, nomeFile: string) => ({
  contenuto,
  nomeFile,
  contentType: 'application/pdf',
  dimensione: contenuto.byteLength,
  sha256: createHash('sha256').update(contenuto).digest('hex'),
});

export type NewUpload = {
  eventoId: number;
  tipologia: TipologiaFile;
  data: Date;
  pubblico: boolean;
  nomeFile: string;
  contenuto: Uint8Array;
};

/**
 * Stores the event's problems or solutions file, replacing the previous one
 * of that kind: the event points at the new row and the old rows go.
 */
export async function replaceFile(db: DbOrTx, upload: NewUpload): Promise<FileMeta> {
  return db.transaction(async (tx) => {
    // Concurrent uploads for one event queue up instead of racing on the pointer.
    await tx
      .select({ id: evento.id })
      .from(evento)
      .where(eq(evento.id, upload.eventoId))
      .for('update');
    const { contenuto, nomeFile, ...rest } = upload;
    const [row] = await tx
      .insert(fileProgrammato)
      .values({ ...rest, ...bytesColumns(contenuto, nomeFile) })
      .returning(meta);
    const file = row!;
    const pointer =
      upload.tipologia === 'problemi' ? { fileProblemiId: file.id } : { fileSoluzioniId: file.id };
    await tx.update(evento).set(pointer).where(eq(evento.id, upload.eventoId));
    await tx
      .delete(fileProgrammato)
      .where(
        and(
          eq(fileProgrammato.eventoId, upload.eventoId),
          eq(fileProgrammato.tipologia, upload.tipologia),
          ne(fileProgrammato.id, file.id),
        ),
      );
    return file;
  });
}

export async function updateFile(
  db: DbOrTx,
  id: number,
  changes: { data?: Date; pubblico?: boolean; bytes?: { contenuto: Uint8Array; nomeFile: string } },
): Promise<FileMeta | null> {
  const { bytes, ...rest } = changes;
  const values = { ...rest, ...(bytes && bytesColumns(bytes.contenuto, bytes.nomeFile)) };
  if (Object.keys(values).length === 0) return fileMeta(db, id);
  const [row] = await db
    .update(fileProgrammato)
    .set(values)
    .where(eq(fileProgrammato.id, id))
    .returning(meta);
  return row ?? null;
}
