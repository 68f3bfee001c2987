// A database for server processes: migrated, demo-seeded, with a session
// running now. PGlite: a data directory the process opens (closed here first:
// one process at a time). PostgreSQL: a fresh database from TEST_DATABASE_URL,
// kept open here for checks.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, type Database } from '../../db/client';
import { createTestDatabase, type TestBackend } from '../../db/testing';
import { ensureLiveSession, type LiveSession, type LiveSessionOptions } from '../../demo/queries';

export type PreparedDatabase = {
  backend: TestBackend;
  /** Environment selecting this database for `node scripts/start.mjs`. */
  env: Record<string, string>;
  session: LiveSession;
  /** Opens the database here (PGlite: only while no server process has it). */
  open(): Promise<Database>;
  /** Drops the database / removes the directory. */
  dispose(): Promise<void>;
};

export async function prepareDatabase(
  backend: TestBackend,
  options: Omit<LiveSessionOptions, 'now'> = {},
): Promise<PreparedDatabase> {
  const now = new Date();
  const live = { now, inseritore: 'inseritore', ...options };
  if (backend === 'postgres') {
    const database = await createTestDatabase('postgres', { seed: true });
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const session = await ensureLiveSession(database, live);
    return {
      backend,
      env: { DATABASE_URL: database.databaseUrl },
      session,
      open: async () => database,
      dispose: () => database.close(),
    };
  }
  // From the shared seeded template (in memory), written out as a data directory:
  // faster than migrating and seeding a new one.
  const template = await createTestDatabase('pglite', { seed: true });
  if (template.kind !== 'pglite') throw new Error('expected PGlite');
  let session: LiveSession;
  let dump: Blob;
  try {
    session = await ensureLiveSession(template, live);
    dump = await template.client.dumpDataDir('none');
  } finally {
    await template.close();
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gas-live-'));
  const written = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump });
  await written.close();
  const open = () => openPglite(path.join(dataDir, 'pglite'));
  return {
    backend,
    env: { DATA_DIR: dataDir },
    session,
    open,
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}
