// Reads and writes of the important messages of events.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messaggioImportante, type MessaggioImportante } from '../../db/schema';

/** Messages of these events, newest first (only message `id`, when given). */
export async function loadMessaggi(
  db: DbOrTx,
  eventoIds: number[],
  id?: number,
): Promise<MessaggioImportante[]> {
  if (eventoIds.length === 0) return [];
  return db
    .select()
    .from(messaggioImportante)
    .where(
      and(
        inArray(messaggioImportante.eventoId, eventoIds),
        id === undefined ? undefined : eq(messaggioImportante.id, id),
      ),
    )
    .orderBy(desc(messaggioImportante.data), desc(messaggioImportante.id));
}

export async function messaggioEventoId(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = await db
    .select({ eventoId: messaggioImportante.eventoId })
    .from(messaggioImportante)
    .where(eq(messaggioImportante.id, id));
  return row?.eventoId ?? null;
}

export async function insertMessaggio(
  db: DbOrTx,
  eventoId: number,
  testo: string,
  data: Date,
): Promise<MessaggioImportante> {
  const [row] = await db.insert(messaggioImportante).values({ eventoId, testo, data }).returning();
  return row!;
}

export async function deleteMessaggio(db: DbOrTx, id: number): Promise<void> {
  await db.delete(messaggioImportante).where(eq(messaggioImportante.id, id));
}
