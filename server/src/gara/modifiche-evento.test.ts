// An event's committed changes reach its open pages (issue 27): the real app
// on a port, real WebSocket clients on the event's and a session's feeds,
// changes made through the API and straight in the database (as a script or
// another instance would).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ModificaGara } from '@gas/contracts';
import { evento, polo, problema, sessione, squadra } from '../db/schema';
import { testBackends } from '../db/testing';
import { createTestApp, type TestApp } from '../api/testing';
import { ensureLiveSession, type LiveSession } from '../demo/queries';
import type { ChangeFeedHandlers } from '../db/changes';
import type { ChangeSource } from '../db/lazy-change-feed';
import { connectWs, type Frame, type TestSocket } from '../live/testing/ws-client';
import { ModificheEvento } from './modifiche-evento';

describe.each(testBackends())('an event’s changes on its feeds, %s', (backend) => {
  let t: TestApp;
  let base: string;
  let live: LiveSession;
  let other: LiveSession;

  beforeAll(async () => {
    t = await createTestApp(backend);
    live = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Modifiche in diretta',
      teams: 4,
      inseritore: 'inseritore',
    });
    other = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Altro evento',
      teams: 2,
      inseritore: 'inseritore',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `ws://127.0.0.1:${address.port}`;
  });
  afterAll(() => t.close());

  const feeds = async (s: LiveSession) => {
    const eventi = connectWs(`${base}/ws/gas/sessione/${s.sessioneId}/punteggi_eventi/`);
    const messaggi = connectWs(`${base}/ws/gas/messaggi-importanti/${s.eventoId}/`);
    await Promise.all([eventi.opened, messaggi.opened]);
    // The instance makes frames for the events followed on it: from when the
    // first socket's access was checked (a socket still being checked holds them).
    while (!t.app.liveAccess.follows(s.eventoId)) await new Promise((r) => setTimeout(r, 10));
    return { eventi, messaggi, all: [eventi, messaggi] };
  };
  const isTempi = (f: Frame) => f.type === 'tempi';
  /** The n-th `modifica` frame of a socket (ws.next finds the first match). */
  const modifica = (ws: TestSocket, n: number) => {
    let seen = 0;
    return ws.next((f) => f.type === 'modifica' && ++seen === n);
  };

  it('sends the event’s new times on every feed of the event when the end moves, earlier and later', async () => {
    const { all } = await feeds(live);
    const admin = await t.as('admin');
    const [row] = await t.database.db.select().from(evento).where(eq(evento.id, live.eventoId));
    // Ended: just after its start (the session runs since the test began).
    const earlier = new Date(row!.inizio.getTime() + 1000);
    const started = Date.now();
    const res = await admin.patch(`/api/gas/evento/${live.eventoId}/`, {
      fine: earlier.toISOString(),
      fine_consegna_jolly: earlier.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    for (const ws of all) {
      expect(await ws.next(isTempi)).toEqual({
        type: 'tempi',
        evento: live.eventoId,
        inizio: row!.inizio.toISOString(),
        fine: earlier.toISOString(),
        fine_consegna_jolly: earlier.toISOString(),
      });
      expect(await ws.next((f) => f.type === 'modifica')).toEqual({
        type: 'modifica',
        evento: live.eventoId,
        parti: ['evento'],
      });
    }
    expect(Date.now() - started).toBeLessThan(2000);

    // Reopened, straight in the database (a script, another instance).
    const later = new Date(Date.now() + 3_600_000);
    await t.database.db
      .update(evento)
      .set({ fine: later, fineConsegnaJolly: null })
      .where(eq(evento.id, live.eventoId));
    for (const ws of all) {
      const frame = await ws.next((f) => isTempi(f) && f.fine === later.toISOString());
      expect(frame).toMatchObject({ fine_consegna_jolly: null });
    }
    for (const ws of all) ws.close();
  });

  it('names the parts that changed, gathered into one frame per event', async () => {
    const { eventi, messaggi } = await feeds(live);
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(squadra)
        .set({ nome: 'Squadra rinominata' })
        .where(eq(squadra.id, live.squadre[0]!));
      await tx
        .update(problema)
        .set({ nome: 'Problema rinominato' })
        .where(eq(problema.id, live.problemi[0]!.id));
    });
    for (const ws of [eventi, messaggi]) {
      expect(await ws.next((f) => f.type === 'modifica')).toEqual({
        type: 'modifica',
        evento: live.eventoId,
        parti: ['problemi', 'squadre'],
      });
    }
    await t.database.db
      .update(sessione)
      .set({ nome: 'Sessione rinominata' })
      .where(eq(sessione.id, live.sessioneId));
    expect(await modifica(eventi, 2)).toMatchObject({ parti: ['sessioni'] });
    const [venue] = await t.database.db
      .insert(polo)
      .values({ eventoId: live.eventoId, nomeBreve: 'Polo nuovo' })
      .returning();
    expect(await modifica(messaggi, 3)).toMatchObject({ parti: ['poli'] });
    await t.database.db.delete(polo).where(eq(polo.id, venue!.id));
    expect(await modifica(messaggi, 4)).toMatchObject({ parti: ['poli'] });
    // No times frame: the event's own row did not change.
    expect([...eventi.frames, ...messaggi.frames].filter(isTempi)).toEqual([]);
    eventi.close();
    messaggi.close();
  });

  it('sends nothing to the feeds of another event', async () => {
    const mine = await feeds(other);
    const theirs = await feeds(live);
    await t.database.db.execute(
      sql`update squadra set nome = nome || '!' where id = ${live.squadre[1]!}`,
    );
    await theirs.eventi.next((f) => f.type === 'modifica');
    // Both events' frames would have gone out in the same flush.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine.all.flatMap((ws) => ws.frames).filter((f) => f.type === 'modifica')).toEqual([]);
    for (const ws of [...mine.all, ...theirs.all]) ws.close();
  });

  it('after the change feed was down, announces each followed event in all its parts, with its times', async () => {
    let handlers: ChangeFeedHandlers | undefined;
    const changes: ChangeSource = {
      subscribe: (h) => {
        handlers = h;
        return {
          live: true,
          ensure: () => undefined,
          ready: async () => undefined,
          close: () => undefined,
        };
      },
    };
    const emesse: ModificaGara[] = [];
    const modifiche = new ModificheEvento({
      database: t.database,
      changes,
      modifiche: { emetti: (modifica) => void emesse.push(modifica) },
      followed: (id) => id === live.eventoId,
      allFollowed: () => [live.eventoId],
      log: { error: () => undefined },
    });
    const [row] = await t.database.db.select().from(evento).where(eq(evento.id, live.eventoId));
    handlers!.onReset();
    await vi.waitFor(() => expect(emesse).toHaveLength(1));
    expect(emesse[0]).toMatchObject({
      tipo: 'evento_modificato',
      evento: live.eventoId,
      parti: ['evento', 'poli', 'problemi', 'sessioni', 'squadre'],
      tempi: { fine: row!.fine.toISOString() },
    });
    // A change the feed cannot name is the same.
    handlers!.onChange({ table: '*' });
    await vi.waitFor(() => expect(emesse).toHaveLength(2));
    expect(emesse[1]).toEqual(emesse[0]);
    modifiche.stop();
  });
});
