// Authorization matrix of /api/gas/evento/: every endpoint as every demo role,
// with the expected status of each cell written out. Demo roles (seed):
// amministratore = administrator of the national event (o) and, here, of a
// private event; inseritore = its inseritore in both; docente = administrator
// of the public training event; admin = superuser; staff = is_staff with an
// sp profile; principale / secondario = plain managers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/testing';
import { createTestApp, type TestApp } from '../testing';
import { cells, createPrivateEvent, demoEventi, type DemoEventi, type Matrix } from './testing';

describe.each(testBackends())('evento: authorization matrix on %s', (backend) => {
  let t: TestApp;
  let ev: DemoEventi;
  let priv: number;
  const titoli = new Map<number, string>();
  beforeAll(async () => {
    t = await createTestApp(backend);
    ev = await demoEventi(t.database.db);
    priv = await createPrivateEvent(t);
    const admin = await t.as('admin');
    for (const id of [ev.nazionale, ev.aperto, priv]) {
      titoli.set(id, (await admin.get(`/api/gas/evento/${id}/`)).json().titolo);
    }
  });
  afterAll(() => t.close());

  describe('GET /api/gas/evento/ lists the private event only to its staff', () => {
    const table: Matrix = {
      anonimo: 0,
      docente: 0,
      principale: 0,
      secondario: 0,
      inseritore: 1,
      amministratore: 1,
      staff: 0,
      admin: 1,
    };
    it.each(cells(table))('$role sees $expected', async ({ role, expected }) => {
      const res = await (await t.as(role)).get('/api/gas/evento/?page_size=1000');
      expect(res.statusCode).toBe(200);
      const ids = res.json().results.map((e: { id: number }) => e.id);
      expect(ids).toEqual(expect.arrayContaining([ev.nazionale, ev.passato, ev.aperto]));
      expect(ids.filter((id: number) => id === priv)).toHaveLength(expected);
    });
  });

  describe('GET /api/gas/evento/{private}/', () => {
    const table: Matrix = {
      anonimo: 404,
      docente: 404,
      principale: 404,
      secondario: 404,
      inseritore: 200,
      amministratore: 200,
      staff: 404,
      admin: 200,
    };
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const res = await (await t.as(role)).get(`/api/gas/evento/${priv}/`);
      expect(res.statusCode).toBe(expected);
    });
  });

  describe('GET /api/gas/evento/{official}/', () => {
    const table: Matrix = {
      anonimo: 200,
      docente: 200,
      principale: 200,
      secondario: 200,
      inseritore: 200,
      amministratore: 200,
      staff: 200,
      admin: 200,
    };
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const res = await (await t.as(role)).get(`/api/gas/evento/${ev.nazionale}/`);
      expect(res.statusCode).toBe(expected);
    });
  });

  describe('POST /api/gas/evento/ (private, the default)', () => {
    const table: Matrix = {
      anonimo: 403,
      docente: 201,
      principale: 201,
      secondario: 201,
      inseritore: 201,
      amministratore: 201,
      staff: 201,
      admin: 201,
    };
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const res = await (await t.as(role)).post('/api/gas/evento/', { titolo: `Prova ${role}` });
      expect(res.statusCode).toBe(expected);
      if (expected === 201) expect(res.json().permessi.puo_modificare).toBe(true);
    });
  });

  describe('POST /api/gas/evento/ with tipologia o', () => {
    const table: Matrix = {
      anonimo: 403,
      docente: 403,
      principale: 403,
      secondario: 403,
      inseritore: 403,
      amministratore: 403,
      staff: 403,
      admin: 201,
    };
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const res = await (
        await t.as(role)
      ).post('/api/gas/evento/', {
        titolo: `Ufficiale ${role}`,
        tipologia: 'o',
      });
      expect(res.statusCode).toBe(expected);
    });
  });

  const patchTables: [string, keyof DemoEventi | 'priv', Matrix][] = [
    [
      'official',
      'nazionale',
      {
        anonimo: 403,
        docente: 403,
        principale: 403,
        secondario: 403,
        inseritore: 403,
        amministratore: 200,
        staff: 403,
        admin: 200,
      },
    ],
    [
      'public',
      'aperto',
      {
        anonimo: 403,
        docente: 200,
        principale: 403,
        secondario: 403,
        inseritore: 403,
        amministratore: 403,
        staff: 403,
        admin: 200,
      },
    ],
    [
      'private',
      'priv',
      {
        anonimo: 404,
        docente: 404,
        principale: 404,
        secondario: 404,
        inseritore: 403,
        amministratore: 200,
        staff: 404,
        admin: 200,
      },
    ],
  ];

  describe.each(patchTables)('PATCH /api/gas/evento/{%s}/', (_label, which, table) => {
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const id = which === 'priv' ? priv : ev[which];
      // The unchanged title: allowed cells succeed without changing anything.
      const res = await (
        await t.as(role)
      ).patch(`/api/gas/evento/${id}/`, {
        titolo: titoli.get(id),
      });
      expect(res.statusCode).toBe(expected);
      if (expected === 403) {
        const detail = role === 'anonimo' ? /credenziali/ : /permesso/;
        expect(res.json().detail).toMatch(detail);
      }
    });
  });

  describe.each(patchTables)('POST /api/gas/evento/{%s}/invita/', (_label, which, patch) => {
    const table = Object.fromEntries(
      Object.entries(patch).map(([role, status]) => [role, status === 200 ? 204 : status]),
    ) as Matrix;
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const id = which === 'priv' ? priv : ev[which];
      // An unregistered address: allowed cells answer 204 and change nothing.
      const res = await (
        await t.as(role)
      ).post(`/api/gas/evento/${id}/invita/`, {
        email: 'nessuno@altrove.example',
        ruolo: 'adm',
      });
      expect(res.statusCode).toBe(expected);
      if (expected === 204) expect(res.body).toBe('');
    });
  });

  it('PATCH of the tipologia: administrators switch pub/priv, only a superuser touches o', async () => {
    const amm = await t.as('amministratore');
    const toO = await amm.patch(`/api/gas/evento/${priv}/`, { tipologia: 'o' });
    expect(toO.statusCode).toBe(403);
    expect(toO.json().detail).toMatch(/approvazione/);
    const fromO = await amm.patch(`/api/gas/evento/${ev.nazionale}/`, { tipologia: 'pub' });
    expect(fromO.statusCode).toBe(403);
    const toPub = await amm.patch(`/api/gas/evento/${priv}/`, { tipologia: 'pub' });
    expect(toPub.statusCode).toBe(200);
    expect((await (await t.as('docente')).get(`/api/gas/evento/${priv}/`)).statusCode).toBe(200);
    const back = await amm.patch(`/api/gas/evento/${priv}/`, { tipologia: 'priv' });
    expect(back.statusCode).toBe(200);
    expect((await (await t.as('docente')).get(`/api/gas/evento/${priv}/`)).statusCode).toBe(404);
  });
});
