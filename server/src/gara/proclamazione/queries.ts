// The proclamation's step of a session (db/schema/proclamazione.ts).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { proclamazione, type Proclamazione } from '../../db/schema';

export async function proclamazioneDellaSessione(
  db: DbOrTx,
  sessioneId: number,
): Promise<Proclamazione | null> {
  const [row] = await db
    .select()
    .from(proclamazione)
    .where(eq(proclamazione.sessioneId, sessioneId));
  return row ?? null;
}

/**
 * In the caller's transaction: the session's row (made at step 0 when
 * missing), locked until the commit, so that two administrators pressing
 * 'Avanti' at once move the ceremony two steps, not one twice.
 */
export async function bloccaProclamazione(db: DbOrTx, sessioneId: number): Promise<Proclamazione> {
  await db.insert(proclamazione).values({ sessioneId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(proclamazione)
    .where(eq(proclamazione.sessioneId, sessioneId))
    .for('update');
  return row!;
}

export async function impostaPasso(
  db: DbOrTx,
  sessioneId: number,
  passo: number,
  aggiornata: Date,
): Promise<Proclamazione> {
  const [row] = await db
    .update(proclamazione)
    .set({ passo, aggiornata })
    .where(eq(proclamazione.sessioneId, sessioneId))
    .returning();
  return row!;
}
