// The snapshot cache on a real database: deterministic builds, one build for
// concurrent readers, invalidation (explicit, by fingerprint,
// by age), no stale result kept after a concurrent invalidation, clear().
import { and, asc, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends, type TestDatabase } from '../db/testing';
import { evento, problema, punteggiCache, risposta, sessione, squadra } from '../db/schema';
import { LiveBus, type LiveMessage } from '../live/bus';
import { FeedHub } from '../live/hub';
import { SnapshotFeed } from '../live/punteggi-last';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { buildSnapshot } from './build';
import { SnapshotCache, type SnapshotLoader } from './cache';
import { countsForScores } from '../db/contest-window';
import { eventiDellaSessione, loadSessionData, scoringEventColumns } from './queries';
import { toScoringEvent } from './rows';

describe.each(testBackends())('snapshot cache on %s', (backend) => {
  let database: TestDatabase;
  let sessioneId: number;
  let otherSessione: number;
  let team: { id: number; sessioneId: number };
  let problemaId: number;
  /** Within the event: answers delivered outside it do not count (issue 12 item 9). */
  let inGara: Date;
  let clock = Date.parse('2030-01-01T00:00:00Z');
  const now = () => clock;

  beforeAll(async () => {
    database = await createTestDatabase(backend, { seed: true });
    const { db } = database;
    const rows = await db.select().from(risposta).orderBy(asc(risposta.id)).limit(1);
    sessioneId = rows[0]!.sessioneId;
    const [s] = await db.select().from(sessione).where(eq(sessione.id, sessioneId));
    const others = await db.select().from(sessione).where(eq(sessione.eventoId, s!.eventoId));
    otherSessione = others.find((x) => x.id !== sessioneId)!.id;
    const teams = await db
      .select({ id: squadra.id, sessioneId: squadra.sessioneId })
      .from(squadra)
      .where(eq(squadra.sessioneId, sessioneId))
      .limit(1);
    team = teams[0]!;
    const [p] = await db.select().from(problema).where(eq(problema.eventoId, s!.eventoId)).limit(1);
    problemaId = p!.id;
    const [e] = await db.select().from(evento).where(eq(evento.id, s!.eventoId));
    inGara = new Date(e!.inizio.getTime() + 60_000);
  });
  afterAll(() => database.close());

  const addAnswer = () =>
    database.db.insert(risposta).values({
      problemaId,
      squadraId: team.id,
      sessioneId: team.sessioneId,
      valore: '1',
      corretto: false,
      momentoConsegna: inGara,
      date: inGara,
    });

  function cache(options: { load?: SnapshotLoader; live?: LiveBus } = {}) {
    return new SnapshotCache(database, options.live ?? null, { now, load: options.load });
  }

  it('builds deterministically and answers null for an unknown session', async () => {
    // Two separate loads (as after a restart) give byte-identical snapshots.
    const ora = new Date(clock);
    const once = buildSnapshot((await loadSessionData(database.db, sessioneId))!, ora);
    const again = buildSnapshot((await loadSessionData(database.db, sessioneId))!, ora);
    expect(JSON.stringify(again)).toBe(JSON.stringify(once));
    expect(once.punteggi.classifica.length).toBeGreaterThan(0);
    expect(await loadSessionData(database.db, 999_999)).toBeNull();
    expect(await cache().get(999_999)).toBeNull();
  });

  it('builds once for concurrent and repeated readers', async () => {
    const c = cache();
    const [a, b] = await Promise.all([c.get(sessioneId), c.get(sessioneId)]);
    expect(a).toBe(b);
    expect(await c.get(sessioneId)).toBe(a);
    expect(c.builds).toBe(1);
  });

  it('rebuilds after invalidate() and announces it on the bus', async () => {
    const live = new LiveBus();
    const heard: LiveMessage[] = [];
    live.subscribe((m) => heard.push(m));
    const c = cache({ live });
    const first = await c.get(sessioneId);
    await addAnswer();
    c.invalidate(sessioneId);
    const second = await c.get(sessioneId);
    expect(second!.punteggi.numero_eventi).toBe(first!.punteggi.numero_eventi + 1);
    expect(heard).toEqual([{ type: 'snapshot_invalidated', sessioneId }]);
    expect(c.builds).toBe(2);
  });

  it('notices changes made behind its back once the entry is no longer fresh', async () => {
    const c = cache();
    const first = await c.get(sessioneId);
    await addAnswer();
    expect(await c.get(sessioneId)).toBe(first); // still fresh
    clock += 2500;
    const second = await c.get(sessioneId);
    expect(second!.punteggi.numero_eventi).toBe(first!.punteggi.numero_eventi + 1);
    clock += 2500;
    expect(await c.get(sessioneId)).toBe(second); // checked, unchanged: no rebuild
    expect(c.builds).toBe(2);
    await database.db.update(squadra).set({ penalita: 7 }).where(eq(squadra.id, team.id));
    clock += 2500;
    const third = await c.get(sessioneId);
    expect(third!.stato.penalizzate[team.id]).toBe(7);
    clock += 200_000; // `new` flags age: rebuilt even though nothing changed
    expect((await c.get(sessioneId))!.ora.getTime()).toBe(clock);
  });

  it('does not keep a build that an invalidation overtook', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const c = cache({
      load: async (db, id) => {
        calls += 1;
        const data = await loadSessionData(db, id);
        if (calls === 1) await gate;
        return data;
      },
    });
    const pending = c.get(sessioneId);
    c.invalidate(sessioneId);
    release();
    const stale = await pending;
    const fresh = await c.get(sessioneId);
    expect(fresh).not.toBe(stale);
    expect(calls).toBe(2);
  });

  it('clear() drops the entry and only this session’s stored snapshots', async () => {
    const { db } = database;
    await db.insert(punteggiCache).values([
      { sessioneId, ora: new Date(), json: {} },
      { sessioneId: otherSessione, ora: new Date(), json: {} },
    ]);
    const c = cache();
    await c.get(sessioneId);
    await c.clear(sessioneId);
    const left = await db.select().from(punteggiCache);
    expect(left.map((r) => r.sessioneId)).toEqual([otherSessione]);
    await c.get(sessioneId);
    expect(c.builds).toBe(2);
  });

  it('gives every app instance its own cache, the one its routes use', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), demo: false, demoLive: false };
    const [a, b] = [
      await buildApp({ config, database, logger: false }),
      await buildApp({ config, database, logger: false }),
    ];
    try {
      expect(a.services.snapshots).toBeInstanceOf(SnapshotCache);
      expect(a.services.snapshots).not.toBe(b.services.snapshots);
      const res = await a.inject({ url: `/api/gas/sessione/${sessioneId}/punteggi/` });
      expect(res.statusCode).toBe(200);
      expect([a.services.snapshots.builds, b.services.snapshots.builds]).toEqual([1, 0]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('serialises each snapshot once for every punteggi_last subscriber', async () => {
    const snapshots = cache();
    const feed = new SnapshotFeed(new FeedHub({ pingIntervalMs: 0 }), snapshots);
    // A reconnection storm: every new socket gets the very same frame buffer.
    const frames = await Promise.all(Array.from({ length: 200 }, () => feed.current(sessioneId)));
    expect(new Set(frames).size).toBe(1);
    expect(snapshots.builds).toBe(1);
    // Later sockets too, after the fingerprint check found nothing changed.
    clock += 5_000;
    expect(await feed.current(sessioneId)).toBe(frames[0]);
    // A new version of the snapshot: one new frame, shared again.
    await addAnswer();
    snapshots.invalidate(sessioneId);
    const next = await Promise.all(Array.from({ length: 50 }, () => feed.current(sessioneId)));
    expect(new Set(next).size).toBe(1);
    expect(next[0]).not.toBe(frames[0]);
    feed.close();
  });

  it('reads the events as the ORM and a Date would give them, microseconds and all', async () => {
    // 1,000 answers whose dates run through every millisecond with odd
    // microseconds: the plain read must cut them as a Date does.
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into risposta
            (problema_id, squadra_id, sessione_id, valore, corretto, momento_consegna, date)
          select ${problemaId}, ${team.id}, ${team.sessioneId}, '1', g % 3 = 0,
            ${inGara.toISOString()}::timestamptz + make_interval(secs => g * 0.001337),
            ${inGara.toISOString()}::timestamptz + make_interval(secs => g * 0.001337)
          from generate_series(1, 1000) g`);
        const perOrm = (
          await tx
            .select(scoringEventColumns)
            .from(risposta)
            .where(and(eq(risposta.sessioneId, sessioneId), countsForScores(sessioneId)))
            .orderBy(asc(risposta.date), asc(risposta.id))
        ).map(toScoringEvent);
        const letti = await eventiDellaSessione(tx, sessioneId);
        expect(letti.length).toBeGreaterThan(1000);
        expect(letti).toEqual(perOrm);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  });
});
