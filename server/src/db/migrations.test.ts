import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isDatabaseEmpty,
  MigrationError,
  migrateDatabase,
  migrationsFolder,
  PG_UNIQUE_VIOLATION,
  pgError,
  rowsOf,
  sqlFunctions,
} from './client';
import { seedDemoData } from '../demo/seed';
import {
  createTestDatabase,
  migrationsBefore,
  resetDatabase,
  testBackends,
  type TestDatabase,
} from './testing';

const EXPECTED_TABLES = [
  'chat_token',
  'citta',
  'collaboratore',
  'digitazione',
  'errore_email_ora',
  'errore_gruppo',
  'errore_occorrenza',
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
  'proclamazione',
  'punteggi_cache',
  'regione',
  'registro',
  'responsabile',
  'responsabile_scuola',
  'responsabile_squadra',
  'risposta',
  'scuola',
  'sessione',
  'sincronizzazione',
  'sponsor',
  'squadra',
  'token_password',
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
    await emptySchema(database);
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

  it('leave every SQL function as its file in db/functions defines it, whatever older migrations said', async () => {
    await migrateDatabase(database);
    const files = sqlFunctions();
    expect(files.map((f) => f.name)).toEqual([
      'gas_consegna_risposte.sql',
      'gas_notifica_modifica.sql',
      'gas_notifica_parte_evento.sql',
      'gas_registro_solo_aggiunte.sql',
    ]);
    for (const { name, text } of files) {
      const body = /AS \$\$([\s\S]*)\$\$;/.exec(text)?.[1];
      expect(body, name).toBeTruthy();
      const live = rowsOf<{ src: string }>(
        await database.db.execute(
          sql`select prosrc as src from pg_proc where proname = ${name.replace('.sql', '')}`,
        ),
      );
      expect(live.map((row) => row.src)).toEqual([body]);
    }
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

const emptySchema = async (database: TestDatabase) => {
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
};

// Migration 0005 makes e-mail addresses and chat names identify one account:
// run over a database that already has duplicates, it must stop, name them,
// and apply nothing.
describe.each(testBackends())('migration 0005 (one account per address) on %s', (backend) => {
  let database: TestDatabase;
  let before0005: string;
  let all = 0;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    // The migrations up to 0004: the database as an older release left it.
    ({ folder: before0005, all } = await migrationsBefore(5));
  });
  afterAll(async () => {
    await database?.close();
    if (before0005) await rm(before0005, { recursive: true, force: true });
  });

  const applied = async () =>
    rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    )[0]?.n;
  const indexes = async () =>
    rowsOf<{ name: string }>(
      await database.db.execute(
        sql`select indexname as name from pg_indexes where indexname like '%_lower_%' order by 1`,
      ),
    ).map((r) => r.name);
  const addUser = (id: number, username: string, email: string) =>
    database.db.execute(
      sql`insert into users (id, username, email) values (${id}, ${username}, ${email})`,
    );

  it('refuses duplicate e-mail addresses (any case), listing them, and applies nothing', async () => {
    await emptySchema(database);
    await migrateDatabase(database, before0005);
    expect(await applied()).toBe(5);
    await addUser(1, 'admin', 'admin@gas.example');
    await addUser(2, 'impostore', 'ADMIN@gas.example');
    await addUser(3, 'altro', 'Altro@Scuola.example');
    await addUser(4, 'altro2', 'altro@scuola.example');
    await addUser(5, 'senza1', '');
    await addUser(6, 'senza2', '');

    const refused = migrateDatabase(database);
    await expect(refused).rejects.toThrow(MigrationError);
    await expect(refused).rejects.toThrow(
      'migrazione 0005: 2 indirizzi e-mail usati da più account (senza distinguere maiuscole e ' +
        'minuscole): admin@gas.example (account admin, id 1; impostore, id 2); ' +
        'altro@scuola.example (account altro, id 3; altro2, id 4)',
    );
    // The error says how to go on, and carries no SQL.
    await expect(refused).rejects.toThrow(/Lascia ogni indirizzo a un solo account/);
    await expect(refused).rejects.not.toThrow(/Failed query|DO \$\$/);
    expect(await applied()).toBe(5);
    expect(await indexes()).toEqual(['users_email_lower_idx']);
  });

  it('refuses duplicate chat names in the same way', async () => {
    await database.db.execute(sql`update users set email = 'impostore@gas.example' where id = 2`);
    await database.db.execute(sql`delete from users where id = 4`);
    await database.db.execute(sql`
      insert into chat_token (user_id, username, token) values
        (1, 'Admin', 't1'), (2, 'admin', 't2'), (3, 'altro', 't3')`);
    await expect(migrateDatabase(database)).rejects.toThrow(
      'migrazione 0005: 1 nomi della chat usati da più account (senza distinguere maiuscole e ' +
        'minuscole): admin (account admin, id 1; impostore, id 2)',
    );
    expect(await applied()).toBe(5);
  });

  it('applies once the duplicates are resolved; then the database refuses new ones', async () => {
    await database.db.execute(sql`update chat_token set username = 'impostore' where user_id = 2`);
    await migrateDatabase(database);
    expect(await applied()).toBe(all);
    expect(await indexes()).toEqual([
      'chat_token_username_lower_unique',
      'users_email_lower_unique',
    ]);
    const duplicate = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => null,
        (e: unknown) => e,
      );
      return pgError(error)?.code;
    };
    expect(await duplicate(addUser(7, 'nuovo', 'Admin@GAS.example'))).toBe(PG_UNIQUE_VIOLATION);
    expect(
      await duplicate(
        database.db.execute(
          sql`insert into chat_token (user_id, username, token) values (3, 'IMPOSTORE', 't4')`,
        ),
      ),
    ).toBe(PG_UNIQUE_VIOLATION);
    // Accounts without an address are not bound to each other.
    await addUser(8, 'senza3', '');
    const empty = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from users where email = ''`),
    );
    expect(empty[0]?.n).toBe(3);
  });
});

// Migration 0008 moves the collaborators out of the about-us setting into
// their own table: the well-formed entries arrive in order, the rest is
// dropped, the setting keeps everything else.
describe.each(testBackends())('migration 0008 (collaborators) on %s', (backend) => {
  let database: TestDatabase;
  let before0008: string;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ folder: before0008 } = await migrationsBefore(8));
  });
  afterAll(async () => {
    await database?.close();
    if (before0008) await rm(before0008, { recursive: true, force: true });
  });

  it('moves the well-formed collaborators to their table and out of the setting', async () => {
    await emptySchema(database);
    await migrateDatabase(database, before0008);
    const chiSiamo = {
      direzione: [{ nome: 'Ada' }],
      collaboratori: [
        { nome: 'Giulia', contributi: 48 },
        { nome: 3 },
        'x',
        { nome: 'Marco', contributi: 7.6 },
        { nome: 'Negativo', contributi: -2 },
      ],
    };
    await database.db.execute(
      sql`insert into impostazioni_sito (key, value) values ('chi_siamo', ${JSON.stringify(chiSiamo)}::jsonb),
          ('home', '{"collaboratori": "non toccare"}'::jsonb)`,
    );
    await migrateDatabase(database);
    expect(
      rowsOf(
        await database.db.execute(sql`select nome, contributi from collaboratore order by id`),
      ),
    ).toEqual([
      { nome: 'Giulia', contributi: 48 },
      { nome: 'Marco', contributi: 7 },
      { nome: 'Negativo', contributi: 0 },
    ]);
    const settings = rowsOf<{ key: string; value: unknown }>(
      await database.db.execute(sql`select key, value from impostazioni_sito order by key`),
    );
    expect(settings).toEqual([
      { key: 'chi_siamo', value: { direzione: [{ nome: 'Ada' }] } },
      { key: 'home', value: { collaboratori: 'non toccare' } },
    ]);
  });
});
