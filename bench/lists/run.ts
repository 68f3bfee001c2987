// Event-list amplification benchmark (issue 12, security item 2):
// `npm run -w @gas/bench bench:lists` on PGlite; under scripts/with-postgres.sh
// on PostgreSQL too. Loopback only, about a minute per database.
//
// Two server processes (`node scripts/start.mjs`, GAS_RATE_LIMIT=0) on two
// copies of the demo database: the baseline with no private event, the other
// with PRIVATI private events of one teacher (each with problems and two
// sessions, as an attacker would fill them). Measured in the same run:
//
// 1. anonymous GET /api/gas/evento/, requests alternating between the two
//    servers one at a time (load on the shared machine hits both alike):
//    target p99 with the private events ≤ 2 × p99 of the baseline;
// 2. GET /api/time/ on the server with the private events while 8 anonymous
//    clients read the event and session lists back to back: target p99 ≤ 50 ms.
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client';
import {
  evento,
  eventoAmministratore,
  problema,
  responsabile,
  sessione,
  users,
} from '../../server/src/db/schema';
import { HttpSession } from '../../server/src/live/testing/http-session';
import { prepareDatabase, type PreparedDatabase } from '../../server/src/live/testing/prepare';
import {
  startServerProcess,
  type ServerProcess,
} from '../../server/src/live/testing/server-process';
import { fmt, percentile } from '../live/procs';

const PRIVATI = Number(process.env.BENCH_PRIVATI ?? 5000);
const PROBLEMI_PER_EVENTO = 10;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARM_UP = 40;
const READERS = 8;
const READ_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DAY = 86_400_000;

/** PRIVATI private events of the demo teacher, spread over the last years. */
async function addPrivateEvents(database: Database) {
  const { db } = database;
  const [docente] = await db
    .select({ id: responsabile.id })
    .from(responsabile)
    .innerJoin(users, eq(users.id, responsabile.userId))
    .where(eq(users.username, 'docente'));
  const now = Date.now();
  for (let start = 0; start < PRIVATI; start += 500) {
    const n = Math.min(500, PRIVATI - start);
    const rows = await db
      .insert(evento)
      .values(
        Array.from({ length: n }, (_, k) => {
          const i = start + k;
          const inizio = new Date(now - 1000 * DAY + (i % 1500) * DAY + i * 1000);
          return {
            titolo: `Allenamento privato ${i}`,
            inizio,
            fine: new Date(inizio.getTime() + 2 * 3_600_000),
            tipologia: 'priv' as const,
            anno: inizio.getUTCFullYear(),
          };
        }),
      )
      .returning({ id: evento.id });
    const ids = rows.map((r) => r.id);
    await db
      .insert(eventoAmministratore)
      .values(ids.map((eventoId) => ({ eventoId, responsabileId: docente!.id })));
    await db.insert(sessione).values(
      ids.flatMap((eventoId) => [
        { eventoId, nome: 'Sessione 1', ordine: 1 },
        { eventoId, nome: 'Sessione 2', ordine: 2 },
      ]),
    );
    await db.insert(problema).values(
      ids.flatMap((eventoId) =>
        Array.from({ length: PROBLEMI_PER_EVENTO }, (_, p) => ({
          eventoId,
          nome: `P${p + 1}`,
          ordine: p + 1,
        })),
      ),
    );
  }
}

async function timed(session: HttpSession, path: string): Promise<number> {
  const t = performance.now();
  const res = await session.get(path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return performance.now() - t;
}

type Stats = { n: number; p50: number; p99: number; max: number };
const stats = (xs: number[]): Stats => ({
  n: xs.length,
  p50: percentile(xs, 0.5),
  p99: percentile(xs, 0.99),
  max: Math.max(...xs),
});
const line = (name: string, s: Stats) =>
  console.log(
    `${name.padEnd(48)}${String(s.n).padStart(6)}${fmt(s.p50, 2)}${fmt(s.p99, 2)}${fmt(s.max, 2)}`,
  );

/** 1: the anonymous event list on both servers, alternating. */
async function listLatency(base: ServerProcess, loaded: ServerProcess) {
  const a = new HttpSession(base.url, 1);
  const b = new HttpSession(loaded.url, 1);
  const sameCount = [
    (await a.get<{ count: number }>('/api/gas/evento/')).body.count,
    (await b.get<{ count: number }>('/api/gas/evento/')).body.count,
  ];
  if (sameCount[0] !== sameCount[1]) throw new Error(`different lists: ${sameCount.join(' vs ')}`);
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    // Alternate which goes first, so neither always follows the other's GC.
    const order = i % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
    for (const k of order) {
      const ms = await timed(k === 0 ? a : b, '/api/gas/evento/');
      if (i >= WARM_UP) times[k].push(ms);
    }
  }
  a.close();
  b.close();
  return { count: sameCount[0]!, base: stats(times[0]), loaded: stats(times[1]) };
}

/** 2: /api/time/ while READERS clients read the lists back to back. */
async function timeUnderReaders(server: ServerProcess, readerCount: number) {
  const stopAt = performance.now() + 1000 + READ_SECONDS * 1000;
  const measureFrom = performance.now() + 1000;
  let reads = 0;
  const readers = Array.from({ length: readerCount }, async (_, r) => {
    const session = new HttpSession(server.url, 1);
    const paths = ['/api/gas/evento/', '/api/gas/sessione/'];
    for (let i = r; performance.now() < stopAt; i++) {
      await timed(session, paths[i % paths.length]!);
      reads += 1;
    }
    session.close();
  });
  const clock = new HttpSession(server.url, 1);
  const times: number[] = [];
  while (performance.now() < stopAt) {
    const ms = await timed(clock, '/api/time/');
    if (performance.now() >= measureFrom) times.push(ms);
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(readers);
  clock.close();
  return { time: stats(times), readsPerSecond: reads / (READ_SECONDS + 1) };
}

let failed = false;
const backends = process.env.TEST_DATABASE_URL
  ? (['pglite', 'postgres'] as const)
  : (['pglite'] as const);
for (const backend of backends) {
  const prepared: PreparedDatabase[] = [];
  const servers: ServerProcess[] = [];
  try {
    prepared.push(await prepareDatabase(backend, { titolo: 'Benchmark liste' }));
    prepared.push(await prepareDatabase(backend, { titolo: 'Benchmark liste' }));
    const started = performance.now();
    const database = await prepared[1]!.open();
    await addPrivateEvents(database);
    // PGlite: one process at a time; PostgreSQL: prepared keeps it open for itself.
    if (backend === 'pglite') await database.close();
    const insertSeconds = (performance.now() - started) / 1000;
    for (const p of prepared) {
      servers.push(
        await startServerProcess({
          // As in production: no rate limits, answers not checked against their schemas.
          env: { ...p.env, GAS_RATE_LIMIT: '0', GAS_CHECK_RESPONSES: '0' },
        }),
      );
    }
    const lists = await listLatency(servers[0]!, servers[1]!);
    const idle = await timeUnderReaders(servers[1]!, 0);
    const clockBase = await timeUnderReaders(servers[0]!, READERS);
    const clock = await timeUnderReaders(servers[1]!, READERS);

    console.log(
      `\n${backend}: ${PRIVATI} private events (${PROBLEMI_PER_EVENTO} problems, 2 sessions each; inserted in ${insertSeconds.toFixed(1)} s); anonymous list of ${lists.count} events`,
    );
    console.log(`${''.padEnd(48)}     n  p50 ms  p99 ms  max ms`);
    line('GET /api/gas/evento/, no private event', lists.base);
    line(`GET /api/gas/evento/, ${PRIVATI} private events`, lists.loaded);
    line(`GET /api/time/, ${PRIVATI} private events, idle`, idle.time);
    line(`  under ${READERS} list readers, no private event`, clockBase.time);
    line(`  under ${READERS} list readers, ${PRIVATI} private events`, clock.time);
    console.log(
      `list reads/s of the ${READERS} readers: ${clockBase.readsPerSecond.toFixed(0)} (no private event), ${clock.readsPerSecond.toFixed(0)} (${PRIVATI} private events)`,
    );
    const ratio = lists.loaded.p99 / lists.base.p99;
    const ratioOk = ratio <= 2;
    const clockOk = clock.time.p99 <= 50;
    console.log(
      `list p99: ${ratio.toFixed(2)} × the list without private events (target ≤ 2) ${ratioOk ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `/api/time/ p99 under ${READERS} list readers: ${clock.time.p99.toFixed(1)} ms (target ≤ 50 ms) ${clockOk ? 'ok' : 'MISSED'}`,
    );
    failed ||= !ratioOk || !clockOk;
  } finally {
    for (const s of servers) await s.kill();
    for (const p of prepared) await p.dispose();
  }
}
console.log(failed ? '\nTarget missed.' : '\nAll targets met.');
process.exit(failed ? 1 : 0);
