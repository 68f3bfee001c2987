// The live demo: a deterministic, bounded script; a session created, reused
// while it runs and restarted after; the simulator submitting through the
// same HTTP routes as people (answers and jokers reach the live bus).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../db/testing';
import { evento, risposta } from '../db/schema';
import { rispostaCorretta } from './seed';
import { PROBLEMI_NAZIONALE } from './seed/problemi';
import { LiveBus, type LiveMessage } from '../live/bus';
import { planDemo, type DemoAction } from './plan';
import { DEMO_LIVE_TITOLO, ensureLiveSession } from './queries';
import { DemoSimulator, injectSubmitter } from './simulator';

const HOUR = 3_600_000;
const problemi = PROBLEMI_NAZIONALE.map((p, i) => ({
  id: 100 + i,
  soluzione: p.soluzione!,
  soluzioneExp: p.soluzioneExp!,
}));
const squadre = Array.from({ length: 60 }, (_, i) => 1000 + i);
const input = { seed: 7, squadre, problemi, durationMs: 2 * HOUR, jollyMs: 600_000 };
const quiet = { info: () => undefined, warn: () => undefined };

describe('demo script', () => {
  it('is deterministic, bounded, with one joker per team before its deadline', () => {
    const plan = planDemo(input);
    expect(planDemo(input)).toEqual(plan);
    expect(plan.every((a) => a.at >= 0 && a.at < input.durationMs)).toBe(true);
    const jokers = plan.filter((a) => a.kind === 'j');
    expect(jokers.map((j) => j.squadra).sort()).toEqual(squadre);
    expect(jokers.every((j) => j.at <= input.jollyMs)).toBe(true);
    // A realistic pace: between one answer every 12 s and one every 2 s on average.
    const answers = plan.filter((a) => a.kind === 'r');
    expect(answers.length).toBeGreaterThan(600);
    expect(answers.length).toBeLessThan(3600);
    const byId = new Map(PROBLEMI_NAZIONALE.map((p, i) => [100 + i, p]));
    const right = answers.filter(
      (a) => a.kind === 'r' && rispostaCorretta(byId.get(a.problema)!, a.valore, a.valoreExp),
    );
    expect(right.length / answers.length).toBeGreaterThan(0.4);
    expect(right.length / answers.length).toBeLessThan(0.9);
  });

  it('skips what is already past when a simulator starts late', () => {
    const actions: DemoAction[] = [0, 1000, 2000, 3000].map((at) => ({
      at,
      kind: 'j',
      squadra: at,
      problema: 1,
    }));
    const sim = new DemoSimulator({
      actions,
      startMs: 0,
      now: () => 2500,
      submit: async () => 201,
      log: quiet,
    });
    expect(sim.remaining).toBe(1);
  });
});

describe('demo session and simulator', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const messages: LiveMessage[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seed: true });
    const live = new LiveBus();
    live.subscribe((m) => messages.push(m));
    const config = { ...loadConfig({ NODE_ENV: 'test' }), demo: false, demoLive: false };
    app = await buildApp({ config, database, live, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('creates the session once, reuses it while it runs, restarts it afterwards', async () => {
    const now = new Date();
    const first = await ensureLiveSession(database, { now, teams: 8, inseritore: 'inseritore' });
    expect(first).toMatchObject({ reused: false });
    expect(first.squadre).toHaveLength(8);
    expect(first.problemi).toHaveLength(20);
    expect(first.fine.getTime() - first.inizio.getTime()).toBe(2 * HOUR);
    const again = await ensureLiveSession(database, { now: new Date(now.getTime() + 60_000) });
    expect(again).toMatchObject({ reused: true, sessioneId: first.sessioneId });
    await database.db.insert(risposta).values({
      problemaId: first.problemi[0]!.id,
      squadraId: first.squadre[0]!,
      sessioneId: first.sessioneId,
      kind: 'r',
      corretto: false,
      momentoConsegna: now,
      date: now,
    });
    const later = new Date(now.getTime() + 3 * HOUR);
    const restarted = await ensureLiveSession(database, { now: later });
    expect(restarted).toMatchObject({ reused: false, sessioneId: first.sessioneId });
    expect(restarted.inizio.getTime()).toBe(Math.floor(later.getTime() / 1000) * 1000);
    const [left] = await database.db
      .select({ n: count() })
      .from(risposta)
      .where(eq(risposta.sessioneId, first.sessioneId));
    expect(left!.n).toBe(0);
    const demos = await database.db
      .select({ n: count() })
      .from(evento)
      .where(eq(evento.titolo, DEMO_LIVE_TITOLO));
    expect(demos[0]!.n).toBe(1);
  });

  it('the demo is a public non-official event: its type and official flag agree', async () => {
    const now = new Date();
    const live = await ensureLiveSession(database, { now, titolo: 'Demo tipologia', teams: 2 });
    // A demo row of an older version, listed as official, is put right when it restarts.
    await database.db
      .update(evento)
      .set({ tipologia: 'o', ufficiale: false })
      .where(eq(evento.id, live.eventoId));
    await ensureLiveSession(database, {
      now: new Date(now.getTime() + 3 * HOUR),
      titolo: 'Demo tipologia',
    });
    const [row] = await database.db
      .select({ tipologia: evento.tipologia, ufficiale: evento.ufficiale })
      .from(evento)
      .where(eq(evento.id, live.eventoId));
    expect(row).toEqual({ tipologia: 'pub', ufficiale: false });
  });

  it('plays a compressed script through the HTTP routes', async () => {
    const live = await ensureLiveSession(database, {
      now: new Date(),
      titolo: 'Demo compressa',
      teams: 4,
      inseritore: 'inseritore',
    });
    const submit = await injectSubmitter(app, database.db, 'inseritore');
    expect(submit).not.toBeNull();
    // The real two hours, played 3,000 times faster.
    const actions = planDemo({
      seed: 1,
      squadre: live.squadre,
      problemi: live.problemi,
      durationMs: 2 * HOUR,
      jollyMs: 600_000,
    }).map((a) => ({ ...a, at: Math.round(a.at / 3000) }));
    expect(actions.filter((a) => a.kind === 'r').length).toBeGreaterThan(20);
    const sim = new DemoSimulator({ actions, startMs: Date.now(), submit: submit!, log: quiet });
    sim.start();
    const deadline = Date.now() + 20_000;
    while (sim.remaining > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await sim.stop();
    expect(sim.stats).toEqual({ submitted: actions.length, failed: 0 });
    const [stored] = await database.db
      .select({ n: count() })
      .from(risposta)
      .where(eq(risposta.sessioneId, live.sessioneId));
    expect(stored!.n).toBe(actions.length);
    // Each one went out on the live bus after its commit, like a person's.
    const npe = messages.filter((m) => m.type === 'npe' && m.sessioneId === live.sessioneId);
    expect(npe).toHaveLength(actions.length);
  });

  it('has no submitter without the demo user', async () => {
    expect(await injectSubmitter(app, database.db, 'nessuno')).toBeNull();
  });
});
