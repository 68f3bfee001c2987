// Reads of venues (poli) with their city and managers.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { citta, polo, poloResponsabile, users } from '../../db/schema';

/** The venues of these events (only venue `id`, when given). */
export async function loadPoli(db: DbOrTx, eventoIds: number[], id?: number) {
  if (eventoIds.length === 0) return [];
  const rows = await db
    .select({ polo, citta })
    .from(polo)
    .leftJoin(citta, eq(citta.id, polo.cittaId))
    .where(and(inArray(polo.eventoId, eventoIds), id === undefined ? undefined : eq(polo.id, id)))
    .orderBy(asc(polo.eventoId), asc(polo.id));
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
  return rows.map((r) => ({
    ...r,
    responsabili: managers.filter((m) => m.poloId === r.polo.id),
  }));
}

export async function poloEventoId(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = await db.select({ eventoId: polo.eventoId }).from(polo).where(eq(polo.id, id));
  return row?.eventoId ?? null;
}

export type PoloRow = Awaited<ReturnType<typeof loadPoli>>[number];
