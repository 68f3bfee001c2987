// Opens the database: embedded PGlite under DATA_DIR by default, a real
// PostgreSQL when DATABASE_URL is set. Both give the same drizzle API (`Db`), so
// query code never asks which one it runs on. Raw clients are exposed for what
// drizzle does not cover (LISTEN/NOTIFY).
//
// Driver differences worth knowing in query code:
// - bigint/numeric results (e.g. a raw count(*)) come back as strings from
//   node-postgres; use drizzle's count() or .mapWith(Number).
// - bytea comes back as Buffer (node-postgres) or Uint8Array (PGlite).
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle instance, identical in use for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The `tx` of `db.transaction(async (tx) => ...)`. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database itself or an open transaction. */
export type DbOrTx = Db | DbTransaction;

type Common = {
  db: Db;
  /** Closes the connections (pool or embedded instance). Idempotent. */
  close(): Promise<void>;
};
export type PgliteDatabase = Common & { kind: 'pglite'; client: PGlite; dataDir: string | null };
export type PostgresDatabase = Common & {
  kind: 'postgres';
  client: pg.Pool;
  /** For dedicated connections, e.g. a pg.Client that LISTENs. */
  databaseUrl: string;
};
export type Database = PgliteDatabase | PostgresDatabase;

export type OpenDatabaseConfig = {
  /** postgres://... selects PostgreSQL; otherwise PGlite in `${dataDir}/pglite`. */
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL (default 20). */
  poolMax?: number;
  /** Errors of idle pooled connections (e.g. the server restarted). Default: console.error. */
  onPoolError?: (error: Error) => void;
};

/** Folder of the generated migrations, resolved from this module (not the cwd). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The current definition of each SQL function, one file each (CREATE OR
 * REPLACE): migrations created and changed them over time; these files are
 * where they are read and changed, applied after the migrations.
 */
export const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function openDatabase(config: OpenDatabaseConfig): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config)
    : openPglite(path.join(config.dataDir, 'pglite'));
}

/** Opens (creating if needed) a PGlite database; `null` keeps it in memory. */
export async function openPglite(dataDir: string | null): Promise<PgliteDatabase> {
  try {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    const unlock = dataDir ? await lockDataDir(dataDir) : async () => {};
    try {
      const client = await PGlite.create(dataDir ? { dataDir } : {});
      const database = wrapPglite(client, dataDir);
      const close = database.close;
      database.close = async () => {
        await close();
        await unlock();
      };
      return database;
    } catch (error) {
      await unlock();
      throw error;
    }
  } catch (error) {
    throw new Error(
      `DATA_DIR: impossibile aprire il database PGlite in ${dataDir} (${reasonOf(error)})`,
      { cause: error },
    );
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs a statement synchronously and hands over to the next queued one
 * in a microtask, so while requests keep it busy (a few list readers suffice)
 * the event loop reads no socket until every request in flight has finished:
 * even `/api/time/` waited for all of them. Drizzle's statements and
 * transactions start on the next turn of the event loop instead, so other
 * requests and the live feeds get in between. The raw hot path (db/raw.ts)
 * keeps the client itself: its group commit relies on the turn it runs in.
 */
function yieldingClient(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query' || prop === 'transaction') {
        return async (...args: unknown[]) => {
          await nextTurn();
          return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Wraps an open PGlite instance (used by the test helpers for cloned databases). */
export function wrapPglite(client: PGlite, dataDir: string | null): PgliteDatabase {
  const db: Db = drizzlePglite({ client: yieldingClient(client), schema });
  return {
    kind: 'pglite',
    db,
    client,
    dataDir,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(
  databaseUrl: string,
  options: Pick<OpenDatabaseConfig, 'poolMax' | 'onPoolError'> = {},
): Promise<PostgresDatabase> {
  let pool: pg.Pool;
  try {
    pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.poolMax ?? 20,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
      application_name: 'gas',
    });
  } catch (error) {
    throw new Error(`DATABASE_URL: URL non valido (${reasonOf(error)})`, { cause: error });
  }
  pool.on(
    'error',
    options.onPoolError ??
      ((error) => console.error(`PostgreSQL: connessione inattiva persa (${error.message})`)),
  );
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`DATABASE_URL: impossibile connettersi a PostgreSQL (${reasonOf(error)})`, {
      cause: error,
    });
  }
  const db: Db = drizzlePg({ client: pool, schema });
  let closed: Promise<void> | undefined;
  return {
    kind: 'postgres',
    db,
    client: pool,
    databaseUrl,
    close: () => (closed ??= pool.end()),
  };
}

// Any constant: serialises migrations of app instances starting together.
const MIGRATION_LOCK = 4_711_001;

/**
 * Applies the pending migrations of server/src/db/migrations (tests may name
 * another folder). A failing migration rejects with the database's own
 * message and hint (e.g. 0005's list of duplicate e-mail addresses), not with
 * the text of the statement that failed.
 */
export async function migrateDatabase(
  database: Database,
  folder: string = migrationsFolder,
): Promise<void> {
  try {
    await applyMigrations(database, folder);
  } catch (error) {
    throw new MigrationError(error);
  }
}

/** A migration was refused; `message` is the database's reason (and hint). */
export class MigrationError extends Error {
  constructor(cause: unknown) {
    const reason = databaseReason(cause);
    super(reason ? `database non aggiornato: ${reason}` : reasonOf(cause), { cause });
    this.name = 'MigrationError';
  }
}

/** The PostgreSQL message (and hint) behind a drizzle error, if any. */
function databaseReason(error: unknown): string | undefined {
  const info = pgError(error);
  if (!info) return undefined;
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as { code?: unknown; message?: unknown; hint?: unknown; cause?: unknown };
    if (candidate.code === info.code && typeof candidate.message === 'string') {
      const hint = typeof candidate.hint === 'string' ? ` (${candidate.hint})` : '';
      return `${candidate.message}${hint}`;
    }
    e = candidate.cause;
  }
  return undefined;
}

/** The files of functionsFolder, in name order. */
export function sqlFunctions(): { name: string; text: string }[] {
  return readdirSync(functionsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(functionsFolder, name), 'utf8') }));
}

/**
 * The migrations, then the current functions, which belong to the latest
 * schema: a test migrating an older release's folder gets that release's
 * functions from its migrations alone.
 */
async function applyMigrations(database: Database, folder: string): Promise<void> {
  const functions = folder === migrationsFolder ? sqlFunctions() : [];
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.client }), { migrationsFolder: folder });
    for (const { text } of functions) await database.client.exec(text);
    return;
  }
  // One dedicated connection holds an advisory lock for the whole run, so that
  // several instances started at once apply each migration exactly once.
  const connection = await database.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg({ client: connection }), { migrationsFolder: folder });
      for (const { text } of functions) await connection.query(text);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    connection.release();
  }
}

/** True when the database holds no users and no events (a fresh install). */
export async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  const migrated = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select to_regclass('public.users') is not null as ok`),
  );
  if (!migrated[0]?.ok) return true;
  const rows = rowsOf<{ empty: boolean }>(
    await db.execute(
      sql`select not (exists (select 1 from users) or exists (select 1 from evento)) as empty`,
    ),
  );
  return rows[0]?.empty ?? true;
}

/** Rows of a `db.execute` result, whichever the driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** SQLSTATE codes query code commonly maps to 400 answers. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_CHECK_VIOLATION = '23514';

export type PgErrorInfo = { code: string; constraint?: string; detail?: string };

/**
 * The PostgreSQL error behind `error` (drizzle wraps driver errors in
 * DrizzleQueryError; the driver error is in `cause`), for both drivers.
 */
export function pgError(error: unknown): PgErrorInfo | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as {
      code?: unknown;
      constraint?: unknown;
      detail?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
      };
    }
    e = candidate.cause;
  }
  return undefined;
}
