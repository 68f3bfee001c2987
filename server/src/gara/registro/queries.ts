// The generic SQL of the back office: list (search, filters, ordering, one
// page), read, insert, update and delete of any resource described in
// resource.ts, plus the checks a write needs (foreign ids, dependents).
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { impostazioniSito, registro, risposta, sessione, squadra, users } from '../../db/schema';
import type { AnyPgColumn, PgTable } from '../../db/schema/columns';
import type { Window } from '../../db/window';
import type { AdminRecord, AdminResource, Dependent, Link, WithAnswers } from './resource';

type Row = Record<string, unknown>;

const keysByTable = new WeakMap<PgTable, Map<AnyPgColumn, string>>();

/** The property name drizzle uses for `column` in rows and values. */
function keyOf(table: PgTable, column: AnyPgColumn): string {
  let keys = keysByTable.get(table);
  if (!keys) {
    keys = new Map(Object.entries(getTableColumns(table)).map(([k, c]) => [c as AnyPgColumn, k]));
    keysByTable.set(table, keys);
  }
  const key = keys.get(column);
  if (!key) throw new Error(`colonna ${column.name} fuori dalla tabella`);
  return key;
}

/** A row as the API shows it: `id` and every field by its API name. */
export function toRecord(resource: AdminResource, row: Row): AdminRecord {
  const record: AdminRecord = { id: row[keyOf(resource.table, resource.id)] as number };
  for (const [name, column] of Object.entries(resource.columns)) {
    const value = row[keyOf(resource.table, column)] ?? null;
    record[name] = value instanceof Date ? value.toISOString() : value;
  }
  return record;
}

/** API fields of a request → drizzle values (fields left out stay as they are). */
export function toValues(resource: AdminResource, input: Record<string, unknown>): Row {
  const values: Row = {};
  for (const [name, value] of Object.entries(input)) {
    const column = resource.columns[name];
    if (!column || value === undefined) continue;
    // Timestamps arrive as ISO strings and are stored as dates.
    values[keyOf(resource.table, column)] =
      column.dataType === 'date' && typeof value === 'string' ? new Date(value) : value;
  }
  return values;
}

/** `%`, `_` and `\` are literal in a search. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type ListFilter = {
  /** Every word must appear in one of the searched fields. */
  search?: string;
  /** The resource of a reference (a searched reference searches its record). */
  referenced?: (nome: string) => AdminResource | undefined;
  /** Only these records. */
  ids?: number[];
  /** Column → value (equality; null = IS NULL). */
  equals: { column: AnyPgColumn; value: unknown }[];
  /** Many-to-many fields that hold this id (the venues of a manager). */
  contains?: { link: Link; id: number }[];
  /** [column, descending] in order. */
  ordering: [AnyPgColumn, boolean][];
};

/** The searched text columns of `resource`. */
const searchedColumns = (resource: AdminResource) =>
  Object.entries(resource.risorsa.campi)
    .filter(([, campo]) => campo.cerca && !campo.riferimento)
    .map(([name]) => resource.columns[name]!);

/**
 * `word` in a searched field of `resource`, or in a searched field of the
 * record a searched reference points to (a manager found by the name of
 * their account).
 */
function matches(
  db: DbOrTx,
  resource: AdminResource,
  word: string,
  referenced: ListFilter['referenced'],
): SQL | undefined {
  const pattern = `%${likeLiteral(word)}%`;
  const through = Object.entries(resource.risorsa.campi)
    .filter(([, campo]) => campo.cerca && campo.riferimento)
    .flatMap(([name, campo]) => {
      const target = referenced?.(campo.riferimento!);
      if (!target) return [];
      const inTarget = or(...searchedColumns(target).map((c) => ilike(sql`${c}::text`, pattern)));
      return [
        inArray(
          resource.columns[name]!,
          db.select({ id: target.id }).from(target.table).where(inTarget),
        ),
      ];
    });
  return or(...searchedColumns(resource).map((c) => ilike(sql`${c}::text`, pattern)), ...through);
}

function whereOf(db: DbOrTx, resource: AdminResource, filter: ListFilter): SQL | undefined {
  const words = (filter.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  return and(
    ...words.map((word) => matches(db, resource, word, filter.referenced)),
    filter.ids ? inArray(resource.id, filter.ids) : undefined,
    ...(filter.contains ?? []).map(({ link, id }) =>
      inArray(
        resource.id,
        db.select({ owner: link.owner }).from(link.table).where(eq(link.target, id)),
      ),
    ),
    ...filter.equals.map(({ column, value }) =>
      value === null ? sql`${column} is null` : eq(column, value),
    ),
  );
}

export async function listRecords(
  db: DbOrTx,
  resource: AdminResource,
  filter: ListFilter,
  window: Window | null,
): Promise<{ count: number; rows: AdminRecord[] }> {
  const where = whereOf(db, resource, filter);
  const order = [
    ...filter.ordering.map(([c, descending]) => (descending ? desc(c) : asc(c))),
    asc(resource.id),
  ];
  const query = db
    .select()
    .from(resource.table)
    .where(where)
    .orderBy(...order);
  const [rows, total] = await Promise.all([
    window ? query.limit(window.limit).offset(window.offset) : query,
    db
      .select({ n: count() })
      .from(resource.table)
      .where(where)
      .then(([r]) => r?.n ?? 0),
  ]);
  const records = (rows as Row[]).map((r) => toRecord(resource, r));
  await attachLinks(db, resource, records);
  return { count: total, rows: records };
}

/** Fills the many-to-many fields (arrays of ids, ascending) of `records`. */
async function attachLinks(db: DbOrTx, resource: AdminResource, records: AdminRecord[]) {
  for (const [name, link] of Object.entries(resource.links ?? {})) {
    for (const record of records) record[name] = [];
    if (records.length === 0) continue;
    const ids = records.map((r) => r.id);
    const rows = await db
      .select({ owner: link.owner, target: link.target })
      .from(link.table)
      .where(inArray(link.owner, ids))
      .orderBy(asc(link.target));
    const byId = new Map(records.map((r) => [r.id, r]));
    for (const row of rows as { owner: number; target: number }[]) {
      (byId.get(row.owner)![name] as number[]).push(row.target);
    }
  }
}

/** Replaces the many-to-many fields of `input` for record `id`. */
export async function writeLinks(
  tx: DbOrTx,
  resource: AdminResource,
  id: number,
  input: Record<string, unknown>,
) {
  for (const [name, link] of Object.entries(resource.links ?? {})) {
    const ids = input[name];
    if (!Array.isArray(ids)) continue;
    await tx.delete(link.table).where(eq(link.owner, id));
    const unique = [...new Set(ids as number[])];
    if (unique.length === 0) continue;
    const owner = keyOf(link.table, link.owner);
    const target = keyOf(link.table, link.target);
    await tx.insert(link.table).values(unique.map((t) => ({ [owner]: id, [target]: t })));
  }
}

export async function getRecord(
  db: DbOrTx,
  resource: AdminResource,
  id: number,
): Promise<AdminRecord | null> {
  const [row] = await db
    .select(selection(resource))
    .from(resource.table)
    .where(eq(resource.id, id))
    .limit(1);
  if (!row) return null;
  const record = toRecord(resource, row as Row);
  await attachLinks(db, resource, [record]);
  return record;
}

export async function insertRecord(
  tx: DbOrTx,
  resource: AdminResource,
  input: Record<string, unknown>,
  extra: Row = {},
): Promise<AdminRecord> {
  const [row] = await tx
    .insert(resource.table)
    .values({ ...toValues(resource, input), ...extra })
    .returning();
  const id = (row as Row)[keyOf(resource.table, resource.id)] as number;
  await writeLinks(tx, resource, id, input);
  return (await getRecord(tx, resource, id))!;
}

export async function updateRecord(
  tx: DbOrTx,
  resource: AdminResource,
  id: number,
  input: Record<string, unknown>,
  extra: Row = {},
): Promise<AdminRecord | null> {
  const values = { ...toValues(resource, input), ...extra };
  if (Object.keys(values).length > 0) {
    await tx.update(resource.table).set(values).where(eq(resource.id, id));
  }
  await writeLinks(tx, resource, id, input);
  return getRecord(tx, resource, id);
}

export async function deleteRecord(
  tx: DbOrTx,
  resource: AdminResource,
  id: number,
): Promise<undefined> {
  await tx.delete(resource.table).where(eq(resource.id, id));
  return undefined;
}

/** Only the id and the fields' columns: never a file's bytes in a list. */
function selection(resource: AdminResource): Record<string, AnyPgColumn> {
  const out: Record<string, AnyPgColumn> = {
    [keyOf(resource.table, resource.id)]: resource.id,
  };
  for (const column of Object.values(resource.columns)) out[keyOf(resource.table, column)] = column;
  return out;
}

/** Whether a record with this id exists in `column`'s table. */
export async function idExists(db: DbOrTx, column: AnyPgColumn, id: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from ${column.table} where ${column} = ${id} limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function countDependents(db: DbOrTx, dependents: Dependent[], id: number) {
  return Promise.all(
    dependents.map(async (d) => {
      const rows = await db.execute(
        sql`select count(*)::int as n from ${d.column.table} where ${d.column} = ${id}`,
      );
      const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      return { risorsa: d.risorsa, etichetta: d.etichetta, numero: n };
    }),
  );
}

/** The answer rows (kind-j rows of jokers included) of an event, session, problem or team. */
function answersWhere(db: DbOrTx, kind: WithAnswers, id: number): SQL {
  return kind === 'sessione'
    ? eq(risposta.sessioneId, id)
    : kind === 'squadra'
      ? eq(risposta.squadraId, id)
      : kind === 'problema'
        ? eq(risposta.problemaId, id)
        : inArray(
            risposta.sessioneId,
            db.select({ id: sessione.id }).from(sessione).where(eq(sessione.eventoId, id)),
          );
}

/** Answers and jokers (kind-j answer rows) that deleting this record takes with it. */
export async function countAnswers(db: DbOrTx, kind: WithAnswers, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(risposta)
    .where(answersWhere(db, kind, id));
  return row?.n ?? 0;
}

/** Those answers as the back office shows them (for the log of a forced deletion). */
export async function answersOf(
  db: DbOrTx,
  resource: AdminResource,
  kind: WithAnswers,
  id: number,
): Promise<AdminRecord[]> {
  const rows = await db
    .select()
    .from(risposta)
    .where(answersWhere(db, kind, id))
    .orderBy(asc(risposta.id));
  return rows.map((row) => toRecord(resource, row));
}

// ---- the audit log

export type LogFilter = {
  risorsa?: string;
  oggetto?: number;
  utente?: number;
  azione?: string;
  origine?: string;
  dal?: Date;
  al?: Date;
  search?: string;
};

export async function listLog(db: DbOrTx, filter: LogFilter, window: Window | null) {
  const where = and(
    filter.risorsa !== undefined ? eq(registro.risorsa, filter.risorsa) : undefined,
    filter.oggetto !== undefined ? eq(registro.oggettoId, filter.oggetto) : undefined,
    filter.utente !== undefined ? eq(registro.utenteId, filter.utente) : undefined,
    filter.azione !== undefined ? sql`${registro.azione} = ${filter.azione}` : undefined,
    filter.origine !== undefined ? sql`${registro.origine} = ${filter.origine}` : undefined,
    filter.dal ? gte(registro.momento, filter.dal) : undefined,
    filter.al ? lte(registro.momento, filter.al) : undefined,
    filter.search
      ? or(
          ilike(registro.oggettoNome, `%${likeLiteral(filter.search)}%`),
          ilike(registro.utenteNome, `%${likeLiteral(filter.search)}%`),
          ilike(users.username, `%${likeLiteral(filter.search)}%`),
          ilike(registro.nota, `%${likeLiteral(filter.search)}%`),
        )
      : undefined,
  );
  // Entries written on the answers' hot path leave the username to this read.
  const query = db
    .select({ entry: registro, username: users.username })
    .from(registro)
    .leftJoin(users, eq(users.id, registro.utenteId))
    .where(where)
    .orderBy(desc(registro.id));
  const [rows, total] = await Promise.all([
    window ? query.limit(window.limit).offset(window.offset) : query,
    db
      .select({ n: count() })
      .from(registro)
      .leftJoin(users, eq(users.id, registro.utenteId))
      .where(where)
      .then(([r]) => r?.n ?? 0),
  ]);
  return {
    count: total,
    rows: rows.map(({ entry, username }) => ({
      ...entry,
      utenteNome: entry.utenteNome || username || '',
    })),
  };
}

export type LogRow = typeof registro.$inferSelect;

/** The teams of an event (age-order lists match their names). */
export function teamsOfEvento(db: DbOrTx, eventoId: number) {
  return db
    .select({ id: squadra.id, nome: squadra.nome })
    .from(squadra)
    .where(eq(squadra.eventoId, eventoId));
}

// ---- the site settings (one JSON value per key)

export function loadSettings(db: DbOrTx) {
  return db.select().from(impostazioniSito);
}

export async function saveSetting(tx: DbOrTx, key: string, value: unknown) {
  const [row] = await tx
    .insert(impostazioniSito)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: impostazioniSito.key, set: { value, updatedAt: new Date() } })
    .returning();
  return row!;
}
