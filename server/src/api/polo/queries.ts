// Reads of venues (poli) with their city and managers.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { citta, polo, poloResponsabile, users } from '../../db/schema';
import type { Actor } from '../../policies';
import { inVisibleEvento } from '../../access/queries';
import type { Window } from '../shared/pagination';

/**
 * The venues of the events the actor may see, optionally of one event or
 * only venue `id`: the page of `window` (filtered, counted and cut in SQL),
 * or all of them without one.
 */
export async function loadPoli(
  db: DbOrTx,
  actor: Actor,
  f: { eventoId?: number; id?: number },
  window?: Window,
) {
  const where = and(
    inVisibleEvento(actor, polo.eventoId),
    f.eventoId !== undefined ? eq(polo.eventoId, f.eventoId) : undefined,
    f.id !== undefined ? eq(polo.id, f.id) : undefined,
  );
  const query = db
    .select({ polo, citta })
    .from(polo)
    .leftJoin(citta, eq(citta.id, polo.cittaId))
    .where(where)
    .orderBy(asc(polo.eventoId), asc(polo.id));
  const [rows, total] = await Promise.all([
    window ? query.limit(window.limit).offset(window.offset) : query,
    window
      ? db
          .select({ n: count() })
          .from(polo)
          .where(where)
          .then(([row]) => row?.n ?? 0)
      : null,
  ]);
  const ids = rows.map((r) => r.polo.id);
  const managers =
    ids.length === 0
      ? []
      : await db
          .select({
            poloId: poloResponsabile.poloId,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(poloResponsabile)
          .innerJoin(users, eq(users.id, poloResponsabile.userId))
          .where(inArray(poloResponsabile.poloId, ids))
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return {
    count: total ?? rows.length,
    rows: rows.map((r) => ({
      ...r,
      responsabili: managers.filter((m) => m.poloId === r.polo.id),
    })),
  };
}

export type PoloRow = Awaited<ReturnType<typeof loadPoli>>['rows'][number];
