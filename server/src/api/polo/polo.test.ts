// /api/gas/polo/: venues of visible events only, with their managers and city.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { polo } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { createTestApp, type TestApp } from '../testing';
import {
  cells,
  createPrivateEvent,
  demoEventi,
  type DemoEventi,
  type Matrix,
} from '../evento/testing';

describe.each(testBackends())('polo on %s', (backend) => {
  let t: TestApp;
  let ev: DemoEventi;
  let privPolo: number;
  let priv: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ev = await demoEventi(t.database.db);
    priv = await createPrivateEvent(t);
    // No endpoint creates venues (they come from the back office): insert one.
    const [row] = await t.database.db
      .insert(polo)
      .values({ eventoId: priv, nomeBreve: 'Polo riservato' })
      .returning({ id: polo.id });
    privPolo = row!.id;
  });
  afterAll(() => t.close());

  const everyone: Matrix = {
    anonimo: 200,
    docente: 200,
    principale: 200,
    secondario: 200,
    inseritore: 200,
    amministratore: 200,
    staff: 200,
    admin: 200,
  };

  describe('GET /api/gas/polo/?evento={official}', () => {
    it.each(cells(everyone))('$role → $expected', async ({ role, expected }) => {
      const res = await (await t.as(role)).get(`/api/gas/polo/?evento=${ev.nazionale}`);
      expect(res.statusCode).toBe(expected);
      const body = res.json();
      expect(body).toMatchObject({ count: 6, next: null, previous: null });
      const pisa = body.results.find(
        (p: { nome_breve: string }) => p.nome_breve === 'Polo di Pisa',
      );
      expect(pisa).toMatchObject({
        evento: ev.nazionale,
        capacita_massima_squadre: expect.any(Number),
        latitude: expect.any(Number),
        citta: { name: 'Pisa' },
      });
      expect(pisa.responsabili).toEqual(
        expect.arrayContaining([
          { first_name: 'Paola', last_name: 'Bertini', email: 'principale@gas.example' },
        ]),
      );
    });
  });

  describe('GET /api/gas/polo/?evento={private}: venues only for those who see the event', () => {
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
      const res = await (await t.as(role)).get(`/api/gas/polo/?evento=${priv}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().count).toBe(expected);
      const all = (await (await t.as(role)).get('/api/gas/polo/')).json();
      // 6 venues of the national event, 2 of the public training event with venues.
      expect(all.count).toBe(8 + expected);
    });
  });

  describe('GET /api/gas/polo/{private venue}/', () => {
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
      const res = await (await t.as(role)).get(`/api/gas/polo/${privPolo}/`);
      expect(res.statusCode).toBe(expected);
      if (expected === 200)
        expect(res.json()).toMatchObject({
          nome_breve: 'Polo riservato',
          citta: null,
          responsabili: [],
        });
    });
  });

  describe('GET /api/gas/polo/{official venue}/', () => {
    it.each(cells(everyone))('$role → $expected', async ({ role, expected }) => {
      const first = (
        await (await t.as('admin')).get(`/api/gas/polo/?evento=${ev.nazionale}`)
      ).json().results[0];
      const res = await (await t.as(role)).get(`/api/gas/polo/${first.id}/`);
      expect(res.statusCode).toBe(expected);
      expect(res.json()).toEqual(first);
    });
  });

  it('answers bad filters and ids with 400/404, never 500', async () => {
    const anon = await t.as('anonimo');
    expect((await anon.get('/api/gas/polo/?evento=abc')).statusCode).toBe(400);
    expect((await anon.get('/api/gas/polo/?evento=99999999999')).statusCode).toBe(400);
    // An empty filter is no filter: every visible venue (see above).
    expect((await anon.get('/api/gas/polo/?evento=')).json().count).toBe(8);
    expect((await anon.get('/api/gas/polo/?evento=999999')).json().count).toBe(0);
    expect((await anon.get('/api/gas/polo/999999/')).statusCode).toBe(404);
    expect((await anon.get('/api/gas/polo/x/')).statusCode).toBe(400);
    expect(
      (await anon.get(`/api/gas/polo/?evento=${ev.nazionale}&page_size=2`)).json().next,
    ).toMatch(/page=2/);
  });
});
