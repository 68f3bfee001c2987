// Reads and writes of jokers (one per team; the kind-j risposta row carries
// the choice into the live feed). Only this file of the folder touches drizzle.
import { and, asc, count, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evento, jolly, squadra, type NewJolly } from '../../db/schema';
import type { Window } from '../shared/pagination';

export async function findJolly(db: DbOrTx, squadraId: number) {
  const [row] = await db.select().from(jolly).where(eq(jolly.squadraId, squadraId));
  return row ?? null;
}

export async function insertJolly(db: DbOrTx, values: NewJolly) {
  const [row] = await db.insert(jolly).values(values).returning();
  return row!;
}

export async function privateEventoIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: evento.id }).from(evento).where(eq(evento.tipologia, 'priv'));
  return rows.map((r) => r.id);
}

export type JollyFilters = {
  squadra?: number;
  squadra__sessione?: number;
  squadra__evento?: number;
  problema?: number;
};

/**
 * A page of jokers in id order. `visiblePrivate` = the private events the
 * visitor may see (null: every event, for whoever sees them all).
 */
export async function listJolly(
  db: DbOrTx,
  f: JollyFilters,
  visiblePrivate: number[] | null,
  window: Window,
) {
  let visible: SQL | undefined;
  if (visiblePrivate !== null) {
    visible =
      visiblePrivate.length > 0
        ? or(ne(evento.tipologia, 'priv'), inArray(evento.id, visiblePrivate))
        : ne(evento.tipologia, 'priv');
  }
  const where = and(
    visible,
    f.squadra !== undefined ? eq(jolly.squadraId, f.squadra) : undefined,
    f.squadra__sessione !== undefined ? eq(squadra.sessioneId, f.squadra__sessione) : undefined,
    f.squadra__evento !== undefined ? eq(squadra.eventoId, f.squadra__evento) : undefined,
    f.problema !== undefined ? eq(jolly.problemaId, f.problema) : undefined,
  );
  const base = () =>
    db
      .select({ n: count() })
      .from(jolly)
      .innerJoin(squadra, eq(squadra.id, jolly.squadraId))
      .innerJoin(evento, eq(evento.id, squadra.eventoId))
      .where(where);
  const [[total], rows] = await Promise.all([
    base(),
    db
      .select({ jolly })
      .from(jolly)
      .innerJoin(squadra, eq(squadra.id, jolly.squadraId))
      .innerJoin(evento, eq(evento.id, squadra.eventoId))
      .where(where)
      .orderBy(asc(jolly.id))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return { count: total?.n ?? 0, rows: rows.map((r) => r.jolly) };
}
