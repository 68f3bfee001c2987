// What the error inbox's routes read for the audit log (the inbox's own
// reads and writes are in errori/queries.ts).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { erroreGruppo, type ErroreGruppo } from '../../db/schema';

/** The group, locked until the transaction ends (two staff members marking it queue up). */
export async function gruppoDaSegnare(tx: DbOrTx, id: number): Promise<ErroreGruppo | null> {
  const [gruppo] = await tx
    .select()
    .from(erroreGruppo)
    .where(eq(erroreGruppo.id, id))
    .for('update');
  return gruppo ?? null;
}
