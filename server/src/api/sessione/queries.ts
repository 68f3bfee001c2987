// Reads of sessions and of what their payload embeds. Only this file of the
// folder touches drizzle.
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { citta, evento, scuola, sessione, squadra } from '../../db/schema';
import type { Window } from '../shared/pagination';

export type SessioniFilter = {
  /** The visitor's events (access/queries.ts); undefined = all. */
  visible: SQL | undefined;
  eventoId?: number;
  id?: number;
};

const sessioniWhere = (f: SessioniFilter) =>
  and(
    f.visible,
    f.eventoId !== undefined ? eq(sessione.eventoId, f.eventoId) : undefined,
    f.id !== undefined ? eq(sessione.id, f.id) : undefined,
  );

/**
 * Sessions with their event's times, the team count and the venues of their
 * teams; only those of `window` (filtered, counted and cut in SQL, so the
 * cost follows the page), or all of them without one.
 */
export async function loadSessioni(db: DbOrTx, filter: SessioniFilter, window?: Window) {
  const where = sessioniWhere(filter);
  const query = db
    .select({ sessione, inizio: evento.inizio, fine: evento.fine })
    .from(sessione)
    .innerJoin(evento, eq(evento.id, sessione.eventoId))
    .where(where)
    .orderBy(desc(evento.inizio), asc(sessione.ordine), asc(sessione.id));
  const [rows, total] = await Promise.all([
    window ? query.limit(window.limit).offset(window.offset) : query,
    window
      ? db
          .select({ n: count() })
          .from(sessione)
          .innerJoin(evento, eq(evento.id, sessione.eventoId))
          .where(where)
          .then(([row]) => row?.n ?? 0)
      : null,
  ]);
  const ids = rows.map((r) => r.sessione.id);
  if (ids.length === 0) return { count: total ?? 0, rows: [] };
  const [counts, poli] = await Promise.all([
    db
      .select({ id: squadra.sessioneId, n: count() })
      .from(squadra)
      .where(inArray(squadra.sessioneId, ids))
      .groupBy(squadra.sessioneId),
    db
      .selectDistinct({ id: squadra.sessioneId, polo: squadra.poloId })
      .from(squadra)
      .where(and(inArray(squadra.sessioneId, ids), isNotNull(squadra.poloId)))
      .orderBy(asc(squadra.sessioneId), asc(squadra.poloId)),
  ]);
  return {
    count: total ?? rows.length,
    rows: rows.map((r) => ({
      ...r,
      squadreCount: counts.find((c) => c.id === r.sessione.id)?.n ?? 0,
      poli: poli.filter((p) => p.id === r.sessione.id).map((p) => p.polo!),
    })),
  };
}
export type SessioneRow = Awaited<ReturnType<typeof loadSessioni>>['rows'][number];

/** The schools of a session's teams, with their city, by name. */
export function scuoleOfSessione(db: DbOrTx, sessioneId: number) {
  return db
    .selectDistinct({ scuola, citta })
    .from(squadra)
    .innerJoin(scuola, eq(scuola.id, squadra.scuolaId))
    .leftJoin(citta, eq(citta.id, scuola.cittaId))
    .where(eq(squadra.sessioneId, sessioneId))
    .orderBy(asc(scuola.nome), asc(scuola.id));
}
export type ScuolaRow = Awaited<ReturnType<typeof scuoleOfSessione>>[number];
