// Managers: the authorization matrix of /api/gas/user/ and extended-user for
// every demo role, bad payloads answered 400/403/404 with nothing written,
// and the secondary-manager form's happy paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { MESSAGGI_PERSONE, PASSWORD_MISMATCH } from '@gas/contracts';
import { testBackends } from '../../db/testing';
import { responsabile, responsabileScuola, responsabileSquadra, users } from '../../db/schema';
import { createTestApp, type Role, type TestApp } from '../testing';
import { cells, loadFixtures, rowCounts, type Fixtures } from '../squadra/testing';

const nuovo = (username: string, extra: object = {}) => ({
  first_name: 'Nuovo',
  last_name: 'Responsabile',
  email: `${username}@scuola.example`,
  username,
  password: 'password-sicura',
  confirm_password: 'password-sicura',
  squadre: [],
  scuole: [],
  newsletter: false,
  ...extra,
});

describe.each(testBackends())('manager API on %s', (backend) => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await loadFixtures(t.database.db);
  });
  afterAll(() => t.close());

  const as = (role: Role) => t.as(role);
  const ids = (body: { results: { id: number }[] }) => body.results.map((u) => u.id);
  const snapshot = async () => {
    const { db } = t.database;
    return {
      counts: await rowCounts(db),
      users: await db.select().from(users).orderBy(asc(users.id)),
      responsabili: await db.select().from(responsabile).orderBy(asc(responsabile.id)),
      scuole: await db.select().from(responsabileScuola),
      squadre: await db.select().from(responsabileSquadra),
    };
  };

  describe('GET /api/gas/user/ and /api/gas/extended-user/', () => {
    // Status, then the other managers listed (besides oneself).
    const table: Record<Role, [number, string[]]> = {
      anonimo: [403, []],
      docente: [200, []],
      principale: [200, ['secondario']], // a team of his schools is assigned to him
      secondario: [200, []],
      inseritore: [200, []],
      amministratore: [200, []],
      staff: [200, []],
      admin: [200, ['principale', 'secondario']], // extended-user: his (no) schools
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected: [status, others] }) => {
      const client = await as(role);
      const list = await client.get('/api/gas/user/?page_size=1000');
      const colleghi = await client.get('/api/gas/extended-user/');
      expect(list.statusCode).toBe(status);
      expect(colleghi.statusCode).toBe(status);
      if (status !== 200) return;
      const names = list.json().results.map((u: { username: string }) => u.username);
      if (role === 'admin') {
        expect(list.json().count).toBe((await rowCounts(t.database.db)).responsabile);
        expect(colleghi.json().results).toEqual([]);
      } else {
        expect(names.sort()).toEqual([role, ...others].sort());
        const otherNames = colleghi.json().results.map((u: { username: string }) => u.username);
        expect(otherNames).toEqual(others);
      }
      expect(list.body).not.toMatch(/password|scrypt/);
    });
  });

  describe('GET /api/gas/user/{secondario}/', () => {
    // Status, and whether the newsletter flag is shown.
    const table: Record<Role, [number, boolean]> = {
      anonimo: [403, false],
      docente: [404, false],
      principale: [200, false], // manages him, but the consent is his own
      secondario: [200, true],
      inseritore: [404, false],
      amministratore: [404, false],
      staff: [404, false],
      admin: [200, true],
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected: [status, newsletter] }) => {
      const res = await (await as(role)).get(`/api/gas/user/${f.secondario.userId}/`);
      expect(res.statusCode).toBe(status);
      if (status !== 200) return;
      const body = res.json();
      expect(body).toMatchObject({
        id: f.secondario.userId,
        username: 'secondario',
        responsabile: { ruolo: 'ss', attivo: true, scuole: [] },
      });
      expect(body.responsabile.squadre).toEqual(f.assegnateSecondario);
      expect('newsletter' in body.responsabile).toBe(newsletter);
    });
  });

  describe('POST /api/gas/user/ (a new secondary manager)', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 201,
      principale: 201,
      secondario: 403, // only main managers delegate
      inseritore: 201, // every other demo role is an active main manager
      amministratore: 201,
      staff: 201,
      admin: 201,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const res = await (await as(role)).post('/api/gas/user/', nuovo(`delegato.${role}`));
      expect(res.statusCode).toBe(expected);
      if (expected === 201) expect(res.json().responsabile.ruolo).toBe('ss');
    });
  });

  describe('PATCH /api/gas/user/{secondario}/ newsletter', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 404,
      principale: 200, // may open the form; the flag itself is read-only for him
      secondario: 200,
      inseritore: 404,
      amministratore: 404,
      staff: 404,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const res = await (
        await as(role)
      ).patch(`/api/gas/user/${f.secondario.userId}/`, {
        newsletter: role === 'secondario',
      });
      expect(res.statusCode).toBe(expected);
    });
    it('only the owner (or the superuser) changes it', async () => {
      const url = `/api/gas/user/${f.secondario.userId}/`;
      await t.database.db.update(responsabile).set({ newsletter: false });
      expect((await (await as('principale')).patch(url, { newsletter: true })).statusCode).toBe(
        200,
      );
      expect((await (await as('admin')).get(url)).json().responsabile.newsletter).toBe(false);
      await (await as('secondario')).patch(url, { newsletter: true });
      expect((await (await as('admin')).get(url)).json().responsabile.newsletter).toBe(true);
    });
  });

  describe('PATCH /api/gas/user/{secondario}/ teams', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 404,
      principale: 200,
      secondario: 403, // not on his own record
      inseritore: 404,
      amministratore: 404,
      staff: 404,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const res = await (
        await as(role)
      ).patch(`/api/gas/user/${f.secondario.userId}/`, {
        squadre: f.assegnateSecondario,
      });
      expect(res.statusCode).toBe(expected);
    });
  });

  it('creates a secondary manager who logs in and sees his teams', async () => {
    const team = f.mieNazionale[2]!.id;
    const res = await (
      await as('principale')
    ).post(
      '/api/gas/user/',
      nuovo('  Mario.Rossi@scuola.example ', {
        email: 'mario.rossi@scuola.example',
        squadre: [team, team],
        scuole: [f.scuolePrincipale[0]],
        newsletter: true,
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      username: 'Mario.Rossi@scuola.example',
      first_name: 'Nuovo',
      responsabile: {
        ruolo: 'ss',
        attivo: true,
        puo_iscriversi_gare_ufficiali: true, // inherited from principale
        squadre: [team],
        scuole: [f.scuolePrincipale[0]],
      },
      puo_modificare: true,
      puo_modificare_assegnazioni: true,
    });
    expect(res.body).not.toMatch(/password|scrypt/);
    const ss = await t.login('Mario.Rossi@scuola.example', 'password-sicura');
    const mie = await ss.get('/api/gas/squadra/mie/');
    expect(ids(mie.json())).toEqual([team]);
    const me = await ss.get(`/api/gas/user/${body.id}/`);
    expect(me.json().responsabile.newsletter).toBe(true);

    // The superuser adds a team principale does not own; principale's form,
    // which lists only his teams, then cannot drop it.
    const other = f.aperto.squadre[0]!.id;
    const admin = await as('admin');
    const added = await admin.patch(`/api/gas/user/${body.id}/`, { squadre: [team, other] });
    expect(added.json().responsabile.squadre).toEqual([team, other].sort((a, b) => a - b));
    const cleared = await (
      await as('principale')
    ).patch(`/api/gas/user/${body.id}/`, {
      squadre: [],
      username: 'ignorato',
      email: 'ignorato@example.org',
      first_name: 'Ignorato',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      username: 'Mario.Rossi@scuola.example',
      first_name: 'Nuovo',
      responsabile: { squadre: [other] },
    });
  });

  it('the creator keeps managing a secondary manager with no teams or schools yet', async () => {
    const principale = await as('principale');
    const res = await principale.post(
      '/api/gas/user/',
      nuovo('vuoto.ss', { email: 'vuoto.ss@scuola.example', squadre: [], scuole: [] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect((await principale.get(`/api/gas/user/${id}/`)).statusCode).toBe(200);
    const list = (await principale.get('/api/gas/user/?limit=1000')).json();
    expect(list.results.map((u: { id: number }) => u.id)).toContain(id);
    const edit = await principale.patch(`/api/gas/user/${id}/`, {
      squadre: [f.mieNazionale[2]!.id],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Another main manager's view is unchanged: he did not create him.
    expect((await (await as('docente')).get(`/api/gas/user/${id}/`)).statusCode).toBe(404);
  });

  const big = 'x'.repeat(100_000);
  describe('bad creation payloads: 400 and nothing written', () => {
    type Body = (f: Fixtures) => object;
    it.each<[string, Body, string[]]>([
      ['empty', () => ({}), ['email', 'username', 'password', 'confirm_password']],
      [
        'wrong types',
        () => nuovo('tipi', { squadre: 'tutte', newsletter: 'sì' }),
        ['squadre', 'newsletter'],
      ],
      ['100 kB name', () => nuovo('lungo', { first_name: big }), ['first_name']],
      [
        '100 kB password',
        () => nuovo('lunga', { password: big, confirm_password: big }),
        ['password', 'confirm_password'],
      ],
      [
        'short password',
        () => nuovo('corta', { password: 'corta', confirm_password: 'corta' }),
        ['password'],
      ],
      ['NUL in a name', () => nuovo('nul', { last_name: 'Rossi\u0000' }), ['last_name']],
      ['bad e-mail', () => nuovo('email', { email: 'non-una-email' }), ['email']],
      [
        'username with spaces',
        () => nuovo('con spazi', { email: 'spazi@scuola.example' }),
        ['username'],
      ],
      [
        'mismatch',
        () => nuovo('diverse', { confirm_password: 'altra-password' }),
        ['confirm_password'],
      ],
      ['duplicate username', () => nuovo('secondario'), ['username']],
      ['duplicate username, other case', () => nuovo('SECONDARIO'), ['username']],
      // An address identifies one account (issue 12 item 1): any case.
      ['e-mail in use', () => nuovo('s7', { email: 'admin@gas.example' }), ['email']],
      ['e-mail in use, other case', () => nuovo('s8', { email: 'ADMIN@Gas.Example' }), ['email']],
      [
        'username and e-mail in use',
        () => nuovo('Docente', { email: ' docente@GAS.example ' }),
        ['username', 'email'],
      ],
      ['unknown team', () => nuovo('s1', { squadre: [999_999] }), ['squadre']],
      ['team not his', (f) => nuovo('s2', { squadre: [f.aperto.squadre[0]!.id] }), ['squadre']],
      ['unknown school', () => nuovo('s3', { scuole: [999_999] }), ['scuole']],
      ['school not his', (f) => nuovo('s4', { scuole: [f.scuolaDocente] }), ['scuole']],
      [
        'too many ids',
        () => nuovo('s5', { squadre: Array.from({ length: 1001 }, (_, i) => i + 1) }),
        ['squadre'],
      ],
      ['id beyond int4', () => nuovo('s6', { scuole: [2 ** 40] }), ['scuole']],
    ])('%s', async (_name, body, fields) => {
      const before = await snapshot();
      const res = await (await as('principale')).post('/api/gas/user/', body(f));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual([...fields].sort());
      expect(await snapshot()).toEqual(before);
    });

    it('mismatch says exactly what the spec says', async () => {
      const res = await (
        await as('principale')
      ).post('/api/gas/user/', nuovo('diverse2', { confirm_password: 'altra-password' }));
      expect(res.json()).toEqual({ confirm_password: [PASSWORD_MISMATCH] });
      const dup = await (await as('principale')).post('/api/gas/user/', nuovo('Secondario'));
      expect(dup.json()).toEqual({ username: [MESSAGGI_PERSONE.usernameDuplicato] });
      const email = await (
        await as('principale')
      ).post('/api/gas/user/', nuovo('altro.nome', { email: 'Principale@gas.example' }));
      expect(email.json()).toEqual({ email: [MESSAGGI_PERSONE.emailDuplicata] });
    });

    it('forbidden callers get 403 whatever they send', async () => {
      const before = await snapshot();
      expect((await (await as('anonimo')).post('/api/gas/user/', { x: big })).statusCode).toBe(403);
      expect((await (await as('secondario')).post('/api/gas/user/', {})).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('bad edits: 400/403/404 and nothing written', () => {
    type Who = 'principale' | 'secondario' | 'docente';
    it.each<[string, Who, (f: Fixtures) => object, number]>([
      ['team not his', 'secondario', (f) => ({ squadre: [f.aperto.squadre[1]!.id] }), 400],
      ['unknown team', 'secondario', () => ({ squadre: [999_999] }), 400],
      ['school not his', 'secondario', (f) => ({ scuole: [f.scuolaDocente] }), 400],
      ['wrong type', 'secondario', () => ({ newsletter: 'sì' }), 400],
      ['100 kB list item', 'secondario', () => ({ scuole: [big] }), 400],
      ['own assignments', 'principale', () => ({ squadre: [] }), 403],
      ['another main manager', 'docente', () => ({ newsletter: true }), 404],
    ])('%s', async (_name, who, body, status) => {
      const before = await snapshot();
      const res = await (await as('principale')).patch(`/api/gas/user/${f[who].userId}/`, body(f));
      expect(res.statusCode).toBe(status);
      expect(await snapshot()).toEqual(before);
    });

    it('bad and unknown ids', async () => {
      const client = await as('admin');
      expect((await client.patch('/api/gas/user/abc/', {})).statusCode).toBe(400);
      expect((await client.patch('/api/gas/user/999999/', {})).statusCode).toBe(404);
      expect((await client.get('/api/gas/user/99999999999/')).statusCode).toBe(400);
    });
  });
});
