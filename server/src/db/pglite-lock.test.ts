import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './pglite-lock';

describe('PGlite data directory lock', () => {
  const dir = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'gas-lock-')), 'pglite');

  it('records the owner and releases the lock', () => {
    const d = dir();
    const release = lockDataDir(d);
    expect(readFileSync(`${d}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${d}.lock`)).toBe(false);
  });

  it('refuses a directory held by another running process', () => {
    const d = dir();
    writeFileSync(`${d}.lock`, String(process.ppid));
    expect(() => lockDataDir(d)).toThrow(/già in uso dal processo/);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const d = dir();
    writeFileSync(`${d}.lock`, '999999999');
    const release = lockDataDir(d);
    expect(readFileSync(`${d}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
