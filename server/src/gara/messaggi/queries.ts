// The writes of the important messages (their use cases: messaggi.ts).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messaggioImportante, type MessaggioImportante } from '../../db/schema';

export async function messaggioById(db: DbOrTx, id: number): Promise<MessaggioImportante | null> {
  const [row] = await db.select().from(messaggioImportante).where(eq(messaggioImportante.id, id));
  return row ?? null;
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

export async function deleteMessaggio(db: DbOrTx, id: number): Promise<MessaggioImportante | null> {
  const [row] = await db
    .delete(messaggioImportante)
    .where(eq(messaggioImportante.id, id))
    .returning();
  return row ?? null;
}

export async function updateMessaggio(
  db: DbOrTx,
  id: number,
  { testo, evento }: { testo?: string; evento?: number },
): Promise<MessaggioImportante | null> {
  const [row] = await db
    .update(messaggioImportante)
    .set({ testo, eventoId: evento })
    .where(eq(messaggioImportante.id, id))
    .returning();
  return row ?? null;
}
