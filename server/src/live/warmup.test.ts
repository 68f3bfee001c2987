// The warm-up of a starting instance (warmup.ts): the public sessions whose
// contest is on are read as a visitor's scores page reads them, so that their
// snapshots are built before /readyz says yes; private ones, and contests long
// over or not yet near, are left alone.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/testing';
import { evento } from '../db/schema';
import { testBackends } from '../db/testing';
import { ensureLiveSession, type LiveSession } from '../demo/queries';
import { sessioniPubblicheInCorso } from './queries';
import { warmUp } from './warmup';

/** A day far from the demo's own contests, so that only this file's are on. */
const GIORNO = new Date('2099-03-02T09:00:00Z');
const HOUR = 3600_000;

describe.each(testBackends())('warm-up at start on %s', (backend) => {
  let t: TestApp;
  let inCorso: LiveSession;
  let privata: LiveSession;
  let finita: LiveSession;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const crea = (titolo: string, now: Date) =>
      ensureLiveSession(t.database, { now, titolo, teams: 4, inseritore: 'inseritore' });
    inCorso = await crea('Riscaldamento: in corso', GIORNO);
    privata = await crea('Riscaldamento: privata', GIORNO);
    finita = await crea('Riscaldamento: finita', new Date(GIORNO.getTime() - 24 * HOUR));
    await t.database.db
      .update(evento)
      .set({ tipologia: 'priv' })
      .where(eq(evento.id, privata.eventoId));
  });
  afterAll(() => t.close());

  it('finds the public sessions on, from 30 minutes before the start to an hour after the end', async () => {
    const ids = async (now: Date) =>
      (
        await sessioniPubblicheInCorso(t.database.db, now, {
          primaMs: 30 * 60_000,
          dopoMs: HOUR,
          limite: 10,
        })
      ).map((s) => s.sessioneId);
    const at = (ms: number) => new Date(GIORNO.getTime() + ms);
    // Neither the private one nor the one that ended the day before.
    expect(await ids(at(HOUR))).toEqual([inCorso.sessioneId]);
    expect(await ids(at(HOUR - 24 * HOUR))).toEqual([finita.sessioneId]);
    expect(await ids(at(-29 * 60_000))).toEqual([inCorso.sessioneId]);
    expect(await ids(at(-31 * 60_000))).toEqual([]);
    const [row] = await t.database.db
      .select({ fine: evento.fine })
      .from(evento)
      .where(eq(evento.id, inCorso.eventoId));
    const dopoFine = row!.fine.getTime() - GIORNO.getTime();
    expect(await ids(at(dopoFine + HOUR - 60_000))).toEqual([inCorso.sessioneId]);
    expect(await ids(at(dopoFine + HOUR + 60_000))).toEqual([]);
  });

  it("reads each one as a visitor's scores page does, and builds its snapshot", async () => {
    const snapshots = t.app.services.snapshots;
    const builds = snapshots.builds;
    const result = await warmUp(t.app, t.database.db, { now: GIORNO });
    expect(result).toMatchObject({ sessioni: 1, fallite: 0 });
    // Seven at least: event list, session, blocks' index, teams, event, scores,
    // messages (and each block, none before the first answer).
    expect(result.letture).toBeGreaterThanOrEqual(7);
    expect(snapshots.builds).toBe(builds + 1);
    // The first viewer finds it built.
    const hits = snapshots.stats.hits;
    await snapshots.get(inCorso.sessioneId);
    expect(snapshots.stats.hits).toBe(hits + 1);
    expect(snapshots.builds).toBe(builds + 1);
  });

  it('stops at its time budget', async () => {
    const result = await warmUp(t.app, t.database.db, { now: GIORNO, budgetMs: 0 });
    expect(result.letture).toBe(0);
  });
});
