// The reads of the venues' use cases.
import { count, eq } from 'drizzle-orm';
import type { DbOrTx, DbTransaction } from '../../db/client';
import { polo, squadra } from '../../db/schema';

export async function eventoOfPolo(db: DbOrTx, poloId: number): Promise<number | null> {
  const [row] = await db.select({ eventoId: polo.eventoId }).from(polo).where(eq(polo.id, poloId));
  return row?.eventoId ?? null;
}

/**
 * The venue's event, its row locked: a team being put at the venue (its
 * foreign-key check locks this row) waits for the write, so "has no teams"
 * still holds when the venue moves.
 */
export async function lockPolo(tx: DbTransaction, poloId: number): Promise<number | null> {
  const [row] = await tx
    .select({ eventoId: polo.eventoId })
    .from(polo)
    .where(eq(polo.id, poloId))
    .for('update');
  return row?.eventoId ?? null;
}

export async function squadreDelPolo(db: DbOrTx, poloId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(squadra).where(eq(squadra.poloId, poloId));
  return row?.n ?? 0;
}
