// The in-memory copies behind the answer route: kept while the change feed is
// live, dropped when their rows change (on PostgreSQL on every instance), not
// kept at all while the feed is down; and, through the API, edits made during
// a contest take effect on the very next answer.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { MESSAGGI_GARA } from '@gas/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { evento, problema, responsabileSquadra, risposta, squadra } from '../../db/schema';
import { createTestDatabase, testBackends, type TestDatabase } from '../../db/testing';
import { createTestApp, type TestApp } from '../../api/testing';
import { SubmissionTargets } from './targets';
import { loadDemo, setClock, type Demo } from '../../api/risposta/testing';
import { until } from '../../testing';

const quiet = { warn: () => undefined };

describe.each(testBackends())('SubmissionTargets on %s', (backend) => {
  let database: TestDatabase;
  let d: Demo;
  const open: SubmissionTargets[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend, { seed: true });
    d = await loadDemo(database.db);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.stop()));
  });
  afterAll(() => database.close());

  async function started() {
    const targets = new SubmissionTargets(database, { log: quiet });
    open.push(targets);
    await targets.target(1, 1); // starts the feed
    await until(() => targets.caching);
    return targets;
  }
  let marks = 0;
  /**
   * Once the targets have heard a marker sent now, they have heard every
   * change committed before it (notifications arrive in commit order).
   */
  async function heardAll(...targets: SubmissionTargets[]): Promise<void> {
    const mark = ++marks;
    await database.db.execute(sql`select pg_notify('gas_modifiche', ${`segnale:${mark}`})`);
    const heard = (t: SubmissionTargets) =>
      t.lastChange?.table === 'segnale' && 'id' in t.lastChange && t.lastChange.id === mark;
    await until(() => targets.every(heard));
  }
  const team = () => d.nazionale.squadre[0]!;
  const problem = () => d.nazionale.problemi[0]!;

  it('serves the second lookup from memory', async () => {
    const targets = await started();
    const first = await targets.target(team().id, problem().id);
    expect(first.squadra?.row.id).toBe(team().id);
    expect(first.problema?.id).toBe(problem().id);
    expect(first.evento?.row.id).toBe(d.nazionale.id);
    const loads = targets.stats.loads;
    const hits = targets.stats.hits;
    expect(await targets.target(team().id, problem().id)).toEqual(first);
    expect(targets.stats.loads).toBe(loads);
    expect(targets.stats.hits).toBe(hits + 3);
    // fresh: read again from the database.
    await targets.target(team().id, problem().id, true);
    expect(targets.stats.loads).toBe(loads + 3);
  });

  it('drops a row as soon as it changes: event, staff, problem, team, managers', async () => {
    const targets = await started();
    const { db } = database;
    const look = () => targets.target(team().id, problem().id);
    await look();
    const changed = async (write: () => Promise<unknown>) => {
      await write();
      await heardAll(targets);
      return look();
    };
    const [row] = await db.select().from(evento).where(eq(evento.id, d.nazionale.id));
    const fine = new Date(row!.fine.getTime() + 60_000);
    const e = await changed(() =>
      db.update(evento).set({ fine }).where(eq(evento.id, d.nazionale.id)),
    );
    expect(e.evento?.row.fine).toEqual(fine);
    const p = await changed(() =>
      db.update(problema).set({ soluzione: 42 }).where(eq(problema.id, problem().id)),
    );
    expect(p.problema?.soluzione).toBe(42);
    const s = await changed(() =>
      db.update(squadra).set({ nome: 'Nuovo nome' }).where(eq(squadra.id, team().id)),
    );
    expect(s.squadra?.row.nome).toBe('Nuovo nome');
    // A team with a manager of its own (the secondary manager's).
    const assigned = d.squadre.secondario[0]!;
    const managed = await targets.target(assigned, problem().id);
    expect(managed.squadra!.ref.responsabileIds.length).toBeGreaterThan(0);
    await db.delete(responsabileSquadra).where(eq(responsabileSquadra.squadraId, assigned));
    await heardAll(targets);
    const removed = await targets.target(assigned, problem().id);
    expect(removed.squadra?.ref.responsabileIds).toEqual([]);
    // And kept again, until the next change.
    const hits = targets.stats.hits;
    await targets.target(assigned, problem().id);
    expect(targets.stats.hits).toBe(hits + 3);
  });

  it('keeps nothing of a team or problem that does not exist', async () => {
    const targets = await started();
    const missing = await targets.target(999_999, 999_999);
    expect(missing).toEqual({ squadra: null, problema: null, evento: null });
    expect(targets.size).toBe(0);
  });

  it('forgets what the database called stale', async () => {
    const targets = await started();
    const target = await targets.target(team().id, problem().id);
    expect(targets.size).toBe(3);
    targets.forget(target);
    expect(targets.size).toBe(0);
  });

  // Only PostgreSQL has other instances and a connection to lose.
  if (backend === 'postgres') {
    it('is dropped on every instance, whichever wrote', async () => {
      const [a, b] = [await started(), await started()];
      await a.target(team().id, problem().id);
      await b.target(team().id, problem().id);
      await database.db
        .update(problema)
        .set({ soluzione: 43 })
        .where(eq(problema.id, problem().id));
      await heardAll(a, b);
      expect((await a.target(team().id, problem().id)).problema?.soluzione).toBe(43);
      expect((await b.target(team().id, problem().id)).problema?.soluzione).toBe(43);
    });

    it('keeps nothing while its LISTEN connection is down', async () => {
      const targets = await started();
      await targets.target(team().id, problem().id);
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const admin = new pg.Client({ connectionString: database.databaseUrl });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'gas-modifiche' and datname = current_database()",
      );
      await admin.end();
      await until(() => !targets.caching);
      expect(targets.size).toBe(0);
      // Changes now go unseen: every lookup reads the database.
      await targets.target(team().id, problem().id);
      expect(targets.size).toBe(0);
      await until(() => targets.caching, { timeoutMs: 15_000 });
      await targets.target(team().id, problem().id);
      expect(targets.size).toBe(3);
    });
  }
});

describe.each(testBackends())('edits during a contest reach the next answer on %s', (backend) => {
  let t: TestApp;
  let d: Demo;
  let n = 0;
  const post = async (
    role: 'admin' | 'principale',
    squadraId: number,
    problemaId: number,
    valore?: string,
  ) =>
    (await t.as(role)).post('/api/gas/risposta/', {
      squadra: squadraId,
      problema: problemaId,
      valore: valore ?? `${++n},75`,
      valore_exp: 0,
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    d = await loadDemo(t.database.db);
    await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
  });
  afterAll(() => t.close());

  it('a corrected solution judges the very next answer', async () => {
    const p = d.nazionale.problemi[3]!;
    const s = d.squadre.altre[0]!;
    expect((await post('admin', s, p.id)).statusCode).toBe(201);
    // Written straight to the database (no re-check, no API): the copy in
    // memory may still hold the old solution, the database refuses it.
    await t.database.db
      .update(problema)
      .set({ soluzione: 123.5, soluzioneExp: 0, intervalloValidita: 0 })
      .where(eq(problema.id, p.id));
    const res = await post('admin', s, p.id, '123,5');
    expect(res.statusCode).toBe(201);
    expect(res.json().corretto).toBe(true);
  });

  it('a team moved to another session answers in the new one at once', async () => {
    const s = d.squadre.altre[1]!;
    const p = d.nazionale.problemi[0]!.id;
    expect((await post('admin', s, p)).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(squadra).where(eq(squadra.id, s));
    const other = d.nazionale.sessioni.find((x) => x !== row!.sessioneId)!;
    await t.database.db.update(squadra).set({ sessioneId: other }).where(eq(squadra.id, s));
    const res = await post('admin', s, p);
    expect(res.statusCode).toBe(201);
    const [stored] = await t.database.db
      .select()
      .from(risposta)
      .where(eq(risposta.id, res.json().id));
    expect(stored!.sessioneId).toBe(other);
  });

  // PGlite tells this process of a change before the writing query returns,
  // so there is not even a millisecond of staleness to wait out.
  if (backend === 'pglite') {
    it('closing the contest or moving a team out of the school takes effect on the next request', async () => {
      const s = d.squadre.principale[0]!;
      const p = d.nazionale.problemi[0]!.id;
      const [before] = await t.database.db.select().from(squadra).where(eq(squadra.id, s));
      expect((await post('principale', s, p)).statusCode).toBe(201);
      // principale owns the team through its school only.
      await t.database.db.update(squadra).set({ scuolaId: null }).where(eq(squadra.id, s));
      expect((await post('principale', s, p)).statusCode).toBe(403);
      await t.database.db
        .update(squadra)
        .set({ scuolaId: before!.scuolaId })
        .where(eq(squadra.id, s));
      expect((await post('principale', s, p)).statusCode).toBe(201);
      await setClock(t.database.db, d.nazionale.id, { inizio: -120, fine: -1 });
      const late = await post('principale', s, p);
      expect(late.statusCode).toBe(400);
      expect(late.json().non_field_errors).toEqual([MESSAGGI_GARA.garaNonInCorso]);
      await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    });
  }
});
