// `npm run -s backup -- DIR` and `npm run -s restore -- FILE`, run as a person
// runs them (a process per command), on a database with concluded contests
// and an uploaded file: the restored database, served by the real app, answers
// as the original did (rankings, answers, users and their passwords, file
// bytes). A restore refuses a database that is not empty, a file of the other
// kind or no backup at all, and then changes nothing; a PGlite database held by
// a running server is refused with what to do.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/testing';
import { demoEventi, sendMultipart, type DemoEventi } from '../api/evento/testing';
import { migrateDatabase, openPglite, openPostgres, rowsOf, type Database } from '../db/client';
import { lockDataDir } from '../db/pglite-lock';
import {
  createTestDatabase,
  migrationsBefore,
  type TestBackend,
  type TestDatabase,
} from '../db/testing';
import { connectionOf } from './postgres';
import { contentsOf, summaryOf } from './queries';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'gas-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Run = { code: number | null; stdout: string; stderr: string };

/** `npm run -s backup|restore -- ARG` with this database configuration. */
function run(
  command: 'backup' | 'restore',
  arg: string,
  env: { DATA_DIR?: string; DATABASE_URL?: string; GAS_PG_BINDIR?: string },
): Promise<Run> {
  return new Promise((resolve) => {
    // On this test's own Node (the pinned one), not on whichever `node` PATH finds.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `server/src/cli/${command}.ts`, arg],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', GAS_PG_BINDIR: '', ...env },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const file = (name: string, content: string | Buffer) => {
  const p = path.join(work, name);
  writeFileSync(p, content);
  return p;
};

/** A PDF with every byte value in it, to prove the bytes come back unchanged. */
const uploaded = Buffer.concat([
  Buffer.from('%PDF-1.4\n', 'latin1'),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  randomBytes(64 * 1024),
  Buffer.from('\n%%EOF\n', 'latin1'),
]);

/** Uploads `uploaded` as the upcoming event's solutions; returns its id. */
async function upload(t: TestApp, ev: DemoEventi): Promise<number> {
  const res = await sendMultipart(await t.as('admin'), 'POST', '/api/gas/file-programmato/', [
    { name: 'evento', value: String(ev.nazionale) },
    { name: 'tipologia', value: 'soluzioni' },
    { name: 'il_file', filename: 'soluzioni.pdf', content: uploaded },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * What the app serves about the data, read over HTTP: the rankings and the
 * answers of every concluded event's sessions, the users, the files' bytes.
 */
async function observe(t: TestApp) {
  const admin = await t.as('admin');
  const get = async (url: string) => {
    const res = await admin.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  const list = async (url: string) =>
    (await get(`${url}${url.includes('?') ? '&' : '?'}limit=5000`)).json().results as {
      id: number;
      [key: string]: unknown;
    }[];

  const now = Date.now();
  const eventi = (await list('/api/gas/evento/')).filter((e) => Date.parse(e.fine as string) < now);
  const concluded = [];
  for (const evento of eventi) {
    const sessioni = [];
    for (const sessione of await list(`/api/gas/sessione/?evento=${evento.id}`)) {
      const [item] = (await get(`/api/gas/sessione/${sessione.id}/punteggi/`)).json().results as {
        json: Record<string, unknown>;
      }[];
      // The moment of computing is not data.
      const { ora: _ora, ...punteggi } = item!.json;
      sessioni.push({
        id: sessione.id,
        punteggi,
        eventi: await list(`/api/gas/risposta-all/?squadra__sessione=${sessione.id}`),
      });
    }
    concluded.push({
      id: evento.id,
      sessioni,
      risposte: await list(`/api/gas/risposta/?squadra__evento=${evento.id}`),
    });
  }
  // Logging in (as this very check does) sets last_login.
  const utenti = (await list('/api/admin/user/')).map(({ last_login: _l, ...u }) => u);
  const files: Record<number, string> = {};
  for (const f of await list('/api/gas/file-programmato/')) {
    files[f.id] = sha256((await get(`/api/gas/file-programmato/${f.id}/contenuto/`)).rawPayload);
  }
  return { concluded, utenti, files };
}

/** Checks `restored` against what `original` served, and the demo passwords. */
async function expectSame(
  restored: TestApp,
  original: Awaited<ReturnType<typeof observe>>,
  fileId: number,
) {
  const seen = await observe(restored);
  expect(original.concluded.length).toBeGreaterThanOrEqual(1);
  expect(original.concluded.flatMap((e) => e.risposte).length).toBeGreaterThan(100);
  expect(seen).toEqual(original);
  // The uploaded bytes, exactly.
  const res = await (
    await restored.as('admin')
  ).get(`/api/gas/file-programmato/${fileId}/contenuto/`);
  expect(Buffer.compare(res.rawPayload, uploaded)).toBe(0);
  // A demo account logs in with its password through the real login route.
  const docente = await restored.login('docente', 'gas-demo');
  expect((await docente.get('/api/ext-user/whoami/')).json()).toMatchObject({
    username: 'docente',
  });
  const anonimo = await restored.anonymous();
  const wrong = await anonimo.post('/api/auth/login/', { username: 'docente', password: 'no' });
  expect(wrong.statusCode).not.toBe(200);
}

/** Every file under `dir` with its size and time: to prove nothing changed. */
function listing(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((name) => {
      const info = statSync(path.join(dir, name));
      return `${name} ${info.size} ${info.mtimeMs}`;
    })
    .sort();
}

/**
 * A database as a release before migration 0010 left it (demo data need not
 * be there for this); returns how many migrations there are now.
 */
async function olderDatabase(
  backend: TestBackend,
): Promise<{ database: TestDatabase; all: number }> {
  const database = await createTestDatabase(backend);
  const { folder, all } = await migrationsBefore(10);
  try {
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`drop schema drizzle cascade`);
    await database.db.execute(sql`create schema public`);
    await migrateDatabase(database, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  expect(await applied(database)).toBe(10);
  return { database, all };
}

const applied = async (database: Database) =>
  rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  )[0]?.n;

describe('backup and restore of the embedded database (PGlite)', () => {
  const source = path.join(work, 'pglite-origine');
  const restoredDir = path.join(work, 'pglite-ripristino');
  const backups = path.join(work, 'backup-pglite');
  let original: Awaited<ReturnType<typeof observe>>;
  let fileId: number;
  let backupFile: string;

  beforeAll(async () => {
    // The demo data (concluded contests) plus an upload, served by the app...
    const t = await createTestApp('pglite');
    try {
      fileId = await upload(t, await demoEventi(t.database.db));
      original = await observe(t);
      // ...then on disk in DATA_DIR, where the command finds it.
      if (t.database.kind !== 'pglite') throw new Error('pglite');
      const dump = await t.database.client.dumpDataDir('none');
      mkdirSync(source);
      const disk = await PGlite.create({ dataDir: path.join(source, 'pglite'), loadDataDir: dump });
      await disk.close();
    } finally {
      await t.close();
    }
  }, 120_000);

  it('backs up to DIR/gas-<UTC>.pglite.tar.gz, readable by its owner only', async () => {
    const result = await run('backup', backups, { DATA_DIR: source });
    expect(result.code, result.stderr).toBe(0);
    backupFile = result.stdout.trim();
    expect(path.dirname(backupFile)).toBe(backups);
    expect(path.basename(backupFile)).toMatch(/^gas-\d{8}T\d{6}Z\.pglite\.tar\.gz$/);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(backups)).toEqual([path.basename(backupFile)]);
  }, 60_000);

  it('restores into an empty DATA_DIR: the app serves the same data', async () => {
    const result = await run('restore', backupFile, { DATA_DIR: restoredDir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/ripristinato in PGlite .* risposte, \d+ file\./);
    expect(readdirSync(restoredDir)).toEqual(['pglite']);
    const restored = await createTestApp('pglite', {
      database: await openPglite(path.join(restoredDir, 'pglite')),
    });
    try {
      await expectSame(restored, original, fileId);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a DATA_DIR that holds a database, changing nothing', async () => {
    const before = listing(restoredDir);
    const result = await run('restore', backupFile, { DATA_DIR: restoredDir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /GaS restore: DATA_DIR .* contiene già un database: nulla è cambiato/,
    );
    expect(listing(restoredDir)).toEqual(before);
  }, 60_000);

  it('refuses what is not a PGlite backup, before touching DATA_DIR', async () => {
    const empty = path.join(work, 'mai-creata');
    const refused = async (arg: string, message: RegExp) => {
      const result = await run('restore', arg, { DATA_DIR: empty });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(existsSync(empty)).toBe(false);
    };
    await refused(file('rotto.pglite.tar.gz', 'non è un backup'), /non è un backup di GaS/);
    await refused(
      file('troncato.pglite.tar.gz', readFileSync(backupFile).subarray(0, 4000)),
      /è danneggiato: non si decomprime/,
    );
    await refused(
      file('altro.pglite.tar.gz', Buffer.from('1f8b', 'hex')),
      /è danneggiato|non è un backup del database integrato/,
    );
    await refused(
      file('postgres.pgdump', Buffer.concat([Buffer.from('PGDMP'), randomBytes(100)])),
      /è un backup di PostgreSQL \(pg_dump\): per ripristinarlo imposta DATABASE_URL/,
    );
    await refused(path.join(work, 'manca.pglite.tar.gz'), /il file .* non esiste/);
    const none = await run('restore', '--aiuto', { DATA_DIR: empty });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Uso: npm run -s restore -- FILE/);
  }, 60_000);

  it('brings an older backup up to date with the migrations', async () => {
    const { database, all } = await olderDatabase('pglite');
    let older: string;
    try {
      if (database.kind !== 'pglite') throw new Error('pglite');
      // What the backup writes: PGlite's gzipped dump of the data directory.
      const dump = await database.client.dumpDataDir('gzip');
      older = file('vecchio.pglite.tar.gz', Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    const target = path.join(work, 'pglite-vecchio');
    const result = await run('restore', older, { DATA_DIR: target });
    expect(result.code, result.stderr).toBe(0);
    const restored = await openPglite(path.join(target, 'pglite'));
    try {
      expect(await applied(restored)).toBe(all);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('exits 2 when a running server holds the database, and says what to do', async () => {
    // As a running server holds it (openDatabase locks `${DATA_DIR}/pglite`).
    const release = await lockDataDir(path.join(source, 'pglite'));
    try {
      const held = await run('backup', backups, { DATA_DIR: source });
      expect(held.code).toBe(2);
      expect(held.stderr).toMatch(/GaS backup: .*già in uso/);
      expect(held.stderr).toMatch(/ferma il server/);
      expect(held.stderr).toMatch(/PostgreSQL/);
    } finally {
      await release();
    }
    expect(readdirSync(backups)).toEqual([path.basename(backupFile)]);
    const nothing = await run('backup', backups, { DATA_DIR: path.join(work, 'vuota') });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/non c'è un database da salvare/);
  }, 60_000);
});

describe('the password of DATABASE_URL', () => {
  it('goes to the tools in PGPASSWORD, never in their arguments', () => {
    const { url, env } = connectionOf(
      'postgres://gas:s%40gr%2Fto@db.example:5433/gas?sslmode=require',
    );
    expect(url).toBe('postgres://gas@db.example:5433/gas?sslmode=require');
    expect(env).toEqual({ PGPASSWORD: 's@gr/to' });
    const query = connectionOf('postgresql://gas@db.example/gas?password=segreto');
    expect(query.url).not.toContain('segreto');
    expect(query.env).toEqual({ PGPASSWORD: 'segreto' });
    expect(connectionOf('postgres://gas@localhost/gas').env).toEqual({});
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL', () => {
  const base = process.env.TEST_DATABASE_URL!;
  const backups = path.join(work, 'backup-postgres');
  const name = `gas_ripristino_${process.pid}_${randomBytes(3).toString('hex')}`;
  let restoredUrl: string;
  let t: TestApp;
  let sourceUrl: string;
  let original: Awaited<ReturnType<typeof observe>>;
  let fileId: number;
  let backupFile: string;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    restoredUrl = url.toString();
    t = await createTestApp('postgres');
    if (t.database.kind !== 'postgres') throw new Error('postgres');
    sourceUrl = t.database.databaseUrl;
    fileId = await upload(t, await demoEventi(t.database.db));
    original = await observe(t);
    await admin(`create database ${name}`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('backs up with pg_dump while the app runs', async () => {
    const result = await run('backup', backups, { DATABASE_URL: sourceUrl });
    expect(result.code, result.stderr).toBe(0);
    backupFile = result.stdout.trim();
    expect(path.basename(backupFile)).toMatch(/^gas-\d{8}T\d{6}Z\.pgdump$/);
    expect(readFileSync(backupFile).subarray(0, 5).toString()).toBe('PGDMP');
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
  }, 60_000);

  it('restores into an empty database: the app serves the same data', async () => {
    const result = await run('restore', backupFile, { DATABASE_URL: restoredUrl });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/ripristinato in PostgreSQL .* risposte, \d+ file\./);
    const restored = await createTestApp('postgres', {
      database: await openPostgres(restoredUrl, { poolMax: 5 }),
    });
    try {
      await expectSame(restored, original, fileId);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a database that is not empty, changing nothing', async () => {
    const database: Database = await openPostgres(restoredUrl, { poolMax: 1 });
    try {
      const before = {
        contents: await contentsOf(database.db, 1000),
        summary: await summaryOf(database.db),
      };
      const result = await run('restore', backupFile, { DATABASE_URL: restoredUrl });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /GaS restore: il database di DATABASE_URL non è vuoto \(contiene .*\): nulla è cambiato/,
      );
      expect({
        contents: await contentsOf(database.db, 1000),
        summary: await summaryOf(database.db),
      }).toEqual(before);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a PGlite backup, a damaged dump or no backup at all', async () => {
    const refused = async (arg: string, message: RegExp) => {
      const result = await run('restore', arg, { DATABASE_URL: base });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
    };
    await refused(
      file('pglite.tar.gz', Buffer.from('1f8b0800', 'hex')),
      /è un backup del database integrato \(PGlite\): per ripristinarlo togli DATABASE_URL/,
    );
    await refused(
      file('troncato.pgdump', readFileSync(backupFile).subarray(0, 2000)),
      /non è un backup leggibile di pg_dump/,
    );
    await refused(file('testo.pgdump', 'ciao'), /non è un backup di GaS/);
    const target = await openPostgres(base, { poolMax: 1 });
    try {
      expect(await contentsOf(target.db)).toEqual([]);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('brings an older backup up to date with the migrations', async () => {
    const { database, all } = await olderDatabase('postgres');
    const older = `${name}_vecchio`;
    const url = new URL(base);
    url.pathname = `/${older}`;
    try {
      if (database.kind !== 'postgres') throw new Error('postgres');
      const backedUp = await run('backup', backups, { DATABASE_URL: database.databaseUrl });
      expect(backedUp.code, backedUp.stderr).toBe(0);
      await admin(`create database ${older}`);
      const result = await run('restore', backedUp.stdout.trim(), { DATABASE_URL: url.toString() });
      expect(result.code, result.stderr).toBe(0);
      const restored = await openPostgres(url.toString(), { poolMax: 1 });
      try {
        expect(await applied(restored)).toBe(all);
      } finally {
        await restored.close();
      }
    } finally {
      await database.close();
      await admin(`drop database if exists ${older} with (force)`);
    }
  }, 60_000);

  it('says when pg_dump is missing or older than the server', async () => {
    const missing = await run('backup', backups, {
      DATABASE_URL: sourceUrl,
      GAS_PG_BINDIR: path.join(work, 'nessuna'),
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/pg_dump non trovato .*postgresql-client/);
    // Tools that answer as an old release would.
    const old = path.join(work, 'pg-vecchio');
    mkdirSync(old, { recursive: true });
    for (const tool of ['pg_dump', 'pg_restore']) {
      const script = `#!/bin/sh\necho "${tool} (PostgreSQL) 9.6.24"\n`;
      writeFileSync(path.join(old, tool), script, { mode: 0o755 });
    }
    const tooOld = await run('backup', backups, { DATABASE_URL: sourceUrl, GAS_PG_BINDIR: old });
    expect(tooOld.code).toBe(2);
    expect(tooOld.stderr).toMatch(/pg_dump 9 è più vecchio del server PostgreSQL \d+/);
    const restoreOld = await run('restore', backupFile, { DATABASE_URL: base, GAS_PG_BINDIR: old });
    expect(restoreOld.code).toBe(2);
    expect(restoreOld.stderr).toMatch(/pg_restore 9 è più vecchio del server PostgreSQL \d+/);
  }, 60_000);
});
