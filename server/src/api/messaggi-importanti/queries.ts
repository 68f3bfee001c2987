// What the messages' routes read (the writes are the core's: gara/messaggi/).
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messaggioImportante, type MessaggioImportante } from '../../db/schema';
import type { Actor } from '../../policies';
import { inVisibleEvento } from '../../access/queries';
import type { Window } from '../shared/pagination';

/**
 * Messages of the events the actor may see, newest first, optionally of one
 * event or only message `id`: the page of `window` (filtered, counted and
 * cut in SQL), or all of them without one.
 */
export async function loadMessaggi(
  db: DbOrTx,
  actor: Actor,
  f: { eventoId?: number; id?: number },
  window?: Window,
): Promise<{ count: number; rows: MessaggioImportante[] }> {
  const where = and(
    inVisibleEvento(actor, messaggioImportante.eventoId),
    f.eventoId !== undefined ? eq(messaggioImportante.eventoId, f.eventoId) : undefined,
    f.id !== undefined ? eq(messaggioImportante.id, f.id) : undefined,
  );
  const query = db
    .select()
    .from(messaggioImportante)
    .where(where)
    .orderBy(desc(messaggioImportante.data), desc(messaggioImportante.id));
  if (!window) {
    const rows = await query;
    return { count: rows.length, rows };
  }
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(messaggioImportante).where(where),
    query.limit(window.limit).offset(window.offset),
  ]);
  return { count: total?.n ?? 0, rows };
}

export async function messaggioEventoId(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = await db
    .select({ eventoId: messaggioImportante.eventoId })
    .from(messaggioImportante)
    .where(eq(messaggioImportante.id, id));
  return row?.eventoId ?? null;
}
