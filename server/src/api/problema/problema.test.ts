// /api/gas/problema/: problems of visible events in contest order; solutions
// only for event staff before the end, for everyone after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/testing';
import { createTestApp, type Role, type TestApp } from '../testing';
import {
  cells,
  createPrivateEvent,
  demoEventi,
  type DemoEventi,
  type Matrix,
} from '../evento/testing';

type Problema = {
  id: number;
  nome: string;
  ordine: number;
  soluzione: number | null;
  evento: number;
};

describe.each(testBackends())('problema on %s', (backend) => {
  let t: TestApp;
  let ev: DemoEventi;
  let privProblema: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ev = await demoEventi(t.database.db);
    const priv = await createPrivateEvent(t);
    const res = await (
      await t.as('amministratore')
    ).patch(`/api/gas/evento/${priv}/`, {
      problemi: [{ soluzione: 42 }],
    });
    privProblema = res.json().problemi[0].id;
  });
  afterAll(() => t.close());

  describe('GET /api/gas/problema/?evento={upcoming official}: who sees the solutions', () => {
    // 200 for everyone; the cell says whether the solutions are shown.
    const table: Record<Role, boolean> = {
      anonimo: false,
      docente: false,
      principale: false,
      secondario: false,
      inseritore: true,
      amministratore: true,
      staff: false,
      admin: true,
    };
    it.each(cells(table))('$role → solutions $expected', async ({ role, expected }) => {
      const res = await (await t.as(role)).get(`/api/gas/problema/?evento=${ev.nazionale}`);
      expect(res.statusCode).toBe(200);
      const list = res.json().results as Problema[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.map((p) => p.ordine)).toEqual(list.map((_, i) => i + 1));
      expect(list.map((p) => p.nome)).toEqual(list.map((_, i) => `P${i + 1}`));
      expect(list.every((p) => (p.soluzione !== null) === expected)).toBe(true);
    });
  });

  describe('GET /api/gas/problema/?evento={concluded}: solutions public after the end', () => {
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
      const res = await (await t.as(role)).get(`/api/gas/problema/?evento=${ev.passato}`);
      expect(res.statusCode).toBe(expected);
      const list = res.json().results as Problema[];
      expect(list.every((p) => p.soluzione !== null && p.evento === ev.passato)).toBe(true);
    });
  });

  describe('GET /api/gas/problema/{problem of a private event}/', () => {
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
      const client = await t.as(role);
      const res = await client.get(`/api/gas/problema/${privProblema}/`);
      expect(res.statusCode).toBe(expected);
      if (expected === 200) expect(res.json()).toMatchObject({ nome: 'P1', soluzione: 42 });
      const all = (await client.get('/api/gas/problema/?page_size=5000')).json()
        .results as Problema[];
      expect(all.some((p) => p.id === privProblema)).toBe(expected === 200);
    });
  });

  it('answers bad filters and ids with 400/404, never 500', async () => {
    const anon = await t.as('anonimo');
    expect((await anon.get('/api/gas/problema/?evento=abc')).statusCode).toBe(400);
    expect((await anon.get('/api/gas/problema/?evento=-1')).statusCode).toBe(400);
    expect((await anon.get('/api/gas/problema/999999/')).statusCode).toBe(404);
    expect((await anon.get('/api/gas/problema/99999999999/')).statusCode).toBe(400);
  });
});
