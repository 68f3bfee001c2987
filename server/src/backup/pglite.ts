// Backup and restore of the embedded database (PGlite in DATA_DIR/pglite).
//
// Backup: the data directory is opened (taking its lock, see
// db/pglite-lock.ts), checkpointed and dumped with PGlite's dumpDataDir: a
// gzipped tar of the whole PostgreSQL data directory, taken while no
// statement runs, i.e. a consistent physical copy.
//
// While the server runs it holds the data directory, and the backup refuses
// (exit 2) rather than copy it: PostgreSQL inside PGlite keeps changed pages
// in the server process's memory and writes them back when it likes, so
// files copied from outside that process are not a consistent database
// (PostgreSQL's own online copies need its backup mode and the WAL written
// meanwhile, which PGlite does not offer). The only consistent source is the
// server's own PGlite instance, and having it dump would stop every answer and
// ranking of a running contest for the length of the dump, behind a new
// privileged endpoint. Stopping the server for the few seconds a backup takes
// is simpler and safe; a contest that cannot stop runs on PostgreSQL, whose
// pg_dump copies a running database consistently.
//
// Restore: only into an empty or absent DATA_DIR/pglite. The dump is loaded
// into a sibling folder, migrated, closed (so every file is written) and only
// then renamed into place: an interrupted restore leaves no half database.
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, openPglite, wrapPglite, type PgliteDatabase } from '../db/client';
import { lockDataDir } from '../db/pglite-lock';
import { BackupError, finish, newBackupFile, readHead, readWhole, requireKind } from './files';
import { isGasDatabase, summaryOf, type Summary } from './queries';

/** Where openDatabase keeps PGlite's files. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const HELD =
  'Il database integrato è usato dal server in esecuzione, e una copia dei suoi file presa dall’esterno non sarebbe coerente: ferma il server per il tempo del backup (pochi secondi), poi riavvialo; per backup a server acceso usa PostgreSQL (DATABASE_URL).';

async function hasDatabase(dir: string): Promise<boolean> {
  return stat(path.join(dir, 'PG_VERSION')).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Dump of DATA_DIR's database into DIR/gas-<timestamp>.pglite.tar.gz; returns its path. */
export async function backupPglite(dataDir: string, dir: string, now: Date): Promise<string> {
  const source = pgliteDirOf(dataDir);
  if (!(await hasDatabase(source))) {
    throw new BackupError(`in DATA_DIR (${dataDir}) non c'è un database da salvare.`);
  }
  let database: PgliteDatabase;
  try {
    database = await openPglite(source);
  } catch (error) {
    const reason = reasonOf(error);
    throw new BackupError(/già in uso/.test(reason) ? `${reason}. ${HELD}` : reason, {
      cause: error,
    });
  }
  try {
    // Every changed page into the files first: the copy needs no recovery.
    await database.client.exec('CHECKPOINT');
    const dump = await database.client.dumpDataDir('gzip');
    const bytes = new Uint8Array(await dump.arrayBuffer());
    const file = await newBackupFile(dir, 'pglite', now);
    return await finish(file, (partial) => writeFile(partial, bytes));
  } finally {
    await database.close();
  }
}

/**
 * The tar inside a PGlite backup, checked to be a PostgreSQL data directory
 * (PG_VERSION at its root); returns it with that version.
 */
export function untarredDump(
  file: string,
  gzipped: Uint8Array,
): { tar: Uint8Array; version: string } {
  let tar: Buffer;
  try {
    tar = gunzipSync(gzipped);
  } catch (error) {
    throw new BackupError(`${file} è danneggiato: non si decomprime (${reasonOf(error)}).`, {
      cause: error,
    });
  }
  const notADump = new BackupError(
    `${file} non è un backup del database integrato: manca la cartella dati di PostgreSQL (PG_VERSION).`,
  );
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break; // end of archive
    if (header.toString('latin1', 257, 262) !== 'ustar') throw notADump;
    const name = header.toString('latin1', 0, 100).replace(/\0.*$/s, '');
    const size = parseInt(
      header.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0',
      8,
    );
    const start = offset + 512;
    if (!Number.isFinite(size) || start + size > tar.length) throw notADump;
    if (name.replace(/^\.?\//, '') === 'PG_VERSION') {
      const version = tar.toString('latin1', start, start + size).trim();
      if (!/^\d+$/.test(version)) throw notADump;
      return { tar: new Uint8Array(tar), version };
    }
    offset = start + Math.ceil(size / 512) * 512;
  }
  throw notADump;
}

/** True when `dir` is absent or an empty folder. */
async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return true;
    if (code === 'ENOTDIR') return false;
    throw error;
  }
}

const notEmpty = (dataDir: string) =>
  new BackupError(
    `DATA_DIR (${dataDir}) contiene già un database: nulla è cambiato. Il ripristino va fatto in una cartella vuota o assente: indica con DATA_DIR una cartella nuova, oppure sposta altrove la cartella ${pgliteDirOf(dataDir)} (a server fermo).`,
  );

export type RestoreResult = { summary: Summary; version: string };

/**
 * Loads FILE into DATA_DIR/pglite, which must be empty or absent, and
 * migrates it (an older backup is brought up to date).
 */
export async function restorePglite(dataDir: string, file: string): Promise<RestoreResult> {
  requireKind(file, await readHead(file), 'pglite');
  const { tar, version } = untarredDump(file, await readWhole(file));
  const target = pgliteDirOf(dataDir);
  if (!(await isEmptyOrAbsent(target))) throw notEmpty(dataDir);

  try {
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    throw new BackupError(`impossibile creare DATA_DIR (${dataDir}): ${reasonOf(error)}`, {
      cause: error,
    });
  }
  // Held for the whole restore: a server started meanwhile waits or refuses.
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(target);
  } catch (error) {
    throw new BackupError(`${reasonOf(error)}: un server in esecuzione usa DATA_DIR; fermalo.`, {
      cause: error,
    });
  }
  const loading = `${target}.ripristino-${process.pid}`;
  let database: PgliteDatabase | undefined;
  try {
    if (!(await isEmptyOrAbsent(target))) throw notEmpty(dataDir);
    await rm(loading, { recursive: true, force: true });
    await mkdir(loading);
    try {
      // A plain tar (no type, no name): PGlite loads it without unzipping again.
      const client = await PGlite.create({ dataDir: loading, loadDataDir: new Blob([tar]) });
      database = wrapPglite(client, loading);
    } catch (error) {
      throw new BackupError(
        `impossibile aprire il database di ${file} (cartella dati di PostgreSQL ${version}): ${reasonOf(error)}`,
        { cause: error },
      );
    }
    if (!(await isGasDatabase(database.db))) {
      throw new BackupError(`${file} è un database PGlite, ma non di GaS.`);
    }
    try {
      await migrateDatabase(database);
    } catch (error) {
      throw new BackupError(`le migrazioni non sono riuscite: ${reasonOf(error)}`, {
        cause: error,
      });
    }
    const summary = await summaryOf(database.db);
    await database.close();
    database = undefined;
    // An empty folder there was allowed: it gives way to the restored one.
    await rmdir(target).catch(() => undefined);
    await rename(loading, target);
    return { summary, version };
  } finally {
    await database?.close().catch(() => undefined);
    await rm(loading, { recursive: true, force: true });
    await unlock();
  }
}
