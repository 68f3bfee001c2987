// PGlite is an embedded database: two processes opening the same data
// directory would corrupt it. The directory is held with proper-lockfile: an
// atomic mkdir of `<dataDir>.lock` whose mtime the holder refreshes every
// second. A live server keeps it fresh, so a second one is refused; a process
// that died (kill -9, power loss) stops refreshing it, and after STALE_MS the
// next start takes it over. A pid in a file cannot tell that: after a reboot
// or enough time the dead owner's pid belongs to some other process, and the
// lock blocked start for good.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import lockfile from 'proper-lockfile';

/** A lock not refreshed for this long belongs to a process that is gone. */
export const STALE_MS = 5_000;
const UPDATE_MS = 1_000;
const RETRY_MS = 250;

const lockPathOf = (dataDir: string) => `${dataDir}.lock`;
/** The holder's pid, for the message only (the lock itself is the directory). */
const pidPathOf = (dataDir: string) => `${dataDir}.lock.pid`;

function readPid(dataDir: string): string {
  try {
    return readFileSync(pidPathOf(dataDir), 'utf8').trim() || '?';
  } catch {
    return '?';
  }
}

/**
 * Earlier versions wrote `<dataDir>.lock` as a plain file with a pid: it
 * proves nothing (the pid may be anyone's now) and would stop the mkdir.
 */
function removeLegacyLockFile(dataDir: string): void {
  try {
    if (statSync(lockPathOf(dataDir)).isFile()) rmSync(lockPathOf(dataDir));
  } catch {
    // No lock at all: nothing to remove.
  }
}

/**
 * Holds `dataDir` for this process; the returned function releases it. A
 * lock left by a dead process is waited out (at most STALE_MS), one held by
 * a live process is an error with the holder's pid.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  removeLegacyLockFile(dataDir);
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: lockPathOf(dataDir),
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      // Long enough for a dead holder's lock to turn stale, then give up.
      retries: {
        retries: Math.ceil((STALE_MS + UPDATE_MS) / RETRY_MS),
        factor: 1,
        minTimeout: RETRY_MS,
        maxTimeout: RETRY_MS,
      },
      // Someone removed or took the lock while we run (e.g. the data folder was
      // deleted): say so loudly; stopping a running contest would be worse.
      onCompromised: (error) =>
        console.error(`PGlite: il blocco di ${dataDir} non è più valido (${error.message})`),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new Error(
        `il database è già in uso dal processo ${readPid(dataDir)} (blocco ${lockPathOf(dataDir)})`,
        { cause: error },
      );
    }
    throw error;
  }
  writeFileSync(pidPathOf(dataDir), String(process.pid));
  return async () => {
    rmSync(pidPathOf(dataDir), { force: true });
    try {
      await release();
    } catch {
      // Already released or taken over: nothing left to release.
    }
  };
}
