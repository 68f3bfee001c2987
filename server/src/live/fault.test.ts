// kill -9 during a burst of 1,000 submissions: after a restart every
// acknowledged answer is in the database and in the recomputed ranking, and a
// subscriber that stayed connected through it (reconnecting, recovering via
// risposta-all) ends with exactly the server's events.
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { risposta } from '../db/schema';
import { testBackends } from '../db/testing';
import { buildSnapshot } from '../scores/build';
import { loadSessionData } from '../scores/queries';
import { HttpSession } from './testing/http-session';
import { prepareDatabase, type PreparedDatabase } from './testing/prepare';
import { RecoveringSubscriber, type HeldEvent } from './testing/recovering-subscriber';
import { startServerProcess, type ServerProcess } from './testing/server-process';
import { until } from '../testing';

const BURST = 1000;
/** Keyed submissions of the outbox test. */
const KEYED = 400;
const KILL_AFTER_ACKS = 300;

type Punteggi = { json: { numero_eventi: number; classifica: { id: number; totale: number }[] } };

describe.each(testBackends())('kill -9 during a burst on %s', (backend) => {
  let prepared: PreparedDatabase | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.kill('SIGKILL');
    await prepared?.dispose();
  });

  it('loses no acknowledged answer; the subscriber ends equal to the server', async () => {
    prepared = await prepareDatabase(backend, { titolo: 'Prova guasto', teams: 40 });
    const { session, env } = prepared;
    const first = await startServerProcess({ env });
    servers.push(first);
    const subscriber = new RecoveringSubscriber(first.url, session.sessioneId, 100);
    await subscriber.start();
    const admin = await HttpSession.login(first.url, 'admin', 'gas-demo', 8);

    // Distinct values: no submission is a duplicate of another.
    const actions = Array.from({ length: BURST }, (_, i) => ({
      squadra: session.squadre[i % session.squadre.length]!,
      problema: session.problemi[i % session.problemi.length]!.id,
      valore: `${1 + i / 10_000}`,
      valore_exp: 0,
    }));
    const acked = new Map<number, (typeof actions)[number]>();
    let next = 0;
    let refused = 0;
    const worker = async () => {
      while (next < actions.length) {
        const action = actions[next++]!;
        try {
          const res = await admin.post<{ id: number }>('/api/gas/risposta/', action);
          if (res.status === 201) acked.set(res.body.id, action);
          else refused += 1;
        } catch {
          refused += 1; // connection refused or reset: never acknowledged
        }
      }
    };
    const burst = Promise.all(Array.from({ length: 8 }, worker));
    await until(() => acked.size >= KILL_AFTER_ACKS, { timeoutMs: 30_000 });
    await first.kill('SIGKILL');
    await burst;
    expect(acked.size + refused).toBe(BURST);
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    const second = await startServerProcess({ env, port: first.port });
    servers.push(second);
    // Live again after the restart: the same login session still works.
    const after = await admin.post<{ id: number }>('/api/gas/risposta/', {
      ...actions[0]!,
      valore: '7.5',
    });
    expect(after.status).toBe(201);

    const anonymous = new HttpSession(second.url, 2);
    const ids = (
      await anonymous.get<number[]>(
        `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${session.sessioneId}`,
      )
    ).body;
    for (const id of acked.keys()) expect(ids).toContain(id);
    expect(ids).toContain(after.body.id);

    await until(() => subscriber.connects >= 2 && subscriber.events.has(after.body.id), {
      timeoutMs: 30_000,
    });
    await subscriber.settled();
    const server = await anonymous.all<HeldEvent>(
      `/api/gas/risposta-all/?squadra__sessione=${session.sessioneId}&page_size=5000`,
    );
    const byId = (events: Iterable<HeldEvent>) =>
      [...events].sort((a, b) => a.id - b.id).map((e) => JSON.stringify(e));
    expect(byId(subscriber.events.values())).toEqual(byId(server));
    subscriber.stop();

    const punteggi = await anonymous.get<{ results: Punteggi[] }>(
      `/api/gas/sessione/${session.sessioneId}/punteggi/`,
    );
    const ranking = punteggi.body.results[0]!.json;
    expect(ranking.numero_eventi).toBe(ids.length);
    admin.close();
    anonymous.close();

    // PGlite is single-process: the database opens here only once the server is gone.
    if (backend === 'pglite') await second.kill('SIGTERM');
    const database = await prepared.open();
    try {
      const rows = await database.db
        .select()
        .from(risposta)
        .where(inArray(risposta.id, [...acked.keys()]));
      expect(rows).toHaveLength(acked.size);
      for (const row of rows) {
        const sent = acked.get(row.id)!;
        expect([row.squadraId, row.problemaId, row.valore]).toEqual([
          sent.squadra,
          sent.problema,
          sent.valore,
        ]);
      }
      // The ranking the server serves is the one recomputed from the stored answers.
      const data = await loadSessionData(database.db, session.sessioneId);
      const recomputed = buildSnapshot(data!, new Date()).punteggi;
      const totals = (c: { id: number; totale: number }[]) => c.map((e) => [e.id, e.totale]);
      expect(totals(ranking.classifica)).toEqual(totals(recomputed.classifica));
      expect(recomputed.numero_eventi).toBe(ids.length);
    } finally {
      if (backend === 'pglite') await database.close();
    }
  }, 150_000);

  it('with Idempotency-Keys retried through the kill (the answer desk’s outbox), every answer is stored exactly once', async () => {
    const keyed = await prepareDatabase(backend, { titolo: 'Prova chiavi', teams: 20 });
    try {
      const { session, env } = keyed;
      const first = await startServerProcess({ env });
      servers.push(first);
      const inseritore = await HttpSession.login(first.url, 'inseritore', 'gas-demo', 8);
      const actions = Array.from({ length: KEYED }, (_, i) => ({
        chiave: randomUUID(),
        body: {
          squadra: session.squadre[i % session.squadre.length]!,
          problema: session.problemi[i % session.problemi.length]!.id,
          valore: `${2 + i / 10_000}`,
          valore_exp: 0,
        },
      }));
      const stored = new Map<string, number>();
      let next = 0;
      let retries = 0;
      // Each submission is sent until the server answers it, with its key,
      // as the outbox does: through the kill, the restart and its 503s.
      const worker = async () => {
        while (next < actions.length) {
          const action = actions[next++]!;
          for (;;) {
            const res = await inseritore
              .request<{ id: number }>('POST', '/api/gas/risposta/', action.body, {
                'idempotency-key': action.chiave,
              })
              .catch(() => null);
            if (res?.status === 201) {
              stored.set(action.chiave, res.body.id);
              break;
            }
            if (res && res.status < 500) throw new Error(`risposta ${res.status}`);
            retries += 1;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      };
      const burst = Promise.all(Array.from({ length: 8 }, worker));
      await until(() => stored.size >= KEYED / 4, { timeoutMs: 30_000 });
      await first.kill('SIGKILL');
      const second = await startServerProcess({ env, port: first.port });
      servers.push(second);
      await burst;
      expect(retries).toBeGreaterThan(0);
      expect(stored.size).toBe(KEYED);
      // One row per key: every answer once, none twice, each the key's own.
      const anonymous = new HttpSession(second.url, 2);
      const server = await anonymous.all<HeldEvent>(
        `/api/gas/risposta-all/?squadra__sessione=${session.sessioneId}&page_size=5000`,
      );
      const ids = new Set(server.map((e) => e.id));
      expect(new Set(stored.values()).size).toBe(KEYED);
      for (const id of stored.values()) expect(ids.has(id)).toBe(true);
      expect(server.filter((e) => e.k === 'r')).toHaveLength(KEYED);
      inseritore.close();
      anonymous.close();
      await second.kill('SIGTERM');
    } finally {
      await keyed.dispose();
    }
  }, 150_000);
});
