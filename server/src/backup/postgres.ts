// Backup and restore of a PostgreSQL database with PostgreSQL's own tools:
// pg_dump --format=custom (a consistent snapshot, taken while the servers run;
// compressed; restorable by pg_restore into any newer server) and pg_restore
// in one transaction into an empty database.
//
// The password never reaches a command line (where `ps` shows it) or a
// message: the tools get DATABASE_URL without it and the password in
// PGPASSWORD, in their environment only.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { migrateDatabase, openPostgres, type PostgresDatabase } from '../db/client';
import { BackupError, finish, newBackupFile, readHead, requireKind } from './files';
import { contentsOf, isGasDatabase, serverMajor, summaryOf, type Summary } from './queries';

type Tool = 'pg_dump' | 'pg_restore';

/** The URL without its password, and the environment that carries it. */
export function connectionOf(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new BackupError('DATABASE_URL: URL non valido.');
  }
  let password: string | undefined;
  if (url.password) {
    password = decodeURIComponent(url.password);
    url.password = '';
  }
  // libpq also takes ?password=...
  const inQuery = url.searchParams.get('password');
  if (inQuery !== null) {
    password = inQuery;
    url.searchParams.delete('password');
  }
  return { url: url.toString(), env: password === undefined ? {} : { PGPASSWORD: password } };
}

type Run = { code: number | null; stdout: string; stderr: string };

/** The tool from GAS_PG_BINDIR, else from PATH. */
function toolPath(tool: Tool): string {
  const dir = process.env.GAS_PG_BINDIR;
  return dir ? path.join(dir, tool) : tool;
}

function run(tool: Tool, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(toolPath(tool), args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      reject(
        code === 'ENOENT' || code === 'EACCES'
          ? new BackupError(
              `${tool} non trovato${process.env.GAS_PG_BINDIR ? ` in GAS_PG_BINDIR (${process.env.GAS_PG_BINDIR})` : ''}: installa il client di PostgreSQL (pacchetto postgresql-client) della stessa versione del server o più recente, oppure indica la sua cartella con GAS_PG_BINDIR (es. /usr/lib/postgresql/16/bin).`,
              { cause: error },
            )
          : error,
      );
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The tool's major version (15 for "pg_dump (PostgreSQL) 15.8 (Debian ...)"). */
async function toolMajor(tool: Tool): Promise<number> {
  const result = await run(tool, ['--version']);
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout);
  if (result.code !== 0 || !match) {
    throw new BackupError(`${tool} --version non risponde come previsto: ${result.stdout.trim()}`);
  }
  return Number(match[1]);
}

/** The last lines of a tool's stderr, for a message. */
const tail = (text: string) => text.trim().split('\n').slice(-5).join('\n');

async function open(databaseUrl: string): Promise<PostgresDatabase> {
  try {
    return await openPostgres(databaseUrl, { poolMax: 2, onPoolError: () => undefined });
  } catch (error) {
    throw new BackupError(error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

/**
 * The tool, checked against the server: pg_dump refuses a server newer than
 * itself, and an older pg_restore may not read the newer format.
 */
async function checkedTool(tool: Tool, database: PostgresDatabase): Promise<void> {
  const mine = await toolMajor(tool);
  const server = await serverMajor(database.db);
  if (mine < server) {
    throw new BackupError(
      `${tool} ${mine} è più vecchio del server PostgreSQL ${server}: serve ${tool} ${server} o più recente (pacchetto postgresql-client-${server}; poi, se non è il primo nel PATH, GAS_PG_BINDIR=/usr/lib/postgresql/${server}/bin).`,
    );
  }
}

/** pg_dump of DATABASE_URL into DIR/gas-<timestamp>.pgdump; returns its path. */
export async function backupPostgres(databaseUrl: string, dir: string, now: Date): Promise<string> {
  const { url, env } = connectionOf(databaseUrl);
  await toolMajor('pg_dump'); // missing: said before anything else
  const database = await open(databaseUrl);
  try {
    await checkedTool('pg_dump', database);
  } finally {
    await database.close();
  }
  const file = await newBackupFile(dir, 'postgres', now);
  return finish(file, async (partial) => {
    const result = await run(
      'pg_dump',
      ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${url}`],
      env,
    );
    if (result.code !== 0) {
      throw new BackupError(`pg_dump non riuscito:\n${tail(result.stderr)}`);
    }
  });
}

export type RestoreResult = { summary: Summary; dumpedFrom: string | null };

/**
 * pg_restore of FILE into DATABASE_URL, which must be empty; then the
 * migrations (an older backup is brought up to date). One transaction: a
 * failed restore leaves the database as empty as it was.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<RestoreResult> {
  requireKind(file, await readHead(file), 'postgres');
  const { url, env } = connectionOf(databaseUrl);
  await toolMajor('pg_restore'); // missing: said before anything else
  const database = await open(databaseUrl);
  try {
    await checkedTool('pg_restore', database);
    const list = await run('pg_restore', ['--list', file]);
    if (list.code !== 0) {
      throw new BackupError(`${file} non è un backup leggibile di pg_dump:\n${tail(list.stderr)}`);
    }
    // The table of contents names drizzle's migration journal in a GaS backup.
    if (!/ TABLE drizzle __drizzle_migrations(\s|$)/m.test(list.stdout)) {
      throw new BackupError(`${file} è un backup di PostgreSQL, ma non di un database GaS.`);
    }
    const dumpedFrom = /Dumped from database version: (\S+)/.exec(list.stdout)?.[1] ?? null;
    const contents = await contentsOf(database.db);
    if (contents.length > 0) {
      throw new BackupError(
        `il database di DATABASE_URL non è vuoto (contiene ${contents.join(', ')}): nulla è cambiato. Il ripristino va fatto in un database nuovo e vuoto (es. createdb gas_ripristino, poi DATABASE_URL verso quello).`,
      );
    }
    const result = await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        '--no-password',
        `--dbname=${url}`,
        file,
      ],
      env,
    );
    if (result.code !== 0) {
      throw new BackupError(
        `pg_restore non riuscito, il database è rimasto vuoto (una sola transazione):\n${tail(result.stderr)}`,
      );
    }
    if (!(await isGasDatabase(database.db))) {
      throw new BackupError(`${file} ripristinato, ma non contiene un database GaS.`);
    }
    try {
      await migrateDatabase(database);
    } catch (error) {
      throw new BackupError(
        `ripristinato, ma le migrazioni non sono riuscite: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    return { summary: await summaryOf(database.db), dumpedFrom };
  } finally {
    await database.close();
  }
}
