// Backups that restore (docs/running-a-contest-day.md, "Backup and restore"):
// PostgreSQL through pg_dump/pg_restore (postgres.ts), the embedded database
// through PGlite's dump of its data directory (pglite.ts). The command lines
// are server/src/cli/backup.ts and restore.ts.
import { backupPglite, restorePglite } from './pglite';
import { backupPostgres, restorePostgres } from './postgres';
import type { Summary } from './queries';

export { BackupError, uscitaDopoErrore } from './files';
export type { Summary } from './queries';

/** The configured database: DATABASE_URL if set, else PGlite in DATA_DIR. */
export type Target = { databaseUrl?: string; dataDir: string };

/** Writes a backup of the configured database into `dir`; returns the file's path. */
export function backup(target: Target, dir: string, now = new Date()): Promise<string> {
  return target.databaseUrl
    ? backupPostgres(target.databaseUrl, dir, now)
    : backupPglite(target.dataDir, dir, now);
}

export type Restored = { summary: Summary; origine: string | null };

/** Restores `file` into the configured database, which must be empty. */
export async function restore(target: Target, file: string): Promise<Restored> {
  if (target.databaseUrl) {
    const { summary, dumpedFrom } = await restorePostgres(target.databaseUrl, file);
    return { summary, origine: dumpedFrom && `PostgreSQL ${dumpedFrom}` };
  }
  const { summary, version } = await restorePglite(target.dataDir, file);
  return { summary, origine: `PGlite (PostgreSQL ${version})` };
}
