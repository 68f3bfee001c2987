// Team sign-up and edits: the authorization matrix for every demo role with
// the enrolment and edit windows open and closed, bad payloads answered
// 400/403/404 with the database unchanged, and the happy paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { MESSAGGI_PERSONE } from '@gas/contracts';
import { testBackends } from '../../db/testing';
import { squadra } from '../../db/schema';
import { createTestApp, type Role, type TestApp } from '../testing';
import { cells, loadFixtures, rowCounts, setWindows, type Fixtures } from './testing';

describe.each(testBackends())('squadra writes on %s', (backend) => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await loadFixtures(t.database.db);
  });
  afterAll(() => t.close());

  const post = async (role: Role, body: unknown) =>
    (await t.as(role)).post('/api/gas/squadra/', body);
  const patch = async (role: Role, id: number, body: unknown) =>
    (await t.as(role)).patch(`/api/gas/squadra/${id}/`, body);
  const snapshot = async () => ({
    counts: await rowCounts(t.database.db),
    squadre: await t.database.db.select().from(squadra).orderBy(asc(squadra.id)),
  });

  describe('POST sign-up to the public event, enrolment open', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 201,
      principale: 201,
      secondario: 403, // a secondary manager cannot enrol teams
      inseritore: 201, // every demo role but secondario is an active main manager
      amministratore: 201,
      staff: 201,
      admin: 201,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      await setWindows(t.database.db, f.aperto.id, { iscrizioni: 'aperte' });
      const res = await post(role, { nome: `Iscritta ${role}`, sessione: f.aperto.sessioni[0] });
      expect(res.statusCode).toBe(expected);
    });
  });

  describe('POST sign-up to the public event, enrolment closed', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 201, // administrator of the event: may enrol late
      principale: 400,
      secondario: 403,
      inseritore: 400,
      amministratore: 400,
      staff: 400,
      admin: 201, // superuser
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      await setWindows(t.database.db, f.aperto.id, { iscrizioni: 'chiuse' });
      const res = await post(role, { nome: `Tardiva ${role}`, sessione: f.aperto.sessioni[0] });
      expect(res.statusCode).toBe(expected);
      if (expected === 400) {
        expect(res.json()).toEqual({ sessione: [MESSAGGI_PERSONE.iscrizioniChiuse] });
      }
      await setWindows(t.database.db, f.aperto.id, { iscrizioni: 'aperte' });
    });
  });

  describe('POST sign-up to an official session: never here', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 403,
      principale: 403,
      secondario: 403,
      inseritore: 403,
      amministratore: 403,
      staff: 403,
      admin: 403,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      await setWindows(t.database.db, f.nazionale.id, { iscrizioni: 'aperte' });
      const before = await snapshot();
      const res = await post(role, {
        nome: `Ufficiale ${role}`,
        sessione: f.nazionale.sessioni[0],
      });
      expect(res.statusCode).toBe(expected);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('POST sign-up to the private event', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 201,
      principale: 400, // the session does not exist for him
      secondario: 400,
      inseritore: 400,
      amministratore: 400,
      staff: 400,
      admin: 201,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const res = await post(role, { nome: `Privata ${role}`, sessione: f.privato.sessione });
      expect(res.statusCode).toBe(expected);
      if (expected === 400) {
        expect(res.json().sessione[0]).toMatch(/non valido - l'oggetto non esiste/);
      }
    });
  });

  describe('PATCH members of a public-event team registered by docente', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 200,
      principale: 403,
      secondario: 403,
      inseritore: 403,
      amministratore: 403,
      staff: 403,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const res = await patch(role, f.aperto.squadre[0]!.id, { capitano: `Capitano ${role}` });
      expect(res.statusCode).toBe(expected);
      if (expected === 200) expect(res.json().capitano).toBe(`Capitano ${role}`);
    });
  });

  describe('PATCH members of an official team of principale assigned to secondario', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 403,
      principale: 200, // his school, official flag
      secondario: 200, // assigned to him, official flag inherited from principale
      inseritore: 403, // enters answers, does not edit teams
      amministratore: 200,
      staff: 403,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const res = await patch(role, f.assegnateSecondario[0]!, { p1: `Membro ${role}` });
      expect(res.statusCode).toBe(expected);
    });
  });

  describe('PATCH the guest flag (administrators only)', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 403,
      principale: 403,
      secondario: 403,
      inseritore: 403,
      amministratore: 200,
      staff: 403,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const id = f.assegnateSecondario[0]!;
      const res = await patch(role, id, { ospite: true });
      expect(res.statusCode).toBe(expected);
      if (role === 'principale')
        expect(res.json().detail).toBe(MESSAGGI_PERSONE.soloAmministratori);
      await t.database.db.update(squadra).set({ ospite: false });
    });
  });

  describe('PATCH a team of the private event', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 200,
      principale: 404,
      secondario: 404,
      inseritore: 404,
      amministratore: 404,
      staff: 404,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const res = await patch(role, f.privato.squadra.id, { capitano: `Capitano ${role}` });
      expect(res.statusCode).toBe(expected);
    });
  });

  it('owners edit until fine_modifica_squadre; administrators after it too', async () => {
    const created = await post('principale', {
      nome: 'Da modificare',
      sessione: f.aperto.sessioni[0],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    await setWindows(t.database.db, f.aperto.id, { modifiche: 'chiuse' });
    const before = await snapshot();
    const late = await patch('principale', id, { nome: 'Troppo tardi' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ non_field_errors: [MESSAGGI_PERSONE.modificheChiuse] });
    expect(await snapshot()).toEqual(before);
    expect((await patch('docente', id, { nome: 'Corretta dal docente' })).statusCode).toBe(200);
    await setWindows(t.database.db, f.aperto.id, { modifiche: 'aperte' });
    const ok = await patch('principale', id, { nome: '  Rinominata  ', anno_p1: 4, p1: 'Ada' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ nome: 'Rinominata', anno_p1: 4, p1: 'Ada' });
  });

  it('signs up a team: 201 with the team, owned by whoever registered it', async () => {
    const res = await post('docente', {
      nome: '  Copernico Nuova ',
      sessione: f.aperto.sessioni[0],
      scuola: f.scuolaDocente,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      nome: 'Copernico Nuova',
      sessione: f.aperto.sessioni[0],
      evento: f.aperto.id,
      ufficiale: false,
      ospite: false,
      polo: null,
      responsabili: [f.docente.responsabileId],
      puo_modificare: true,
      scuola: { id: f.scuolaDocente },
      capitano: null,
    });
    const mie = await (await t.as('docente')).get('/api/gas/squadra/mie/?page_size=5000');
    expect(mie.json().results.map((s: { id: number }) => s.id)).toContain(body.id);
  });

  it('two concurrent sign-ups with one name: exactly one succeeds', async () => {
    const body = { nome: 'Gemelle', sessione: f.aperto.sessioni[0] };
    const results = await Promise.all([post('principale', body), post('staff', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('administrators set the venue, only of the same event', async () => {
    const id = f.assegnateSecondario[1]!;
    const polo = f.nazionale.poli[1]!.id;
    const ok = await patch('amministratore', id, { polo });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().polo).toBe(polo);
    const before = await snapshot();
    const other = await patch('docente', f.aperto.squadre[1]!.id, { polo });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ polo: [MESSAGGI_PERSONE.poloAltroEvento] });
    expect(await snapshot()).toEqual(before);
  });

  const big = 'x'.repeat(100_000);
  describe('bad sign-up payloads: 400/403 and nothing written', () => {
    it.each([
      ['empty', {}, 400, ['nome', 'sessione']],
      ['wrong types', { nome: 12, sessione: 'uno' }, 400, ['nome', 'sessione']],
      ['100 kB name', { nome: big, sessione: 0 }, 400, ['nome', 'sessione']],
      ['blank name', { nome: '   ', sessione: 1 }, 400, ['nome']],
      ['NUL in the name', { nome: 'a\u0000b', sessione: 1 }, 400, ['nome']],
      ['id beyond int4', { nome: 'A', sessione: 99_999_999_999 }, 400, ['sessione']],
      ['unknown session', { nome: 'A', sessione: 999_999 }, 400, ['sessione']],
      ['unknown school', { nome: 'A', sessione: -1, scuola: 999_999 }, 400, ['sessione']],
      ['array body', [1, 2], 400, null],
    ] as const)('%s', async (_name, body, status, fields) => {
      const before = await snapshot();
      const res = await post('principale', body);
      expect(res.statusCode).toBe(status);
      if (fields) expect(Object.keys(res.json()).sort()).toEqual([...fields].sort());
      expect(await snapshot()).toEqual(before);
    });

    it('unknown or foreign school, duplicate name (any case)', async () => {
      const before = await snapshot();
      const sessione = f.aperto.sessioni[0];
      const unknown = await post('principale', { nome: 'A', sessione, scuola: 999_999 });
      expect(unknown.json()).toEqual({
        scuola: ['Pk "999999" non valido - l\'oggetto non esiste.'],
      });
      const foreign = await post('principale', { nome: 'A', sessione, scuola: f.scuolaDocente });
      expect(foreign.json()).toEqual({ scuola: [MESSAGGI_PERSONE.scuolaNonTua] });
      const dup = await post('principale', { nome: 'copernico a', sessione });
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toEqual({ nome: [MESSAGGI_PERSONE.nomeSquadraDuplicato] });
      const raw = await (
        await t.as('principale')
      ).request('POST', '/api/gas/squadra/', undefined, {
        payload: '{"nome": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(raw.statusCode).toBe(400);
      const anon = await post('anonimo', { nome: big });
      expect(anon.statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('bad edit payloads: 400/404 and nothing written', () => {
    it.each([
      ['100 kB name', { nome: big }, 400],
      ['wrong types', { ospite: 'sì', anno_p1: 'quarto' }, 400],
      ['school year out of range', { anno_p1: 9 }, 400],
      ['control characters', { capitano: 'Ada\u0000', p2: 'a\nb' }, 400],
      ['duplicate name', { nome: 'COPERNICO B' }, 400],
      ['unknown venue', { polo: 999_999 }, 400],
      ['body not an object', [{ nome: 'X' }], 400],
      ['null body', null, 400],
    ] as const)('%s', async (_name, body, status) => {
      const before = await snapshot();
      const res = await (
        await t.as('docente')
      ).request('PATCH', `/api/gas/squadra/${f.aperto.squadre[0]!.id}/`, undefined, {
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(status);
      expect(await snapshot()).toEqual(before);
    });

    it('bad and unknown ids', async () => {
      const before = await snapshot();
      expect((await patch('docente', 999_999, { nome: 'X' })).statusCode).toBe(404);
      const client = await t.as('docente');
      expect((await client.patch('/api/gas/squadra/abc/', { nome: 'X' })).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });
});
