// Reads and writes of teams (their use cases: squadre.ts).
import { and, asc, count, eq, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, DbTransaction } from '../../db/client';
import {
  citta,
  evento,
  responsabileSquadra,
  scuola,
  squadra,
  type NewSquadra,
} from '../../db/schema';
import type { Actor, SquadraScope } from '../../policies';
import { eventoVisibleWhere } from '../../access/queries';
import type { Window } from '../../db/window';

export async function scuolaExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: scuola.id }).from(scuola).where(eq(scuola.id, id));
  return row !== undefined;
}

export type SquadraFull = Awaited<ReturnType<typeof selectSquadre>>[number] & {
  responsabili: number[];
};

function selectSquadre(db: DbOrTx, where: SQL | undefined, window?: Window) {
  const query = db
    .select({ squadra, scuola, citta })
    .from(squadra)
    .leftJoin(scuola, eq(scuola.id, squadra.scuolaId))
    .leftJoin(citta, eq(citta.id, scuola.cittaId))
    .where(where)
    .orderBy(asc(squadra.sessioneId), asc(squadra.nome), asc(squadra.id));
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

async function withResponsabili(
  db: DbOrTx,
  rows: Awaited<ReturnType<typeof selectSquadre>>,
): Promise<SquadraFull[]> {
  const ids = rows.map((r) => r.squadra.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(responsabileSquadra)
          .where(inArray(responsabileSquadra.squadraId, ids));
  return rows.map((row) => ({
    ...row,
    responsabili: links
      .filter((l) => l.squadraId === row.squadra.id)
      .map((l) => l.responsabileId)
      .sort((a, b) => a - b),
  }));
}

/** The teams a scope covers, as a WHERE condition (see policies' SquadraScope). */
function scopeCondition(scope: SquadraScope): SQL | undefined {
  if (scope.all) return undefined;
  const direct =
    scope.responsabileId === null
      ? undefined
      : inArray(
          squadra.id,
          sql`(select ${responsabileSquadra.squadraId} from ${responsabileSquadra}
               where ${responsabileSquadra.responsabileId} = ${scope.responsabileId})`,
        );
  return or(
    inArray(squadra.id, [...scope.squadraIds, -1]),
    inArray(squadra.scuolaId, [...scope.scuolaIds, -1]),
    direct,
  );
}

export type SquadraFilters = {
  /** Only teams of events this visitor may see (spec §6). */
  actor: Actor;
  /** Only events starting from this moment. */
  inizioGte?: Date;
  evento?: number;
  sessione?: number;
  scope?: SquadraScope;
};

/** A page of teams, filtered, counted and cut in SQL. */
export async function listSquadre(db: DbOrTx, f: SquadraFilters, window: Window) {
  const eventi = and(
    eventoVisibleWhere(f.actor),
    f.inizioGte ? gte(evento.inizio, f.inizioGte) : undefined,
  );
  const where = and(
    eventi
      ? inArray(squadra.eventoId, sql`(select ${evento.id} from ${evento} where ${eventi})`)
      : undefined,
    f.evento !== undefined ? eq(squadra.eventoId, f.evento) : undefined,
    f.sessione !== undefined ? eq(squadra.sessioneId, f.sessione) : undefined,
    f.scope ? scopeCondition(f.scope) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(squadra).where(where),
    selectSquadre(db, where, window),
  ]);
  return { count: total?.n ?? 0, rows: await withResponsabili(db, rows) };
}

export async function findSquadra(db: DbOrTx, id: number): Promise<SquadraFull | null> {
  const rows = await withResponsabili(db, await selectSquadre(db, eq(squadra.id, id)));
  return rows[0] ?? null;
}

/**
 * Serialises sign-ups and renames within a session until commit, so two
 * concurrent requests cannot both take a free name (no unique index: names
 * compare case-insensitively).
 */
export async function lockSessione(tx: DbTransaction, sessioneId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(4711003, ${sessioneId})`);
}

export async function nomeTaken(
  tx: DbOrTx,
  sessioneId: number,
  nome: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: squadra.id })
    .from(squadra)
    .where(
      and(
        eq(squadra.sessioneId, sessioneId),
        sql`lower(${squadra.nome}) = lower(${nome})`,
        exceptId !== undefined ? ne(squadra.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The teams a manager looks after, replaced by `squadre` (already checked). */
export async function setSquadreDelResponsabile(
  tx: DbTransaction,
  responsabileId: number,
  squadre: readonly number[],
): Promise<void> {
  await tx
    .delete(responsabileSquadra)
    .where(eq(responsabileSquadra.responsabileId, responsabileId));
  if (squadre.length > 0) {
    await tx
      .insert(responsabileSquadra)
      .values(squadre.map((squadraId) => ({ responsabileId, squadraId })));
  }
}

/** A new team, last in age order, linked to whoever registered it. */
export async function insertSquadra(
  tx: DbTransaction,
  values: Omit<NewSquadra, 'ordineEta'>,
  responsabileId: number | null,
): Promise<number> {
  const [last] = await tx
    .select({ n: count() })
    .from(squadra)
    .where(eq(squadra.sessioneId, values.sessioneId));
  const [row] = await tx
    .insert(squadra)
    .values({ ...values, ordineEta: (last?.n ?? 0) + 1 })
    .returning({ id: squadra.id });
  if (responsabileId !== null) {
    await tx.insert(responsabileSquadra).values({ responsabileId, squadraId: row!.id });
  }
  return row!.id;
}
