import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, STALE_MS } from './pglite-lock';

const moduleUrl = new URL('./pglite-lock.ts', import.meta.url).href;

/** Another process (tsx, as the server runs) that takes the lock and keeps running. */
function holder(dataDir: string): Promise<ChildProcess> {
  const code = `import { lockDataDir } from ${JSON.stringify(moduleUrl)};
await lockDataDir(${JSON.stringify(dataDir)});
console.log('locked');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: path.dirname(fileURLToPath(import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('PGlite data directory lock (proper-lockfile)', () => {
  const dir = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'gas-lock-')), 'pglite');

  it('holds the directory and releases it', async () => {
    const d = dir();
    const release = await lockDataDir(d);
    expect(existsSync(`${d}.lock`)).toBe(true);
    expect(readFileSync(`${d}.lock.pid`, 'utf8')).toBe(String(process.pid));
    await release();
    expect(existsSync(`${d}.lock`)).toBe(false);
    expect(existsSync(`${d}.lock.pid`)).toBe(false);
    // Free again at once.
    await (
      await lockDataDir(d)
    )();
  });

  it('refuses a directory held by a live server process, naming it', async () => {
    const d = dir();
    const child = await holder(d);
    children.push(child);
    await expect(lockDataDir(d)).rejects.toThrow(
      `il database è già in uso dal processo ${child.pid} (blocco ${d}.lock)`,
    );
  }, 30_000);

  it('takes over the lock of a server killed with -9, within the stale time', async () => {
    const d = dir();
    const child = await holder(d);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(existsSync(`${d}.lock`)).toBe(true); // left behind
    const started = Date.now();
    const release = await lockDataDir(d);
    expect(Date.now() - started).toBeLessThan(STALE_MS + 3_000);
    expect(readFileSync(`${d}.lock.pid`, 'utf8')).toBe(String(process.pid));
    await release();
  }, 30_000);

  it('an old pid lock file never blocks, even when the pid is a running process', async () => {
    const d = dir();
    // The old format: a file with a pid that now belongs to another process.
    writeFileSync(`${d}.lock`, String(process.ppid));
    const started = Date.now();
    const release = await lockDataDir(d);
    expect(Date.now() - started).toBeLessThan(1_000);
    await release();
  });
});
