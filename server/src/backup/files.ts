// The backup files themselves: their names, what kind a file is (by its
// bytes, never by its name), and writing one so that a half-written backup
// never carries a backup's name.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** A failure the person running the command can fix: said in Italian, exit 2. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

/** How the two commands end on an error: 2 with the message for what to fix, 1 with the stack for a bug. */
export function uscitaDopoErrore(comando: 'backup' | 'restore', error: unknown): number {
  if (error instanceof BackupError) {
    console.error(`GaS ${comando}: ${error.message}`);
    return 2;
  }
  console.error(
    `GaS ${comando}: errore inatteso: ${error instanceof Error ? error.stack : String(error)}`,
  );
  return 1;
}

export type BackupKind = 'postgres' | 'pglite';

export const EXTENSIONS: Record<BackupKind, string> = {
  postgres: '.pgdump',
  pglite: '.pglite.tar.gz',
};

/** 2026-11-25T02:15:00.123Z → 20261125T021500Z: sorts by time, no colons. */
export function timestamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

// pg_dump's custom format starts with "PGDMP"; PGlite's dumpDataDir('gzip')
// is a gzipped tar (1f 8b).
const PGDMP = Buffer.from('PGDMP', 'latin1');
const GZIP = Buffer.from([0x1f, 0x8b]);

export function kindOf(head: Uint8Array): BackupKind | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.subarray(0, PGDMP.length).equals(PGDMP)) return 'postgres';
  if (bytes.subarray(0, GZIP.length).equals(GZIP)) return 'pglite';
  return null;
}

const reasonOf = (error: unknown) =>
  (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

function unreadable(file: string, error: unknown): BackupError {
  const code = (error as NodeJS.ErrnoException).code;
  return new BackupError(
    code === 'ENOENT'
      ? `il file ${file} non esiste.`
      : code === 'EISDIR'
        ? `${file} è una cartella, non un file di backup.`
        : `impossibile leggere ${file} (${reasonOf(error)}).`,
    { cause: error },
  );
}

/** The first bytes of `file`, enough for kindOf. */
export async function readHead(file: string): Promise<Uint8Array> {
  try {
    const handle = await open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw unreadable(file, error);
  }
}

export async function readWhole(file: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    throw unreadable(file, error);
  }
}

const otherKind = (kind: BackupKind) =>
  kind === 'postgres'
    ? `è un backup di PostgreSQL (pg_dump): per ripristinarlo imposta DATABASE_URL sul database PostgreSQL di destinazione.`
    : `è un backup del database integrato (PGlite): per ripristinarlo togli DATABASE_URL e indica la cartella con DATA_DIR.`;

/** Refuses a file that is not a backup of `expected`'s kind, saying what it is. */
export function requireKind(file: string, head: Uint8Array, expected: BackupKind): void {
  const kind = kindOf(head);
  if (kind === expected) return;
  if (kind) throw new BackupError(`${file} ${otherKind(kind)}`);
  throw new BackupError(
    `${file} non è un backup di GaS (né un .pgdump di PostgreSQL né un .pglite.tar.gz del database integrato).`,
  );
}

/**
 * Creates `dir` if needed and returns a new, empty file in it (mode 0600: a
 * backup holds password hashes and personal data) under a temporary name,
 * with the name it gets once complete.
 */
export async function newBackupFile(
  dir: string,
  kind: BackupKind,
  now: Date,
): Promise<{ partial: string; final: string }> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new BackupError(`impossibile creare la cartella ${dir} (${reasonOf(error)}).`, {
      cause: error,
    });
  }
  const base = `gas-${timestamp(now)}`;
  let final = path.join(dir, `${base}${EXTENSIONS[kind]}`);
  // Two backups in the same second: gas-<ts>-2.pgdump, -3, ...
  for (let n = 2; await exists(final); n++) {
    final = path.join(dir, `${base}-${n}${EXTENSIONS[kind]}`);
  }
  const partial = path.join(
    dir,
    `.${path.basename(final)}.${randomBytes(4).toString('hex')}.parziale`,
  );
  try {
    await (await open(partial, 'wx', 0o600)).close();
  } catch (error) {
    throw new BackupError(`impossibile scrivere in ${dir} (${reasonOf(error)}).`, {
      cause: error,
    });
  }
  return { partial, final };
}

/** The partial file becomes the backup; on failure it goes away. */
export async function finish(
  file: { partial: string; final: string },
  write: (partial: string) => Promise<void>,
): Promise<string> {
  try {
    await write(file.partial);
    await rename(file.partial, file.final);
    return file.final;
  } catch (error) {
    await rm(file.partial, { force: true });
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}
