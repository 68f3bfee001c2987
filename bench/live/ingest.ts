// Ingestion benchmark (issue 5, item 7): `npm run -w @gas/bench bench:live:ingest`
// on PGlite; under scripts/with-postgres.sh on PostgreSQL too. Loopback only,
// bounded in time (about a minute per database).
//
// Sustained authenticated submissions per second through a real server
// process: POST /api/gas/risposta/ with session cookie and CSRF header, each
// checked (team, problem, permissions, window, duplicate), committed and
// broadcast to 100 live subscribers; against the floor of a bare single-row
// INSERT loop into the same table of the same database, measured before and
// after the server run (PGlite allows one process at a time).
// Targets: ≥ 25% of the bare rate on each database, ≥ 1,000/s on PostgreSQL;
// with Idempotency-Key (as the answer desk's outbox sends them, issue 17)
// ≥ 90% of the rate without, measured in the same run.
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { HttpSession } from '../../server/src/live/testing/http-session';
import { prepareDatabase, type PreparedDatabase } from '../../server/src/live/testing/prepare';
import { startServerProcess } from '../../server/src/live/testing/server-process';
import { fmt, percentile, sleep } from './procs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BARE_SECONDS = Math.max(3, SECONDS / 2);
const SUBSCRIBERS = 100;

type Rate = { rate: number; p50: number; p99: number; n: number };

function rateOf(latencies: number[], seconds: number): Rate {
  return {
    rate: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    n: latencies.length,
  };
}

const INSERT = `insert into risposta (problema_id, squadra_id, sessione_id, valore, valore_exp, kind,
  corretto, momento_consegna, date, date_received) values ($1, $2, $3, $4, 0, 'r', false, now(), now(), now())`;

/** The floor: one connection, one row per statement, back to back. */
async function bareLoop(prepared: PreparedDatabase): Promise<Rate> {
  const { session } = prepared;
  let query: (values: unknown[]) => Promise<unknown>;
  let close: () => Promise<void>;
  if (prepared.backend === 'pglite') {
    const db = await PGlite.create({ dataDir: path.join(prepared.env.DATA_DIR!, 'pglite') });
    query = (v) => db.query(INSERT, v);
    close = () => db.close();
  } else {
    const client = new pg.Client({ connectionString: prepared.env.DATABASE_URL });
    await client.connect();
    query = (v) => client.query({ name: 'bare', text: INSERT, values: v });
    close = () => client.end();
  }
  const latencies: number[] = [];
  // One second of warm-up (a freshly opened PGlite runs cold at first), then the window.
  const warm = performance.now() + 1000;
  const end = warm + BARE_SECONDS * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const t = performance.now();
    const s = session.squadre[i % session.squadre.length];
    await query([session.problemi[i % 20]!.id, s, session.sessioneId, `9${i}`]);
    if (t >= warm) latencies.push(performance.now() - t);
  }
  await close();
  return rateOf(latencies, BARE_SECONDS);
}

/**
 * `conChiavi`: each submission carries an Idempotency-Key, as the answer
 * desk's outbox sends them (issue 17): the key is looked up and stored with
 * the answer.
 */
async function serverRun(prepared: PreparedDatabase, concurrency: number, conChiavi: boolean) {
  const { session } = prepared;
  const server = await startServerProcess({
    env: {
      ...prepared.env,
      LOG_LEVEL: 'warn',
      GAS_RATE_LIMIT: '0',
      GAS_CHECK_RESPONSES: '0',
      // Every subscriber comes from loopback.
      GAS_WS_MAX_PER_ADDRESS: String(SUBSCRIBERS),
    },
    // BENCH_CPU_PROF=dir writes the server's V8 CPU profile there (for finding hot spots).
    nodeArgs: process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [],
  });
  const run = randomUUID().slice(0, 8);
  try {
    const feed = `ws://127.0.0.1:${server.port}/ws/gas/sessione/${session.sessioneId}/punteggi_eventi/`;
    const received = new Array<number>(SUBSCRIBERS).fill(0);
    const sockets = await Promise.all(
      received.map(
        (_, i) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(feed);
            ws.on('message', () => (received[i]! += 1));
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          }),
      ),
    );
    const admin = await HttpSession.login(server.url, 'admin', 'gas-demo', concurrency);
    let n = 0;
    const latencies: number[] = [];
    let errors = 0;
    let measuring = false;
    const submit = async (stopAt: number) => {
      while (performance.now() < stopAt) {
        const i = n++;
        const t = performance.now();
        const res = await admin.request(
          'POST',
          '/api/gas/risposta/',
          {
            squadra: session.squadre[i % session.squadre.length],
            problema: session.problemi[(i * 7) % session.problemi.length]!.id,
            valore: `${1 + i / 100_000}`,
            valore_exp: 0,
          },
          conChiavi ? { 'idempotency-key': `"${run}-${i}-${randomUUID()}"` } : {},
        );
        if (res.status !== 201) errors += 1;
        else if (measuring) latencies.push(performance.now() - t);
      }
    };
    // One second of warm-up (JIT, pools, caches), then the measured window.
    await Promise.all(Array.from({ length: concurrency }, () => submit(performance.now() + 1000)));
    const acked = n - errors;
    measuring = true;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, () => submit(performance.now() + SECONDS * 1000)),
    );
    const elapsed = (performance.now() - t0) / 1000;
    // Every subscriber must have every acknowledged answer (broadcast is part of the work).
    await sleep(1000);
    const total = acked + latencies.length;
    const missing = received.filter((r) => r < total).length;
    for (const ws of sockets) ws.close();
    admin.close();
    return { ...rateOf(latencies, elapsed), errors, missing };
  } finally {
    await server.kill();
  }
}

let failed = false;
const backends = process.env.TEST_DATABASE_URL
  ? (['pglite', 'postgres'] as const)
  : (['pglite'] as const);
for (const backend of backends) {
  const prepared = await prepareDatabase(backend, { titolo: 'Benchmark ingestione', teams: 200 });
  try {
    const concurrency = backend === 'postgres' ? 32 : 8;
    const before = await bareLoop(prepared);
    // Without and with Idempotency-Key, alternated in the same run (issue 17: within 10%).
    const senza = await serverRun(prepared, concurrency, false);
    const con = await serverRun(prepared, concurrency, true);
    const app = con;
    const afterBare = await bareLoop(prepared);
    const bare = (before.rate + afterBare.rate) / 2;
    const ratio = app.rate / bare;
    const chiavi = con.rate / senza.rate;
    console.log(
      `\n${backend}: ${SECONDS} s of submissions, ${concurrency} concurrent clients, ${SUBSCRIBERS} subscribers`,
    );
    console.log(`${''.padEnd(40)}     /s  p50 ms  p99 ms`);
    const line = (name: string, r: Rate) =>
      console.log(`${name.padEnd(40)}${fmt(r.rate, 0)}${fmt(r.p50, 2)}${fmt(r.p99, 2)}`);
    line('bare INSERT loop (before)', before);
    line('bare INSERT loop (after)', afterBare);
    line('GaS POST /api/gas/risposta/', senza);
    line('GaS POST /api/gas/risposta/ + Idempotency-Key', con);
    const floorOk = ratio >= 0.25;
    const absoluteOk = backend !== 'postgres' || app.rate >= 1000;
    const chiaviOk = chiavi >= 0.9;
    console.log(
      `ratio: ${(ratio * 100).toFixed(1)}% of bare, with keys (target ≥ 25%) ${floorOk ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `keys: ${(chiavi * 100).toFixed(1)}% of the rate without (target ≥ 90%) ${chiaviOk ? 'ok' : 'MISSED'}`,
    );
    if (backend === 'postgres') {
      console.log(
        `absolute: ${app.rate.toFixed(0)}/s with keys (target ≥ 1000) ${absoluteOk ? 'ok' : 'MISSED'}`,
      );
    }
    failed ||= !chiaviOk || senza.errors > 0 || senza.missing > 0;
    console.log(`refused submissions: ${app.errors}; subscribers missing events: ${app.missing}`);
    failed ||= !floorOk || !absoluteOk || app.errors > 0 || app.missing > 0;
  } finally {
    await prepared.dispose();
  }
}
console.log(failed ? '\nTarget missed.' : '\nAll targets met.');
process.exit(failed ? 1 : 0);
