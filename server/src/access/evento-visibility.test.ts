// Lists with many private events present (issue 12, event-list amplification):
// every list of event-scoped rows filters visibility and paginates in SQL, so
// a visitor's page costs rows of that page, not rows of every event. The
// pages stay those of spec §6 (private events only to their administrators
// and inseritori, superusers all), in the same order as before.
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDatabase } from '../db/testing';
import {
  evento,
  eventoAmministratore,
  messaggioImportante,
  polo,
  problema,
  responsabile,
  sessione,
  users,
} from '../db/schema';
import { createTestApp, type Role, type TestApp } from '../api/testing';

const PRIVATI = 200;
const DAY = 86_400_000;

/** PRIVATI private events of `amministratore`, dated among the demo events, each with rows below it. */
async function insertPrivateEvents(database: TestDatabase): Promise<Set<number>> {
  const { db } = database;
  const [amm] = await db
    .select({ id: responsabile.id })
    .from(responsabile)
    .innerJoin(users, eq(users.id, responsabile.userId))
    .where(eq(users.username, 'amministratore'));
  const now = database.seedNow!.getTime();
  const rows = await db
    .insert(evento)
    .values(
      Array.from({ length: PRIVATI }, (_, i) => {
        // From two years ago to one year ahead: interleaved with the demo events.
        const inizio = new Date(now - 730 * DAY + i * 5 * DAY + 3_600_000);
        return {
          titolo: `Privato ${i}`,
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
    .values(ids.map((eventoId) => ({ eventoId, responsabileId: amm!.id })));
  await db
    .insert(sessione)
    .values(ids.map((eventoId) => ({ eventoId, nome: 'Sessione unica', ordine: 1 })));
  await db.insert(problema).values(ids.map((eventoId) => ({ eventoId, nome: 'P1', ordine: 1 })));
  await db.insert(polo).values(ids.map((eventoId) => ({ eventoId, nomeBreve: 'Polo privato' })));
  await db
    .insert(messaggioImportante)
    .values(ids.map((eventoId) => ({ eventoId, testo: 'Messaggio privato' })));
  return new Set(ids);
}

/** Counts the rows the database returns to the app (both drivers expose `query`). */
function rowCounter(database: TestDatabase) {
  type Query = (...args: unknown[]) => Promise<{ rows?: unknown[] }>;
  const client = database.client as unknown as { query: Query };
  const original = client.query;
  let rows = 0;
  client.query = async function (this: unknown, ...args: unknown[]) {
    const result = await original.apply(this, args);
    rows += result.rows?.length ?? 0;
    return result;
  };
  return {
    async during<T>(work: () => Promise<T>): Promise<{ result: T; rows: number }> {
      rows = 0;
      const result = await work();
      return { result, rows };
    },
    restore: () => {
      client.query = original;
    },
  };
}

type Listed = { id: number; evento?: number };
const byEvento = (x: Listed) => x.evento!;
// privateRows: insertPrivateEvents gives each private event one of these.
const LISTS = [
  { url: '/api/gas/evento/', eventoOf: (x: Listed) => x.id, privateRows: true },
  { url: '/api/gas/sessione/', eventoOf: byEvento, privateRows: true },
  { url: '/api/gas/problema/', eventoOf: byEvento, privateRows: true },
  { url: '/api/gas/polo/', eventoOf: byEvento, privateRows: true },
  { url: '/api/gas/messaggi-importanti/', eventoOf: byEvento, privateRows: true },
  { url: '/api/gas/file-programmato/', eventoOf: byEvento, privateRows: false },
  { url: '/api/gas/squadra/', eventoOf: byEvento, privateRows: false },
  { url: '/api/gas/jolly/', eventoOf: null, privateRows: false },
];
// Rows a page of 3 may cost: the page and its related rows (a demo final has
// dozens of problems); loading the private events would cost over 1,000.
const ROWS_PER_SMALL_PAGE = 150;

describe.each(testBackends())(`lists with ${PRIVATI} private events present on %s`, (backend) => {
  let t: TestApp;
  let privati: Set<number>;
  let counter: ReturnType<typeof rowCounter>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    privati = await insertPrivateEvents(t.database);
    counter = rowCounter(t.database);
  });
  afterAll(async () => {
    counter.restore();
    await t.close();
  });

  const VISITORS: { role: Role; seesPrivate: boolean }[] = [
    { role: 'anonimo', seesPrivate: false },
    { role: 'principale', seesPrivate: false },
    { role: 'amministratore', seesPrivate: true },
    { role: 'admin', seesPrivate: true },
  ];

  describe.each(VISITORS)('$role', ({ role, seesPrivate }) => {
    it.each(LISTS)('$url: a small page loads only its rows', async ({ url }) => {
      const client = await t.as(role);
      await client.get(`${url}?page_size=3`); // warms the session cache
      const { result, rows } = await counter.during(() => client.get(`${url}?page_size=3&page=2`));
      expect(result.statusCode).toBe(200);
      expect(rows).toBeLessThan(ROWS_PER_SMALL_PAGE);
    });

    it.each(LISTS.filter((l) => l.eventoOf))(
      '$url: pages are slices of the whole visible list',
      async ({ url, eventoOf, privateRows }) => {
        const client = await t.as(role);
        const all = (await client.get(`${url}?page_size=5000`)).json();
        const results = all.results as Listed[];
        const ofPrivate = results.filter((x) => privati.has(eventoOf!(x)));
        expect(ofPrivate.length).toBe(seesPrivate && privateRows ? PRIVATI : 0);
        expect(all.count).toBe(results.length);
        const page = (await client.get(`${url}?page_size=3&page=2`)).json();
        expect(page.count).toBe(all.count);
        expect(page.results).toEqual(results.slice(3, 6));
        const byOffset = (await client.get(`${url}?limit=4&offset=5`)).json();
        expect(byOffset.results).toEqual(results.slice(5, 9));
      },
    );
  });

  it('the event list keeps its order and filters (newest first, tipologia, tipologia__in)', async () => {
    const { db } = t.database;
    const expected = async (where?: ReturnType<typeof and>) =>
      (
        await db
          .select({ id: evento.id })
          .from(evento)
          .where(where)
          .orderBy(desc(evento.inizio), desc(evento.id))
      ).map((r) => r.id);
    const ids = async (role: Role, query: string) =>
      (
        (await (await t.as(role)).get(`/api/gas/evento/?page_size=5000${query}`)).json()
          .results as Listed[]
      ).map((e) => e.id);

    expect(await ids('anonimo', '')).toEqual(await expected(ne(evento.tipologia, 'priv')));
    expect(await ids('admin', '')).toEqual(await expected());
    expect(await ids('amministratore', '&tipologia=priv')).toEqual(
      (await expected(eq(evento.tipologia, 'priv'))).filter((id) => privati.has(id)),
    );
    expect(await ids('anonimo', '&tipologia=priv')).toEqual([]);
    expect(await ids('anonimo', '&tipologia__in=o,pub')).toEqual(
      await expected(ne(evento.tipologia, 'priv')),
    );
    expect(await ids('admin', '&tipologia__in=pub,priv')).toEqual(
      await expected(ne(evento.tipologia, 'o')),
    );
  });

  it('the session list keeps its order and its evento filter', async () => {
    const { db } = t.database;
    const expected = (
      await db
        .select({ id: sessione.id })
        .from(sessione)
        .innerJoin(evento, eq(evento.id, sessione.eventoId))
        .where(ne(evento.tipologia, 'priv'))
        .orderBy(desc(evento.inizio), asc(sessione.ordine), asc(sessione.id))
    ).map((r) => r.id);
    const anon = await t.as('anonimo');
    const all = (await anon.get('/api/gas/sessione/?page_size=5000')).json();
    expect(all.results.map((s: Listed) => s.id)).toEqual(expected);
    const privato = [...privati][0]!;
    expect((await anon.get(`/api/gas/sessione/?evento=${privato}`)).json().count).toBe(0);
    const amm = await t.as('amministratore');
    expect((await amm.get(`/api/gas/sessione/?evento=${privato}`)).json().count).toBe(1);
  });
});
