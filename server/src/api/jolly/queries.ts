// The list of jokers (one per team); their writes are the core's
// (gara/risposte/queries.ts). Only this file of the folder touches drizzle.
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evento, jolly, squadra } from '../../db/schema';
import type { Actor } from '../../policies';
import { eventoVisibleWhere } from '../../access/queries';
import type { Window } from '../shared/pagination';

export type JollyFilters = {
  squadra?: number;
  squadra__sessione?: number;
  squadra__evento?: number;
  problema?: number;
};

/** A page of jokers in id order, of the events the visitor may see (in SQL). */
export async function listJolly(db: DbOrTx, f: JollyFilters, actor: Actor, window: Window) {
  const visible = eventoVisibleWhere(actor);
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
