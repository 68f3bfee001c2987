// What the live feeds read from the database: which event a session belongs
// to (for the visibility check when a socket connects) and a message by id
// (for the LISTEN/NOTIFY bridge when a message is too long for a payload).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { messaggioImportante, sessione } from '../db/schema';
import { loadEventoWithAccess, type EventoWithAccess } from '../api/shared/evento-access';

export async function eventoOfSessione(
  db: DbOrTx,
  sessioneId: number,
): Promise<EventoWithAccess | null> {
  const [row] = await db
    .select({ eventoId: sessione.eventoId })
    .from(sessione)
    .where(eq(sessione.id, sessioneId));
  return row ? loadEventoWithAccess(db, row.eventoId) : null;
}

export function eventoById(db: DbOrTx, eventoId: number): Promise<EventoWithAccess | null> {
  return loadEventoWithAccess(db, eventoId);
}

export async function messaggioById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(messaggioImportante).where(eq(messaggioImportante.id, id));
  return row ?? null;
}
