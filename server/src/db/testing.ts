// Test databases: a fresh, migrated (optionally demo-seeded) database per test
// file, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
//
//   import { afterAll, beforeAll, describe } from 'vitest';
//   import { createTestDatabase, testBackends, type TestDatabase } from '../../db/testing';
//
//   describe.each(testBackends())('evento API on %s', (backend) => {
//     let database: TestDatabase;
//     beforeAll(async () => {
//       database = await createTestDatabase(backend, { seed: true });
//     });
//     afterAll(() => database.close());
//     // database.db is the drizzle instance; database.seedNow the `now` the
//     // demo data was placed around (start of the current hour by default).
//   });
//
// How it stays fast: building a database (PGlite start ~3-6 s, migrations,
// seed) happens once per content. PGlite: the built data directory is dumped
// to a tarball in the OS temp dir, keyed by a hash of the migrations, the seed
// code and `now`; later files (other workers included) load it in ~0.5 s.
// PostgreSQL: a template database `gas_tpl_<hash>` is built once and each test
// file gets `CREATE DATABASE ... TEMPLATE`, dropped again by close().
// Within a file, resetDatabase() empties every table (TRUNCATE ... RESTART IDENTITY).
//
// Run the PostgreSQL side with: scripts/with-postgres.sh npx vitest run --project server
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  migrateDatabase,
  migrationsFolder,
  functionsFolder,
  openPglite,
  openPostgres,
  rowsOf,
  wrapPglite,
  type Database,
  type DbOrTx,
} from './client';
import { seedDemoData } from '../demo/seed';

export type TestBackend = 'pglite' | 'postgres';
export type TestDatabaseOptions = {
  /** Load the demo data (default false: migrated, empty). */
  seed?: boolean;
  /** Place the demo data around this moment (default: start of the current hour). */
  now?: Date;
};
export type TestDatabase = Database & { backend: TestBackend; seedNow: Date | null };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testBackends(): TestBackend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function createTestDatabase(
  backend: TestBackend = 'pglite',
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const seedNow = options.seed ? (options.now ?? startOfHour(new Date())) : null;
  const key = await contentKey(seedNow);
  const build = async (database: Database) => {
    await migrateDatabase(database);
    if (seedNow) await seedDemoData(database, { now: seedNow });
  };
  const database =
    backend === 'pglite'
      ? await pgliteFromTemplate(key, build)
      : await postgresFromTemplate(key, build);
  return Object.assign(database, { backend, seedNow });
}

/** Empties every table and restarts the ids (keeps the schema and migrations). */
export async function resetDatabase(db: DbOrTx): Promise<void> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
    ),
  );
  if (tables.length === 0) return;
  const truncate = sql.raw(
    `truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade`,
  );
  if (!tables.some((t) => t.name === 'registro')) {
    await db.execute(truncate);
    return;
  }
  // The audit log refuses TRUNCATE (migration 0006): only a test's reset
  // lifts that, inside its own transaction, and only for that table.
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table registro disable trigger gas_registro_niente_truncate`);
    await tx.execute(truncate);
    await tx.execute(sql`alter table registro enable trigger gas_registro_niente_truncate`);
  });
}

/**
 * A folder with the migrations before `idx` (a database as an older release
 * left it), for migrateDatabase(database, folder); the caller removes it.
 */
export async function migrationsBefore(idx: number): Promise<{ folder: string; all: number }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'gas-migr-'));
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { idx: number; tag: string }[] };
  const older = journal.entries.filter((e) => e.idx < idx);
  await mkdir(path.join(folder, 'meta'));
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: older }),
  );
  for (const { tag } of older) {
    await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return { folder, all: journal.entries.length };
}

const startOfHour = (date: Date) => new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);

// The content of a built database depends on the migrations, the seed code
// (and what it imports) and `now`.
// Hashed as soon as this module loads, i.e. together with the seed code it
// imports: a hash taken later could describe files edited after that code was
// loaded, and label a template built by old code with the new key.
const sourcesHash: Promise<string> = (async () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256');
  const folders = [
    migrationsFolder,
    path.join(migrationsFolder, 'meta'),
    functionsFolder,
    path.join(here, '..', 'demo', 'seed'),
    path.join(here, 'schema'),
  ];
  for (const folder of folders) {
    for (const name of (await readdir(folder)).sort()) {
      const file = path.join(folder, name);
      if ((await stat(file)).isFile()) hash.update(name).update(await readFile(file));
    }
  }
  hash.update(await readFile(path.join(here, '..', 'auth', 'password.ts')));
  return hash.digest('hex');
})();

async function contentKey(seedNow: Date | null): Promise<string> {
  return createHash('sha256')
    .update(await sourcesHash)
    .update(seedNow ? seedNow.toISOString() : 'vuoto')
    .digest('hex')
    .slice(0, 16);
}

type Build = (database: Database) => Promise<void>;

// ---- PGlite: tarball of a built data directory, shared through the temp dir.

const templateDir = path.join(os.tmpdir(), 'gas-db-templates');
const tarballs = new Map<string, Promise<Uint8Array>>();

async function pgliteFromTemplate(key: string, build: Build): Promise<Database> {
  const file = path.join(templateDir, `pglite-${key}.tar`);
  const cached =
    tarballs.get(key) ??
    readFile(file).then(
      (b) => new Uint8Array(b),
      () => null,
    );
  const tarball = await cached;
  if (tarball) {
    if (!tarballs.has(key)) await utimes(file, new Date(), new Date()).catch(() => undefined);
    tarballs.set(key, Promise.resolve(tarball));
    const client = await PGlite.create({ loadDataDir: new Blob([tarball]) });
    return wrapPglite(client, null);
  }
  // First use: build it, keep this instance for the caller, share the dump.
  const database = await openPglite(null);
  await build(database);
  const dump = new Uint8Array(await (await database.client.dumpDataDir('none')).arrayBuffer());
  tarballs.set(key, Promise.resolve(dump));
  await mkdir(templateDir, { recursive: true });
  await removeStaleTemplates();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, dump);
  await rename(partial, file); // atomic: other workers see all of it or nothing
  return database;
}

// Seeded templates change every hour (seedNow); drop those unused for a while.
const STALE_MS = 3 * 3_600_000;

async function removeStaleTemplates() {
  for (const name of await readdir(templateDir).catch(() => [])) {
    const file = path.join(templateDir, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(file, { force: true });
  }
}

// ---- PostgreSQL: a template database per content, a copy per test file.

let counter = 0;

function databaseUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(base: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function postgresFromTemplate(key: string, build: Build): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base)
    throw new Error('TEST_DATABASE_URL: non impostata, PostgreSQL non disponibile per i test');
  const name = `gas_t_${process.pid}_${++counter}_${randomBytes(3).toString('hex')}`;
  await withAdmin(base, async (admin) => {
    // Workers starting together build each template once.
    await admin.query('select pg_advisory_lock(hashtext($1))', [key]);
    let template: string;
    try {
      template = (await findTemplate(admin, key)) ?? (await buildTemplate(admin, base, key, build));
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [key]);
    }
    await admin.query(`create database ${name} template ${template}`);
  });
  const database = await openPostgres(databaseUrl(base, name), { poolMax: 5 });
  const closePool = database.close;
  let closed: Promise<void> | undefined;
  database.close = () =>
    (closed ??= closePool().then(() =>
      withAdmin(base, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
    ));
  return database;
}

// Template names carry the hour they were built in, so that stale ones (on a
// long-lived server) can be dropped: gas_tpl_<key>_<hours since 1970>.
const hourStamp = () => Math.floor(Date.now() / 3_600_000);

async function findTemplate(admin: pg.Client, key: string): Promise<string | undefined> {
  const found = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname ~ ('^' || $1 || '_[0-9]+$') order by datname desc limit 1",
    [`gas_tpl_${key}`],
  );
  return found.rows[0]?.datname;
}

async function buildTemplate(admin: pg.Client, base: string, key: string, build: Build) {
  const stale = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^gas_tpl_[0-9a-f]{16}_[0-9]+$'",
  );
  for (const { datname } of stale.rows) {
    if (Number(datname.split('_').pop()) < hourStamp() - STALE_MS / 3_600_000) {
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
    }
  }
  const template = `gas_tpl_${key}_${hourStamp()}`;
  const building = `gas_build_${key}_${process.pid}`;
  await admin.query(`drop database if exists ${building}`);
  await admin.query(`create database ${building}`);
  const database = await openPostgres(databaseUrl(base, building), { poolMax: 2 });
  try {
    await build(database);
  } finally {
    await database.close();
  }
  // Renamed only when complete: a template is never seen half built.
  await admin.query(`alter database ${building} rename to ${template}`);
  return template;
}
