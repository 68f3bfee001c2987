// The few statements of the seed that are not plain batch inserts.
import { eq, sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { evento } from '../../db/schema';

/** Instances starting together on an empty database seed it once. */
export async function lockSeed(tx: DbTransaction, lock: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lock})`);
}

/** The event's problem and solution files, once stored. */
export async function linkEventoFiles(
  tx: DbTransaction,
  eventoId: number,
  files: { problemi: number; soluzioni: number },
): Promise<void> {
  await tx
    .update(evento)
    .set({ fileProblemiId: files.problemi, fileSoluzioniId: files.soluzioni })
    .where(eq(evento.id, eventoId));
}
