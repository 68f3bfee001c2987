// Live feeds of an event that its viewer may no longer see are closed with
// 4403: the event turns private, a person leaves its staff, a viewer logs out
// or is deactivated. Real app listening on a port, real WebSocket clients.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type Client, type TestApp } from '../api/testing';
import { loadConfig } from '../config';
import { evento, eventoAmministratore, eventoInseritore, responsabile, users } from '../db/schema';
import { testBackends } from '../db/testing';
import { ensureLiveSession, type LiveSession } from '../demo/queries';
import { connectWs, type TestSocket } from './testing/ws-client';

describe.each(testBackends())('live feeds closed when access is lost, on %s', (backend) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `ws://127.0.0.1:${address.port}`;
  });
  afterAll(() => t.close());

  const feeds = (live: LiveSession) => [
    `${base}/ws/gas/sessione/${live.sessioneId}/punteggi_last/`,
    `${base}/ws/gas/sessione/${live.sessioneId}/punteggi_eventi/`,
    `${base}/ws/gas/messaggi-importanti/${live.eventoId}/`,
  ];

  /** All three feeds of the event, opened (and their access approved) as `client`. */
  async function follow(live: LiveSession, client?: Client): Promise<TestSocket[]> {
    const sockets = feeds(live).map((url) => connectWs(url, client?.cookies));
    await Promise.all(sockets.map((s) => s.opened));
    // Approved: the feed answers a ping only once its access check passed.
    for (const s of sockets) s.socket.send(JSON.stringify({ type: 'ping' }));
    await Promise.all(sockets.map((s) => s.next((f) => f.type === 'pong')));
    return sockets;
  }

  async function stillOpen(sockets: TestSocket[]) {
    for (const s of sockets) {
      expect(s.socket.readyState).toBe(s.socket.OPEN);
      const pongs = s.frames.filter((f) => f.type === 'pong').length;
      s.socket.send(JSON.stringify({ type: 'ping' }));
      await s.next(
        (f) => f.type === 'pong' && s.frames.filter((x) => x.type === 'pong').length > pongs,
      );
    }
  }

  /** Closed with 4403 within `ms` (the viewers' re-check runs every 5 s). */
  async function closedWith4403(sockets: TestSocket[], ms = 8000) {
    const timeout = new Promise((resolve) => setTimeout(() => resolve('still open'), ms));
    for (const s of sockets) {
      expect(await Promise.race([s.closed, timeout])).toEqual({
        code: 4403,
        reason: 'Permesso negato',
      });
    }
  }

  async function responsabileOf(username: string): Promise<number> {
    const [row] = await t.database.db
      .select({ id: responsabile.id })
      .from(responsabile)
      .innerJoin(users, eq(users.id, responsabile.userId))
      .where(eq(users.username, username));
    return row!.id;
  }

  it('closes anonymous and logged-in viewers when the event turns private; its administrators stay', async () => {
    const live = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Diventa privato',
      teams: 3,
    });
    await t.database.db
      .insert(eventoAmministratore)
      .values({ eventoId: live.eventoId, responsabileId: await responsabileOf('amministratore') });
    const anonymous = await follow(live);
    const docente = await follow(live, await t.login('docente'));
    const amministratore = await follow(live, await t.login('amministratore'));
    const superuser = await follow(live, await t.login('admin'));

    const res = await (
      await t.as('admin')
    ).patch(`/api/gas/evento/${live.eventoId}/`, {
      tipologia: 'priv',
    });
    expect(res.statusCode).toBe(200);

    await closedWith4403([...anonymous, ...docente]);
    await stillOpen([...amministratore, ...superuser]);
    // New connections are refused at once too (no stale cached lookup).
    const late = connectWs(feeds(live)[1]!);
    expect((await late.closed).code).toBe(4403);
    for (const s of [...amministratore, ...superuser]) s.close();
  });

  it('closes an inseritore removed from a private event, and a staff member who logs out or is deactivated', async () => {
    const live = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Privato con staff',
      teams: 3,
    });
    await t.database.db
      .update(evento)
      .set({ tipologia: 'priv' })
      .where(eq(evento.id, live.eventoId));
    const staff = ['inseritore', 'secondario', 'principale'];
    for (const username of staff) {
      await t.database.db
        .insert(eventoInseritore)
        .values({ eventoId: live.eventoId, responsabileId: await responsabileOf(username) })
        .onConflictDoNothing();
    }
    const inseritoreClient = await t.login('inseritore');
    const secondarioClient = await t.login('secondario');
    const principaleClient = await t.login('principale');
    const inseritore = await follow(live, inseritoreClient);
    const secondario = await follow(live, secondarioClient);
    const principale = await follow(live, principaleClient);
    const amministratore = await follow(live, await t.login('admin'));

    // Removed from the staff list (whoever writes: here straight in the database).
    await t.database.db
      .delete(eventoInseritore)
      .where(
        and(
          eq(eventoInseritore.eventoId, live.eventoId),
          eq(eventoInseritore.responsabileId, await responsabileOf('inseritore')),
        ),
      );
    await closedWith4403(inseritore);

    // Logged out: that login session no longer sees the event.
    expect((await secondarioClient.post('/api/auth/logout/')).statusCode).toBeLessThan(300);
    await closedWith4403(secondario);

    // The manager profile deactivated.
    await t.database.db
      .update(responsabile)
      .set({ attivo: false })
      .where(eq(responsabile.id, await responsabileOf('principale')));
    await closedWith4403(principale);

    await stillOpen(amministratore);
    for (const s of amministratore) s.close();
    await t.database.db
      .update(responsabile)
      .set({ attivo: true })
      .where(eq(responsabile.id, await responsabileOf('principale')));
  });

  it('re-checks the viewers of a user at once when the change feed names the user', async () => {
    const live = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Privato, utente disattivato',
      teams: 3,
    });
    await t.database.db
      .update(evento)
      .set({ tipologia: 'priv' })
      .where(eq(evento.id, live.eventoId));
    await t.database.db
      .insert(eventoInseritore)
      .values({ eventoId: live.eventoId, responsabileId: await responsabileOf('docente') });
    const docente = await follow(live, await t.login('docente'));
    const [user] = await t.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.username, 'docente'))
      .returning({ id: users.id });
    try {
      // What the accounts' triggers (migration 0005) announce for a change to a user.
      await t.database.db.execute(sql`select pg_notify('gas_modifiche', ${`utente:${user!.id}`})`);
      // Well before the periodic re-check (5 s).
      await closedWith4403(docente, 2000);
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, user!.id));
    }
  });

  it('closes the feeds on every instance, whichever instance made the change', async () => {
    const live = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Privato altrove',
      teams: 3,
    });
    // A second instance on the same database (with PostgreSQL, its own LISTEN connection).
    const config = { ...loadConfig({ NODE_ENV: 'test' }), demo: false, demoLive: false };
    const other = await buildApp({ config, database: t.database, logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = other.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const url = `ws://127.0.0.1:${address.port}/ws/gas/sessione/${live.sessioneId}/punteggi_eventi/`;
      const viewer = connectWs(url);
      await viewer.opened;
      viewer.socket.send(JSON.stringify({ type: 'ping' }));
      await viewer.next((f) => f.type === 'pong');
      const res = await (
        await t.as('admin')
      ).patch(`/api/gas/evento/${live.eventoId}/`, {
        tipologia: 'priv',
      });
      expect(res.statusCode).toBe(200);
      await closedWith4403([viewer], 3000);
    } finally {
      await other.close();
    }
  });
});
