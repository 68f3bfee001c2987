// What backup and restore ask the database: is it empty, is it GaS's, which
// PostgreSQL it is, and a summary of what a restore brought back.
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client';

// Schemas every database has; anything else was made by someone.
const SYSTEM_SCHEMA = sql`(n.nspname in ('pg_catalog', 'information_schema', 'public')
  or n.nspname like 'pg\\_toast%' or n.nspname like 'pg\\_temp\\_%')`;

/**
 * What makes a database not empty for a restore: its tables, views and
 * sequences (any schema) and the schemas besides public (e.g. drizzle's), by
 * name, at most `limit` of them. Objects an extension brought (a provider's
 * pg_stat_statements in public) are not GaS's and do not count.
 */
export async function contentsOf(db: DbOrTx, limit = 5): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      (select n.nspname || '.' || c.relname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp\\_%'
          and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                            and d.objid = c.oid and d.deptype = 'e')
        order by 1 limit ${limit})
      union all
      (select 'schema ' || n.nspname from pg_namespace n
        where not ${SYSTEM_SCHEMA}
          and not exists (select 1 from pg_depend d where d.classid = 'pg_namespace'::regclass
                            and d.objid = n.oid and d.deptype = 'e')
        order by 1 limit ${limit})`),
  );
  return rows.map((r) => r.name).slice(0, limit);
}

/** True when drizzle's migration journal is there: a GaS database. */
export async function isGasDatabase(db: DbOrTx): Promise<boolean> {
  const rows = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`),
  );
  return rows[0]?.ok ?? false;
}

/** The server's major version (15 for 15.8). */
export async function serverMajor(db: DbOrTx): Promise<number> {
  const rows = rowsOf<{ major: number }>(
    await db.execute(sql`select current_setting('server_version_num')::int / 10000 as major`),
  );
  return Number(rows[0]!.major);
}

export type Summary = { utenti: number; eventi: number; risposte: number; file: number };

export async function summaryOf(db: DbOrTx): Promise<Summary> {
  const rows = rowsOf<Summary>(
    await db.execute(sql`select
      (select count(*) from users)::int as utenti,
      (select count(*) from evento)::int as eventi,
      (select count(*) from risposta)::int as risposte,
      (select count(*) from file_programmato)::int as file`),
  );
  const row = rows[0]!;
  return {
    utenti: Number(row.utenti),
    eventi: Number(row.eventi),
    risposte: Number(row.risposte),
    file: Number(row.file),
  };
}
