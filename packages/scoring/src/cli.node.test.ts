// The CLI contract, run as a process (Node only: spawns tsx, writes temp files).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { contractFields } from './__fixtures__/sessions';
import type { Leaderboard } from './types';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const cli = path.join(here, 'cli.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'gas-score-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}
/** Runs the CLI; asynchronous so that the cases run concurrently (tsx takes ~1 s to start). */
function run(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    // On this test's own Node (the pinned one), not on whichever `node` PATH finds.
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { cwd: root, timeout: 60_000 },
      (err, stdout, stderr) => {
        const status = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}
function runOn(content: string): Promise<Run> {
  const file = path.join(dir, `input-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, content);
  return run(file);
}
const fixture = (name: string) => readFileSync(path.join(here, '__fixtures__', name), 'utf8');

describe.concurrent('score CLI', { timeout: 60_000 }, () => {
  it.each([1, 2, 3])('prints the leaderboard of example %i', async (n) => {
    const r = await run(path.join(here, '__fixtures__', `example-${n}.input.json`));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const got = JSON.parse(r.stdout) as Leaderboard;
    const expected = JSON.parse(fixture(`example-${n}.expected.json`)) as Leaderboard;
    expect(got.classifica.map(contractFields)).toEqual(expected.classifica.map(contractFields));
    expect(got.valori).toEqual(expected.valori);
  });

  it.each([
    ['not JSON', '{"inizio": ', 'not valid JSON'],
    ['not an object', '[1, 2]', 'must be a JSON object'],
    ['missing fields', '{"inizio": "2025-02-20T09:00:00Z"}', 'problemi: missing'],
    [
      'wrong types',
      '{"inizio":"2025-02-20T09:00:00Z","problemi":[{"id":"1","nome":2}],"squadre":[],"eventi":[]}',
      'problemi[0].id: must be an integer',
    ],
    [
      'a bad date',
      '{"inizio":"2025-02-20","problemi":[],"squadre":[],"eventi":[]}',
      'inizio: not an ISO 8601 date-time',
    ],
    [
      'a non-positive scaling parameter',
      '{"params":{"SCALING_BONUS_VELOCITA":0},"inizio":"2025-02-20T09:00:00Z","problemi":[],"squadre":[],"eventi":[]}',
      'params.SCALING_BONUS_VELOCITA: must be a number > 0',
    ],
  ])('exits 2 with a message on %s', async (_name, content, message) => {
    const r = await runOn(content);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
  });

  it('exits 2 on a missing file or a missing argument', async () => {
    const missing = await run(path.join(dir, 'nope.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    const none = await run();
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('usage');
  });

  it('caps a long list of problems', async () => {
    const eventi = Array.from({ length: 30 }, (_, i) => ({ id: i }));
    const content = JSON.stringify({
      inizio: '2025-02-20T09:00:00Z',
      problemi: [],
      squadre: [],
      eventi,
    });
    const r = await runOn(content);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/\.\.\. and \d+ more/);
  });
});
