// Reads of problems.
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { problema, type Problema } from '../../db/schema';
import type { Actor } from '../../policies';
import { inVisibleEvento } from '../../access/queries';
import type { Window } from '../shared/pagination';

/**
 * Problems of the events the actor may see, in contest order, optionally of
 * one event or only problem `id`: the page of `window` (filtered, counted
 * and cut in SQL), or all of them without one.
 */
export async function loadProblemi(
  db: DbOrTx,
  actor: Actor,
  f: { eventoId?: number; id?: number },
  window?: Window,
): Promise<{ count: number; rows: Problema[] }> {
  const where = and(
    inVisibleEvento(actor, problema.eventoId),
    f.eventoId !== undefined ? eq(problema.eventoId, f.eventoId) : undefined,
    f.id !== undefined ? eq(problema.id, f.id) : undefined,
  );
  const query = db
    .select()
    .from(problema)
    .where(where)
    .orderBy(asc(problema.eventoId), asc(problema.ordine));
  if (!window) {
    const rows = await query;
    return { count: rows.length, rows };
  }
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(problema).where(where),
    query.limit(window.limit).offset(window.offset),
  ]);
  return { count: total?.n ?? 0, rows };
}
