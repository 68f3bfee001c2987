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
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { registro } from '../../db/schema';
import type { AnyPgColumn, PgTable } from '../../db/schema/columns';
import type { Window } from '../shared/pagination';
import type { AdminResource, Dependent } from './resource';

type Row = Record<string, unknown>;
export type AdminRecord = Record<string, unknown> & { id: number };

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
    record[name] = row[keyOf(resource.table, column)] ?? null;
  }
  return record;
}

/** API fields of a request → drizzle values (fields left out stay as they are). */
export function toValues(resource: AdminResource, input: Record<string, unknown>): Row {
  const values: Row = {};
  for (const [name, value] of Object.entries(input)) {
    const column = resource.columns[name];
    if (column && value !== undefined) values[keyOf(resource.table, column)] = value;
  }
  return values;
}

/** `%`, `_` and `\` are literal in a search. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type ListFilter = {
  /** Every word must appear in one of the searched fields. */
  search?: string;
  /** Column → value (equality; null = IS NULL). */
  equals: { column: AnyPgColumn; value: unknown }[];
  /** [column, descending] in order. */
  ordering: [AnyPgColumn, boolean][];
};

function whereOf(resource: AdminResource, filter: ListFilter): SQL | undefined {
  const searched = Object.entries(resource.risorsa.campi)
    .filter(([, campo]) => campo.cerca)
    .map(([name]) => resource.columns[name]!);
  const words = (filter.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  return and(
    ...words.map((word) =>
      or(...searched.map((c) => ilike(sql`${c}::text`, `%${likeLiteral(word)}%`))),
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
  const where = whereOf(resource, filter);
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
  return { count: total, rows: (rows as Row[]).map((r) => toRecord(resource, r)) };
}

export async function getRecord(
  db: DbOrTx,
  resource: AdminResource,
  id: number,
): Promise<AdminRecord | null> {
  const [row] = await db.select().from(resource.table).where(eq(resource.id, id)).limit(1);
  return row ? toRecord(resource, row as Row) : null;
}

export async function insertRecord(
  tx: DbOrTx,
  resource: AdminResource,
  input: Record<string, unknown>,
): Promise<AdminRecord> {
  const [row] = await tx.insert(resource.table).values(toValues(resource, input)).returning();
  return toRecord(resource, row as Row);
}

export async function updateRecord(
  tx: DbOrTx,
  resource: AdminResource,
  id: number,
  input: Record<string, unknown>,
): Promise<AdminRecord | null> {
  const values = toValues(resource, input);
  if (Object.keys(values).length === 0) return getRecord(tx, resource, id);
  const [row] = await tx.update(resource.table).set(values).where(eq(resource.id, id)).returning();
  return row ? toRecord(resource, row as Row) : null;
}

export async function deleteRecord(tx: DbOrTx, resource: AdminResource, id: number) {
  await tx.delete(resource.table).where(eq(resource.id, id));
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
          ilike(registro.nota, `%${likeLiteral(filter.search)}%`),
        )
      : undefined,
  );
  const query = db.select().from(registro).where(where).orderBy(desc(registro.id));
  const [rows, total] = await Promise.all([
    window ? query.limit(window.limit).offset(window.offset) : query,
    db
      .select({ n: count() })
      .from(registro)
      .where(where)
      .then(([r]) => r?.n ?? 0),
  ]);
  return { count: total, rows };
}

export type LogRow = typeof registro.$inferSelect;
