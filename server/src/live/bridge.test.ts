// Cross-instance fan-out on a real PostgreSQL (skipped without
// TEST_DATABASE_URL, which scripts/with-postgres.sh and CI set):
// - two bridges in process: delivery, no echo, batching, long messages by
//   reference, reconnection after the LISTEN connection is killed;
// - two real server processes on one database: a viewer on B gets the answer
//   POSTed on A (logged in, CSRF) within the latency budget, and vice versa.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveSession } from '../demo/queries';
import { LiveBridge } from './bridge';
import { LiveBus, type LiveMessage } from './bus';
import { HttpSession } from './testing/http-session';
import { prepareDatabase, type PreparedDatabase } from './testing/prepare';
import { startServerProcess, type ServerProcess } from './testing/server-process';
import { connectWs } from './testing/ws-client';
import { until } from '../testing';

const url = process.env.TEST_DATABASE_URL;
/** Spec: every viewer sees each answer within a second. */
const LATENCY_BUDGET_MS = 1000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.skipIf(!url)('LISTEN/NOTIFY bridge', () => {
  let prepared: PreparedDatabase;
  let databaseUrl: string;
  beforeAll(async () => {
    prepared = await prepareDatabase('postgres', { titolo: 'Due istanze', teams: 6 });
    databaseUrl = prepared.env.DATABASE_URL!;
  });
  afterAll(() => prepared?.dispose());

  async function pair(channel: string) {
    const db = (await prepared.open()).db;
    const [busA, busB] = [new LiveBus(), new LiveBus()];
    const a = new LiveBridge({
      connectionString: databaseUrl,
      live: busA,
      db,
      log: quiet,
      channel,
    });
    const changed: number[] = [];
    const b = new LiveBridge({
      connectionString: databaseUrl,
      live: busB,
      db,
      log: quiet,
      channel,
      onRemoteChange: (id) => changed.push(id),
    });
    await Promise.all([a.start(), b.start()]);
    const got = { a: [] as LiveMessage[], b: [] as LiveMessage[] };
    busA.subscribe((m) => got.a.push(m));
    busB.subscribe((m) => got.b.push(m));
    return { a, b, busA, busB, got, changed };
  }

  it('delivers to the other instance once, batched, without echo', async () => {
    const { a, b, busA, got, changed } = await pair('gas_live_t1');
    // Kept local: every instance invalidates its own cache on the remote npe.
    busA.publish({ type: 'snapshot_invalidated', sessioneId: 9 });
    for (let id = 1; id <= 50; id++) {
      busA.publish({
        type: 'npe',
        sessioneId: 9,
        event: { id, k: 'r', s: 1, p: 2, c: true, d: 'x' },
      });
    }
    busA.publish({ type: 'refresh_page_delayed', sessioneId: 9, interval: 30 });
    // An admin's delete_cache: the other instances drop their snapshot too.
    busA.publish({ type: 'snapshot_cleared', sessioneId: 9 });
    await until(() => got.b.length === 52);
    expect(got.b.slice(0, 50).map((m) => (m.type === 'npe' ? m.event.id : 0))).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(got.b[50]).toEqual({ type: 'refresh_page_delayed', sessioneId: 9, interval: 30 });
    expect(got.b[51]).toEqual({ type: 'snapshot_cleared', sessioneId: 9 });
    expect(a.stats.notifies).toBeLessThan(10);
    expect(changed).toEqual(Array.from({ length: 51 }, () => 9));
    await new Promise((r) => setTimeout(r, 200));
    // A received nothing back: only its own 53 publications.
    expect(got.a).toHaveLength(53);
    expect(b.stats.sent).toBe(0);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('sends a message too long for a payload by reference, loaded from the database', async () => {
    const { a, b, busA, got } = await pair('gas_live_t2');
    const database = await prepared.open();
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const testo = 'È lungo. '.repeat(1200);
    const res = await database.client.query<{ id: number; data: Date }>(
      'insert into messaggio_importante (evento_id, testo, data) values ($1, $2, now()) returning id, data',
      [prepared.session.eventoId, testo],
    );
    const row = res.rows[0]!;
    const message = { id: row.id, testo, data: row.data.toISOString() };
    busA.publish({ type: 'new_message', eventoId: prepared.session.eventoId, message });
    await until(() => got.b.length === 1);
    expect(got.b[0]).toEqual({ type: 'new_message', eventoId: prepared.session.eventoId, message });
    await Promise.all([a.stop(), b.stop()]);
  });

  it('reconnects after losing its LISTEN connection', async () => {
    const { a, b, busA, got } = await pair('gas_live_t3');
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'gas-live' and query like '%gas_live_t3%'",
    );
    await admin.end();
    await until(() => a.stats.reconnects >= 1 && b.stats.reconnects >= 1);
    await until(() => a.connected && b.connected);
    busA.publish({ type: 'refresh_page', sessioneId: 3 });
    await until(() => got.b.length === 1);
    await Promise.all([a.stop(), b.stop()]);
  });

  describe('two server processes', () => {
    let A: ServerProcess;
    let B: ServerProcess;
    let session: LiveSession;
    beforeAll(async () => {
      session = prepared.session;
      [A, B] = await Promise.all([
        startServerProcess({ env: prepared.env }),
        startServerProcess({ env: prepared.env }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([A?.kill(), B?.kill()]);
    });

    for (const [from, to] of [
      ['A', 'B'],
      ['B', 'A'],
    ] as const) {
      it(`a viewer on ${to} gets an answer POSTed on ${from} within the budget`, async () => {
        const servers = { A, B };
        const feed = `ws://127.0.0.1:${servers[to].port}/ws/gas/sessione/${session.sessioneId}`;
        const eventi = connectWs(`${feed}/punteggi_eventi/`);
        const last = connectWs(`${feed}/punteggi_last/`);
        await eventi.opened;
        const first = await last.next((f) => f.type === 'new_json');
        const before = (first.json as { json: { numero_eventi: number } }).json.numero_eventi;
        const inseritore = await HttpSession.login(servers[from].url, 'inseritore');
        const res = await inseritore.post<{ id: number }>('/api/gas/risposta/', {
          squadra: session.squadre[from === 'A' ? 0 : 1],
          problema: session.problemi[0]!.id,
          valore: from === 'A' ? '2.998' : '3.5',
          valore_exp: 8,
        });
        const acked = performance.now();
        expect(res.status).toBe(201);
        const npe = await eventi.next((f) => f.type === 'npe' && f.id === res.body.id, 5000);
        expect(performance.now() - acked).toBeLessThan(LATENCY_BUDGET_MS);
        expect(npe).toMatchObject({ k: 'r', c: from === 'A' });
        // The other instance's snapshot follows too (its cache dropped on the npe).
        await last.next(
          (f) =>
            f.type === 'new_json' &&
            (f.json as { json: { numero_eventi: number } }).json.numero_eventi === before + 1,
          5000,
        );
        eventi.close();
        last.close();
        inseritore.close();
      });
    }

    it('relays important messages across instances', async () => {
      const ws = connectWs(
        `ws://127.0.0.1:${B.port}/ws/gas/messaggi-importanti/${session.eventoId}/`,
      );
      await ws.opened;
      const admin = await HttpSession.login(A.url, 'admin');
      const res = await admin.post('/api/gas/messaggi-importanti/', {
        evento: session.eventoId,
        testo: 'Da A a B',
      });
      expect(res.status).toBe(201);
      const frame = await ws.next((f) => f.type === 'new_message', 5000);
      expect(frame.message).toMatchObject({ testo: 'Da A a B', evento: session.eventoId });
      ws.close();
      admin.close();
    });
  });
});
