// PGlite is an embedded database: two processes opening the same data
// directory would corrupt it. A lock file beside the directory records the
// owner's pid; a lock left by a process that no longer runs (kill -9) is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  let owner: number | null;
  try {
    owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    owner = null;
  }
  if (owner && owner !== process.pid && isRunning(owner)) {
    throw new Error(`il database è già in uso dal processo ${owner} (file ${file})`);
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) rmSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
