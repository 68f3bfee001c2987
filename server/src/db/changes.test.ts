// The change feed on both databases: which payloads the gas_modifiche
// triggers send for each table the answer route keeps in memory, that they
// arrive only at commit, and (PostgreSQL) that a lost LISTEN connection
// resets the consumer and comes back.
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChange, startChangeFeed, type ChangeFeed, type DbChange } from './changes';
import {
  evento,
  eventoAmministratore,
  eventoInseritore,
  loginSession,
  problema,
  responsabile,
  responsabileScuola,
  responsabileSquadra,
  squadra,
  users,
} from './schema';
import { createTestDatabase, testBackends, type TestDatabase } from './testing';
import { until } from '../testing';

const quiet = { warn: () => undefined };

describe('parseChange', () => {
  it('reads table:id and *, and nothing else', () => {
    expect(parseChange('squadra:12')).toEqual({ table: 'squadra', id: 12 });
    expect(parseChange('*')).toEqual({ table: '*' });
    for (const bad of [undefined, '', 'squadra', 'squadra:', 'squadra:1x', ':3', 'Squadra:1']) {
      expect(parseChange(bad)).toBeNull();
    }
  });
});

describe.each(testBackends())('change feed on %s', (backend) => {
  let database: TestDatabase;
  let feed: ChangeFeed;
  const changes: DbChange[] = [];
  let resets = 0;

  beforeAll(async () => {
    database = await createTestDatabase(backend, { seed: true });
    feed = await startChangeFeed(
      database,
      { onChange: (c) => changes.push(c), onReset: () => (resets += 1) },
      { log: quiet },
    );
  });
  afterAll(async () => {
    await feed.stop();
    await database.close();
  });

  /** What the feed received for the writes of `act`, once they are all in. */
  let marks = 0;
  /**
   * Waits out the notifications of earlier writes: PostgreSQL delivers them
   * asynchronously but in commit order, so once a marker sent now is in, so
   * is everything committed before it.
   */
  async function drain(): Promise<void> {
    const mark = ++marks;
    await database.db.execute(sql`select pg_notify('gas_modifiche', ${`segnale:${mark}`})`);
    await until(() => changes.some((c) => c.table === 'segnale' && c.id === mark));
    changes.length = 0;
  }

  async function changesOf(act: () => Promise<unknown>, expected: number): Promise<DbChange[]> {
    await drain();
    await act();
    await until(() => changes.length >= expected);
    // Nothing more trickles in.
    await new Promise((r) => setTimeout(r, 50));
    return [...changes];
  }

  it('is live once started', () => {
    expect(feed.live).toBe(true);
  });

  it('names the event for changes to it and to its staff', async () => {
    const { db } = database;
    const [e] = await db.select().from(evento).limit(1);
    const [r] = await db.select().from(responsabile).limit(1);
    expect(
      await changesOf(() => db.update(evento).set({ titolo: 'X' }).where(eq(evento.id, e!.id)), 1),
    ).toEqual([{ table: 'evento', id: e!.id }]);
    await db.delete(eventoAmministratore).where(eq(eventoAmministratore.eventoId, e!.id));
    await db.delete(eventoInseritore).where(eq(eventoInseritore.eventoId, e!.id));
    const staff = { eventoId: e!.id, responsabileId: r!.id };
    expect(await changesOf(() => db.insert(eventoAmministratore).values(staff), 1)).toEqual([
      { table: 'evento', id: e!.id },
    ]);
    expect(await changesOf(() => db.insert(eventoInseritore).values(staff), 1)).toEqual([
      { table: 'evento', id: e!.id },
    ]);
    expect(
      await changesOf(
        () => db.delete(eventoInseritore).where(eq(eventoInseritore.eventoId, e!.id)),
        1,
      ),
    ).toEqual([{ table: 'evento', id: e!.id }]);
  });

  it('names the problem and the team, old and new owner of a moved manager link', async () => {
    const { db } = database;
    const [p] = await db.select().from(problema).limit(1);
    expect(
      await changesOf(
        () => db.update(problema).set({ soluzione: 7 }).where(eq(problema.id, p!.id)),
        2,
      ),
    ).toEqual([
      { table: 'problema', id: p!.id },
      // Its event's pages read their problems again (migration 0015).
      { table: 'problemi', id: p!.eventoId },
    ]);
    const [a, b] = await db.select().from(squadra).limit(2);
    expect(
      await changesOf(
        () => db.update(squadra).set({ nome: 'Rinominata' }).where(eq(squadra.id, a!.id)),
        2,
      ),
    ).toEqual([
      { table: 'squadra', id: a!.id },
      { table: 'squadre', id: a!.eventoId },
    ]);
    const [r] = await db.select().from(responsabile).limit(1);
    await db.delete(responsabileSquadra).where(eq(responsabileSquadra.responsabileId, r!.id));
    await db.insert(responsabileSquadra).values({ responsabileId: r!.id, squadraId: a!.id });
    const moved = await changesOf(
      () =>
        db
          .update(responsabileSquadra)
          .set({ squadraId: b!.id })
          .where(eq(responsabileSquadra.responsabileId, r!.id)),
      2,
    );
    expect(moved).toEqual(
      expect.arrayContaining([
        { table: 'squadra', id: a!.id },
        { table: 'squadra', id: b!.id },
        // The manager's own teams changed too (his cached sessions, migration 0005).
        { table: 'responsabile', id: r!.id },
      ]),
    );
    expect(moved).toHaveLength(3);
  });

  it('names the account for changes to it, its live sessions and its manager record', async () => {
    const { db } = database;
    const [r] = await db.select().from(responsabile).limit(1);
    const userId = r!.userId;
    const account = [{ table: 'utente', id: userId }];
    expect(
      await changesOf(
        () => db.update(users).set({ lastName: 'Nuovo' }).where(eq(users.id, userId)),
        1,
      ),
    ).toEqual(account);
    expect(
      await changesOf(
        () => db.update(responsabile).set({ newsletter: true }).where(eq(responsabile.id, r!.id)),
        1,
      ),
    ).toEqual(account);
    const [scuolaLink] = await db.select().from(responsabileScuola).limit(1);
    expect(
      await changesOf(
        () =>
          db
            .delete(responsabileScuola)
            .where(
              and(
                eq(responsabileScuola.responsabileId, scuolaLink!.responsabileId),
                eq(responsabileScuola.scuolaId, scuolaLink!.scuolaId),
              ),
            ),
        1,
      ),
    ).toEqual([{ table: 'responsabile', id: scuolaLink!.responsabileId }]);

    // A new session changes nothing; ending a live one (logout) names the account.
    const session = (id: string, expiresAt: Date) => ({ id, userId, csrfSecret: 'x', expiresAt });
    const future = new Date(Date.now() + 3_600_000);
    expect(
      await changesOf(() => db.insert(loginSession).values(session('viva', future)), 0),
    ).toEqual([]);
    expect(
      await changesOf(() => db.delete(loginSession).where(eq(loginSession.id, 'viva')), 1),
    ).toEqual(account);
    // The sweep of expired sessions stays quiet.
    await db.insert(loginSession).values(session('scaduta', new Date(Date.now() - 1000)));
    expect(
      await changesOf(() => db.delete(loginSession).where(eq(loginSession.id, 'scaduta')), 0),
    ).toEqual([]);
  });

  it('tells nothing before the commit, and nothing for a rollback', async () => {
    const { db } = database;
    const [p] = await db.select().from(problema).limit(1);
    await drain();
    let seenInside = -1;
    await db.transaction(async (tx) => {
      await tx.update(problema).set({ soluzione: 8 }).where(eq(problema.id, p!.id));
      await new Promise((r) => setTimeout(r, 50));
      seenInside = changes.length;
    });
    expect(seenInside).toBe(0);
    // The problem and its event's problems (migration 0015).
    await until(() => changes.length === 2);
    await drain();
    await db
      .transaction(async (tx) => {
        await tx.update(problema).set({ soluzione: 9 }).where(eq(problema.id, p!.id));
        tx.rollback();
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    expect(changes).toEqual([]);
  });

  // Only PostgreSQL has a connection to lose (PGlite runs in this process).
  if (backend === 'postgres') {
    it('resets its consumer when the LISTEN connection is lost, and listens again', async () => {
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const before = resets;
      const admin = new pg.Client({ connectionString: database.databaseUrl });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'gas-modifiche' and datname = current_database()",
      );
      await admin.end();
      await until(() => resets >= before + 2 && feed.live); // lost, then connected again
      const [p] = await database.db.select().from(problema).limit(1);
      expect(
        await changesOf(
          () => database.db.update(problema).set({ soluzione: 10 }).where(eq(problema.id, p!.id)),
          2,
        ),
      ).toEqual([
        { table: 'problema', id: p!.id },
        { table: 'problemi', id: p!.eventoId },
      ]);
    });
  }
});
