// Reads of problems.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { problema, type Problema } from '../../db/schema';

/** Problems of these events in contest order (only problem `id`, when given). */
export async function loadProblemi(
  db: DbOrTx,
  eventoIds: number[],
  id?: number,
): Promise<Problema[]> {
  if (eventoIds.length === 0) return [];
  return db
    .select()
    .from(problema)
    .where(
      and(
        inArray(problema.eventoId, eventoIds),
        id === undefined ? undefined : eq(problema.id, id),
      ),
    )
    .orderBy(asc(problema.eventoId), asc(problema.ordine));
}

export async function problemaEventoId(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = await db
    .select({ eventoId: problema.eventoId })
    .from(problema)
    .where(eq(problema.id, id));
  return row?.eventoId ?? null;
}
