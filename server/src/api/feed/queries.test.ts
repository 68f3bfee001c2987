// The open feed's read of the audit log (docs/feed.md, "Tokens and why
// nothing is missed"): bounded by the entries' `momento` from the start of
// the oldest transaction that could still write, it never misses an entry,
// whether its transaction started long before a read and committed after
// it, committed while an older one was still running, or was cut off by
// the read's limit; a token of the first format (no bound) still reads.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  resetDatabase,
  testBackends,
  type TestDatabase,
} from '../../db/testing';
import { inizioDeiRunning, vociDopo, type Posizione } from './queries';

const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One audit entry of the feed's kind, in its own statement. */
const voce = (oggettoId: number) =>
  sql`insert into registro (origine, azione, risorsa, oggetto_id) values ('api', 'crea', 'messaggio-importante', ${oggettoId})`;
const voceTesto = (oggettoId: number) =>
  `insert into registro (origine, azione, risorsa, oggetto_id) values ('api', 'crea', 'messaggio-importante', ${oggettoId})`;

describe.each(testBackends())('the open feed’s read of the audit log on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database.close());
  beforeEach(() => resetDatabase(database.db));

  /** Reads on from `dopo` until nothing more is final; the objects read, in order. */
  const leggi = async (dopo: Posizione, limite = 1000) => {
    const letti: number[] = [];
    let posizione = dopo;
    for (let fine = false; !fine;) {
      const inizio = await inizioDeiRunning(database.db);
      const letto = await vociDopo(database.db, posizione, inizio, limite);
      letti.push(...letto.voci.map((v) => v.oggettoId!));
      ({ posizione, fine } = letto);
    }
    return { letti, posizione };
  };
  const dallInizio: Posizione = { xid: 0, id: 0, da: null };

  it('reads every entry once, in order, across reads cut by the limit', async () => {
    for (let i = 1; i <= 7; i++) await database.db.execute(voce(i));
    const primo = await leggi(dallInizio, 3);
    expect(primo.letti).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(primo.posizione.da).not.toBeNull();
    for (let i = 8; i <= 9; i++) await database.db.execute(voce(i));
    expect((await leggi(primo.posizione, 3)).letti).toEqual([8, 9]);
    // The same position again reads the same entries (a client that lost them).
    expect((await leggi(primo.posizione)).letti).toEqual([8, 9]);
  });

  it('bounds the next read by a time, which a token of the first format lacks', async () => {
    await database.db.execute(voce(1));
    const { posizione } = await leggi(dallInizio);
    await database.db.execute(voce(2));
    expect((await leggi(posizione)).letti).toEqual([2]);
    expect((await leggi({ ...posizione, da: null })).letti).toEqual([2]);
    // The bound is near now (the read's own start, less the margin).
    const ora = Date.now() * 1000;
    expect(posizione.da!).toBeGreaterThan(ora - 60_000_000);
    expect(posizione.da!).toBeLessThanOrEqual(ora);
  });

  // Only PostgreSQL runs transactions side by side.
  if (backend === 'postgres') {
    const connessione = async (application_name?: string) => {
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const client = new pg.Client({ connectionString: database.databaseUrl, application_name });
      await client.connect();
      return client;
    };

    it('reads an entry whose transaction started long before a read and committed after it', async () => {
      const lunga = await connessione();
      try {
        await lunga.query('begin');
        await lunga.query('select now()'); // its start: its entries' `momento`
        await pausa(1_500); // longer than the bound's margin
        await database.db.execute(voce(1));
        const primo = await leggi(dallInizio);
        expect(primo.letti).toEqual([1]);
        await lunga.query(voceTesto(2));
        await lunga.query('commit');
        await database.db.execute(voce(3));
        expect((await leggi(primo.posizione)).letti).toEqual([2, 3]);
      } finally {
        await lunga.end();
      }
    });

    it('is not held back by a backup’s long transaction, which never writes the log', async () => {
      const backup = await connessione('pg_dump');
      try {
        await backup.query('begin isolation level repeatable read read only');
        const { rows } = await backup.query(
          'select (extract(epoch from now()) * 1000000)::bigint::text as us',
        );
        await pausa(1_500);
        const { posizione } = await leggi(dallInizio);
        expect(posizione.da!).toBeGreaterThan(Number(rows[0].us));
      } finally {
        await backup.end();
      }
    });

    it('reads an entry that committed while an older transaction was still running', async () => {
      const [giovane, vecchia] = [await connessione(), await connessione()];
      try {
        // `giovane` starts first but takes its transaction id last.
        await giovane.query('begin');
        await giovane.query('select now()');
        await pausa(1_500);
        await vecchia.query('begin');
        await vecchia.query(voceTesto(1));
        await giovane.query(voceTesto(2));
        await giovane.query('commit');
        // `vecchia` holds the horizon: `giovane`'s entry is final only after it.
        const primo = await leggi(dallInizio);
        expect(primo.letti).toEqual([]);
        await vecchia.query('commit');
        expect((await leggi(primo.posizione)).letti).toEqual([1, 2]);
      } finally {
        await Promise.all([giovane.end(), vecchia.end()]);
      }
    });
  }
});
