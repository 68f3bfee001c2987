// List reads under concurrency (issue 12: with 8 list readers /api/time/
// took a minute): on PGlite list reads run one at a time, and drizzle's
// statements leave the event loop a turn in between, so timers, sockets and
// other requests are served while readers keep the database busy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/testing';
import { listReadConcurrency } from './list-reads';

describe('list reads on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const read = (url: string) => t.app.inject({ method: 'GET', url });

  it('run one at a time: the statements of two reads never interleave', async () => {
    expect(listReadConcurrency({ databaseUrl: undefined })).toBe(1);
    expect(listReadConcurrency({ databaseUrl: 'postgres://x@y/z' })).toBe(4);
    type Query = (...args: unknown[]) => Promise<unknown>;
    const client = t.database.client as unknown as { query: Query };
    const original = client.query;
    const statements: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      statements.push(String(args[0]));
      return original.apply(this, args);
    };
    try {
      // Four different reads: the same one four times would be one read
      // (the others wait for it in the instance's cache, microcache.ts).
      const results = await Promise.all(
        [1, 2, 3, 4].map((n) => read(`/api/gas/evento/?page_size=${10 + n}`)),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    } finally {
      client.query = original;
    }
    // Each read starts with its count; one read's statements all come before the next count.
    const starts = statements
      .map((s, i) => (/^select count\(\*\) from "evento"/.test(s) ? i : -1))
      .filter((i) => i >= 0);
    expect(starts).toHaveLength(4);
    const perRead = statements.length / 4;
    expect(starts).toEqual([0, perRead, 2 * perRead, 3 * perRead]);
  });

  it('leave the event loop turns while 8 readers keep the database busy', async () => {
    const READERS = 8;
    const READS_EACH = 12;
    let ticks = 0;
    let last = performance.now();
    let maxGap = 0;
    let running = true;
    const tick = () => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
      ticks += 1;
      if (running) setTimeout(tick, 5);
    };
    setTimeout(tick, 5);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: READERS }, async (_, r) => {
        for (let i = 0; i < READS_EACH; i++) {
          const url = (r + i) % 2 === 0 ? '/api/gas/evento/' : '/api/gas/sessione/';
          expect((await read(url)).statusCode).toBe(200);
        }
      }),
    );
    running = false;
    const elapsed = performance.now() - started;
    // Starved, the timer would fire about once, after all the reads.
    expect(ticks).toBeGreaterThanOrEqual(10);
    expect(maxGap).toBeLessThan(elapsed / 3);
  });
});
