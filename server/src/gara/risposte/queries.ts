// Reads and writes of answers (risposta rows, kind r and j). Only this file of
// the folder touches drizzle; new answer rows are stored by
// gas_consegna_risposte only (consegna.ts: the batcher's plain SQL, and
// `consegnaNellaTransazione` below inside a caller's transaction).
import { and, asc, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { countsForScores } from '../../db/contest-window';
import {
  evento,
  eventoAmministratore,
  eventoInseritore,
  jolly,
  problema,
  responsabileSquadra,
  risposta,
  sessione,
  squadra,
  users,
  type NewJolly,
  type Problema,
  type Squadra,
} from '../../db/schema';
import type { SquadraRef, SquadraScope } from '../../policies';
import { toEventoAccess, type EventoWithAccess } from '../../access/evento-access';
import type { Window } from '../../db/window';
import { scoringEventColumns } from '../../scores/queries';
import type { OutcomeRow } from './consegna';

/** Teams' direct managers (Squadra.responsabili), for the policies' SquadraRef. */
export async function responsabiliOf(
  db: DbOrTx,
  squadraIds: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(squadraIds.map((id) => [id, []]));
  if (squadraIds.length === 0) return out;
  const rows = await db
    .select()
    .from(responsabileSquadra)
    .where(inArray(responsabileSquadra.squadraId, [...new Set(squadraIds)]));
  for (const row of rows) out.get(row.squadraId)?.push(row.responsabileId);
  return out;
}

export function squadraRefOf(row: Squadra, responsabileIds: readonly number[]): SquadraRef {
  return {
    id: row.id,
    eventoId: row.eventoId,
    scuolaId: row.scuolaId,
    responsabileIds,
    poloId: row.poloId,
  };
}

/** loadEventoWithAccess one query at a time, for use inside a transaction. */
async function loadEventoSequentially(db: DbOrTx, id: number): Promise<EventoWithAccess | null> {
  const [row] = await db.select().from(evento).where(eq(evento.id, id));
  if (!row) return null;
  const admins = await db
    .select({ id: eventoAmministratore.responsabileId })
    .from(eventoAmministratore)
    .where(eq(eventoAmministratore.eventoId, id));
  const inseritori = await db
    .select({ id: eventoInseritore.responsabileId })
    .from(eventoInseritore)
    .where(eq(eventoInseritore.eventoId, id));
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return { row, access: toEventoAccess(row, ids(admins), ids(inseritori)) };
}

export type SquadraTarget = { row: Squadra; ref: SquadraRef };

export type SubmissionTarget = {
  squadra: SquadraTarget | null;
  problema: Problema | null;
  /** The team's event (null without a team). */
  evento: EventoWithAccess | null;
};

/**
 * A team with its direct managers. `lock` (inside a transaction) locks its
 * row, so one team's submissions are serialised (duplicate checks and the
 * joker rule see each other's rows).
 */
export async function loadSquadraTarget(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<SquadraTarget | null> {
  const query = db.select().from(squadra).where(eq(squadra.id, id));
  const [team] = lock ? await query.for('no key update') : await query;
  if (!team) return null;
  const managers = await responsabiliOf(db, [id]);
  return { row: team, ref: squadraRefOf(team, managers.get(id) ?? []) };
}

export async function loadProblema(db: DbOrTx, id: number): Promise<Problema | null> {
  const [row] = await db.select().from(problema).where(eq(problema.id, id));
  return row ?? null;
}

/** The team (its row locked), the problem and the team's event named by a joker, in its transaction. */
export async function loadSubmissionTarget(
  db: DbOrTx,
  squadraId: number,
  problemaId: number,
): Promise<SubmissionTarget> {
  // Sequential: inside a transaction node-postgres runs one query at a time anyway.
  const team = await loadSquadraTarget(db, squadraId, true);
  return {
    squadra: team,
    problema: await loadProblema(db, problemaId),
    evento: team ? await loadEventoSequentially(db, team.row.eventoId) : null,
  };
}

/** The event of a problem (to tell "not visible" from "another event"). */
export async function eventoOfProblema(db: DbOrTx, problemaId: number) {
  const [row] = await db
    .select({ eventoId: problema.eventoId })
    .from(problema)
    .where(eq(problema.id, problemaId));
  return row ? loadEventoSequentially(db, row.eventoId) : null;
}

/** The answer (or joker row) a user stored with an idempotency key, if any. */
export async function rispostaPerChiave(db: DbOrTx, userId: number, chiave: string) {
  const [row] = await db
    .select()
    .from(risposta)
    .where(and(eq(risposta.inseritaDa, userId), eq(risposta.chiaveIdempotenza, chiave)));
  return row ?? null;
}

export type RispostaFilters = {
  squadra?: number;
  squadra__sessione?: number;
  squadra__evento?: number;
  problema?: number;
  kind?: 'r' | 'j';
};

/** The one event a filtered answer list is about, or null when the filter names nothing. */
export async function eventoOfFilters(db: DbOrTx, f: RispostaFilters): Promise<number | null> {
  const one = async (q: Promise<{ id: number }[]>) => (await q)[0]?.id ?? null;
  if (f.squadra !== undefined) {
    const q = db.select({ id: squadra.eventoId }).from(squadra).where(eq(squadra.id, f.squadra));
    return one(q);
  }
  if (f.squadra__sessione !== undefined) {
    const q = db
      .select({ id: sessione.eventoId })
      .from(sessione)
      .where(eq(sessione.id, f.squadra__sessione));
    return one(q);
  }
  if (f.problema !== undefined) {
    const q = db
      .select({ id: problema.eventoId })
      .from(problema)
      .where(eq(problema.id, f.problema));
    return one(q);
  }
  return f.squadra__evento ?? null;
}

/** The WHERE twin of policies' squadraInScope, on the squadra table. */
function scopeCondition(scope: SquadraScope): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.squadraIds.length > 0) parts.push(inArray(squadra.id, [...scope.squadraIds]));
  if (scope.scuolaIds.length > 0) parts.push(inArray(squadra.scuolaId, [...scope.scuolaIds]));
  if (scope.responsabileId !== null) {
    parts.push(
      sql`exists (select 1 from ${responsabileSquadra} rs where rs.squadra_id = ${squadra.id} and rs.responsabile_id = ${scope.responsabileId})`,
    );
  }
  return parts.length > 0 ? or(...parts) : sql`false`;
}

/** A page of an event's answers within a scope, newest first, with the names the page shows. */
export async function listRisposte(
  db: DbOrTx,
  eventoId: number,
  f: RispostaFilters,
  scope: SquadraScope,
  window: Window,
) {
  const where = and(
    eq(squadra.eventoId, eventoId),
    f.squadra !== undefined ? eq(risposta.squadraId, f.squadra) : undefined,
    f.squadra__sessione !== undefined ? eq(risposta.sessioneId, f.squadra__sessione) : undefined,
    f.problema !== undefined ? eq(risposta.problemaId, f.problema) : undefined,
    f.kind !== undefined ? eq(risposta.kind, f.kind) : undefined,
    scopeCondition(scope),
  );
  const [[total], rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(risposta)
      .innerJoin(squadra, eq(squadra.id, risposta.squadraId))
      .where(where),
    db
      .select({
        risposta,
        squadra,
        problemaNome: problema.nome,
        autore: { username: users.username, firstName: users.firstName, lastName: users.lastName },
      })
      .from(risposta)
      .innerJoin(squadra, eq(squadra.id, risposta.squadraId))
      .innerJoin(problema, eq(problema.id, risposta.problemaId))
      .leftJoin(users, eq(users.id, risposta.inseritaDa))
      .where(where)
      .orderBy(desc(risposta.id))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return { count: total?.n ?? 0, rows };
}
export type RispostaListRow = Awaited<ReturnType<typeof listRisposte>>['rows'][number];

/** An answer with its team, for the delete permission check. */
export async function loadRispostaWithSquadra(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ risposta, squadra })
    .from(risposta)
    .innerJoin(squadra, eq(squadra.id, risposta.squadraId))
    .where(eq(risposta.id, id));
  return row ?? null;
}

/** Deletes an answer; a joker row takes its jolly with it. Null when already gone. */
export async function deleteRisposta(db: DbOrTx, id: number) {
  const [row] = await db.delete(risposta).where(eq(risposta.id, id)).returning();
  if (row?.kind === 'j') {
    // The team's jolly on this problem is the choice this row carried (its
    // risposta_id has just been set null by the foreign key).
    await db
      .delete(jolly)
      .where(and(eq(jolly.squadraId, row.squadraId), eq(jolly.problemaId, row.problemaId)));
  }
  return row ?? null;
}

const eventColumns = { ...scoringEventColumns, dateReceived: risposta.dateReceived };

/** A page of a session's scoring events in id order (risposta-all). */
export async function sessionEvents(
  db: DbOrTx,
  sessioneId: number,
  filters: { pkIn?: number[]; idGt?: number },
  window: Window,
) {
  const where = and(
    eq(risposta.sessioneId, sessioneId),
    countsForScores(sessioneId),
    filters.pkIn ? inArray(risposta.id, filters.pkIn) : undefined,
    filters.idGt !== undefined ? gt(risposta.id, filters.idGt) : undefined,
  );
  const rows = await db
    .select(eventColumns)
    .from(risposta)
    .where(where)
    .orderBy(asc(risposta.id))
    .limit(window.limit)
    .offset(window.offset);
  // A first page that is not full is every row: its length is the count.
  // So a page's catch-up (id__gt its newest id: none or a few rows, one per
  // page load and after every reconnection) costs one query, not two.
  if (window.offset === 0 && rows.length < window.limit) return { count: rows.length, rows };
  const [total] = await db.select({ n: count() }).from(risposta).where(where);
  return { count: total?.n ?? 0, rows };
}

/** Every event of a session with one of the ids, in id order (pk_risposte with pk__in). */
export function sessionEventsByIds(db: DbOrTx, sessioneId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(eventColumns)
    .from(risposta)
    .where(
      and(
        eq(risposta.sessioneId, sessioneId),
        countsForScores(sessioneId),
        inArray(risposta.id, ids),
      ),
    )
    .orderBy(asc(risposta.id));
}

/** The ids of a session's events, ascending (pk_risposte). */
export async function sessionEventIds(db: DbOrTx, sessioneId: number): Promise<number[]> {
  const rows = await db
    .select({ id: risposta.id })
    .from(risposta)
    .where(and(eq(risposta.sessioneId, sessioneId), countsForScores(sessioneId)))
    .orderBy(asc(risposta.id));
  return rows.map((r) => r.id);
}

// ---- jokers (one per team; the kind-j answer row carries the choice into the live feed)

export async function findJolly(db: DbOrTx, squadraId: number) {
  const [row] = await db.select().from(jolly).where(eq(jolly.squadraId, squadraId));
  return row ?? null;
}

/** The joker a kind-j answer row carries. */
export async function jollyDellaRisposta(db: DbOrTx, rispostaId: number) {
  const [row] = await db.select().from(jolly).where(eq(jolly.rispostaId, rispostaId));
  return row ?? null;
}

export async function insertJolly(db: DbOrTx, values: NewJolly) {
  const [row] = await db.insert(jolly).values(values).returning();
  return row!;
}

/** The answer row (kind j) a joker was stored with; null when it has none. */
export async function rispostaDelJolly(db: DbOrTx, jollyId: number): Promise<number | null> {
  const [row] = await db
    .select({ rispostaId: jolly.rispostaId })
    .from(jolly)
    .where(eq(jolly.id, jollyId));
  return row?.rispostaId ?? null;
}

export async function deleteJollyRow(db: DbOrTx, jollyId: number) {
  await db.delete(jolly).where(eq(jolly.id, jollyId));
}

/**
 * gas_consegna_risposte inside the caller's transaction, for `payload`
 * (consegnaPayload, jollyPayload): its rows.
 */
export async function consegnaNellaTransazione(tx: DbOrTx, payload: string): Promise<OutcomeRow[]> {
  const result = await tx.execute(sql`select * from gas_consegna_risposte(${payload}::jsonb)`);
  // drizzle's execute leaves timestamps as the driver's text.
  return rowsOf<OutcomeRow>(result).map((r) => ({
    ...r,
    r_momento_consegna: new Date(r.r_momento_consegna),
    r_date: new Date(r.r_date),
    r_date_received: new Date(r.r_date_received),
  }));
}
