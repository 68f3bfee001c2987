import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseEmpty, migrateDatabase, migrationsFolder, rowsOf } from './client';
import { seedDemoData } from './seed';
import { createTestDatabase, resetDatabase, testBackends, type TestDatabase } from './testing';

const EXPECTED_TABLES = [
  'chat_token',
  'citta',
  'evento',
  'evento_amministratore',
  'evento_inseritore',
  'file_programmato',
  'impostazioni_sito',
  'jolly',
  'login_session',
  'messaggio_importante',
  'paese',
  'polo',
  'polo_responsabile',
  'problema',
  'punteggi_cache',
  'regione',
  'responsabile',
  'responsabile_scuola',
  'responsabile_squadra',
  'risposta',
  'scuola',
  'sessione',
  'sponsor',
  'squadra',
  'users',
];

describe.each(testBackends())('migrations on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database?.close());

  const tables = async () =>
    rowsOf<{ name: string }>(
      await database.db.execute(
        sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
      ),
    ).map((row) => row.name);

  it('apply on an empty database, and a second run changes nothing', async () => {
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
    expect(await tables()).toEqual([]);
    expect(await isDatabaseEmpty(database.db)).toBe(true);

    await migrateDatabase(database);
    expect(await tables()).toEqual(EXPECTED_TABLES);
    await migrateDatabase(database);
    const applied = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(applied[0]?.n).toBe(journal.entries.length);
  });

  it('declare the problem order unique constraint deferrable', async () => {
    const rows = rowsOf<{ deferrable: boolean; deferred: boolean }>(
      await database.db.execute(sql`
        select condeferrable as deferrable, condeferred as deferred from pg_constraint
        where conname = 'problema_evento_ordine_unique'`),
    );
    expect(rows).toEqual([{ deferrable: true, deferred: true }]);
  });

  it('seed deterministically: the same `now` gives the same data', async () => {
    const now = new Date('2026-01-20T09:00:00Z');
    const digest = async () =>
      rowsOf<{ d: string }>(
        await database.db.execute(sql`
          select md5(string_agg(concat_ws('|', s.nome, s.sessione_id, s.polo_id, r.valore,
            r.valore_exp, r.corretto, r.date), ',' order by r.id)) as d
          from risposta r join squadra s on s.id = r.squadra_id`),
      )[0]?.d;
    expect((await seedDemoData(database, { now })).seeded).toBe(true);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    const first = await digest();
    await resetDatabase(database.db);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    expect((await seedDemoData(database, { now })).seeded).toBe(true);
    expect(await digest()).toBe(first);
  });
});
