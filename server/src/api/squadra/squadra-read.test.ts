// Team reads: the authorization matrix of list, retrieve, in_sessione and
// mie (le-tue-squadre) for every demo role, private events hidden, the
// students' personal data only to owners and event staff, filters and bad
// query strings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, or } from 'drizzle-orm';
import { testBackends } from '../../db/testing';
import { evento, responsabileSquadra, squadra } from '../../db/schema';
import { createTestApp, type Role, type TestApp } from '../testing';
import { cells, loadFixtures, type Fixtures } from './testing';

const Y = true;
const N = false;

describe.each(testBackends())('squadra reads on %s', (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let totale: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await loadFixtures(t.database.db);
    totale = (await t.database.db.select({ n: count() }).from(squadra))[0]!.n;
  });
  afterAll(() => t.close());

  const get = async (role: Role, url: string) => (await t.as(role)).get(url);

  describe('GET /api/gas/squadra/ lists the teams of the events one may see', () => {
    // Private team included?
    const table: Record<Role, boolean> = {
      anonimo: N,
      docente: Y, // administrator of the private event
      principale: N,
      secondario: N,
      inseritore: N,
      amministratore: N,
      staff: N,
      admin: Y, // superuser
    };
    it.each(cells(table))(
      '$role: 200, private team shown: $expected',
      async ({ role, expected }) => {
        const res = await get(role, '/api/gas/squadra/?page_size=5000');
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.count).toBe(expected ? totale : totale - 1);
        const ids = body.results.map((s: { id: number }) => s.id);
        expect(ids.includes(f.privato.squadra.id)).toBe(expected);
      },
    );
  });

  describe('GET /api/gas/squadra/{id}/ of a private team', () => {
    const table: Record<Role, number> = {
      anonimo: 404,
      docente: 200,
      principale: 404,
      secondario: 404,
      inseritore: 404,
      amministratore: 404,
      staff: 404,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const res = await get(role, `/api/gas/squadra/${f.privato.squadra.id}/`);
      expect(res.statusCode).toBe(expected);
      if (expected === 404) expect(res.json()).toEqual({ detail: 'Non trovato.' });
    });
  });

  describe('GET /api/gas/squadra/in_sessione/ of the private session', () => {
    const table: Record<Role, number> = {
      anonimo: 404,
      docente: 200,
      principale: 404,
      secondario: 404,
      inseritore: 404,
      amministratore: 404,
      staff: 404,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const res = await get(role, `/api/gas/squadra/in_sessione/?sessione=${f.privato.sessione}`);
      expect(res.statusCode).toBe(expected);
    });
  });

  describe('members and external id of a team of principale assigned to secondario', () => {
    const table: Record<Role, boolean> = {
      anonimo: N,
      docente: N,
      principale: Y, // his school
      secondario: Y, // assigned to him
      inseritore: Y, // event staff
      amministratore: Y,
      staff: N,
      admin: Y,
    };
    it.each(cells(table))('$role sees them: $expected', async ({ role, expected }) => {
      const id = f.assegnateSecondario[0]!;
      const one = await get(role, `/api/gas/squadra/${id}/`);
      expect(one.statusCode).toBe(200);
      expect('capitano' in one.json()).toBe(expected);
      expect('id_esterno' in one.json()).toBe(expected);
      const sessione = one.json().sessione;
      const list = await get(
        role,
        `/api/gas/squadra/in_sessione/?sessione=${sessione}&page_size=5000`,
      );
      const item = list.json().results.find((s: { id: number }) => s.id === id);
      expect('capitano' in item).toBe(expected);
    });
  });

  describe('GET /api/gas/squadra/mie/ (le-tue-squadre)', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 200,
      principale: 200,
      secondario: 200,
      inseritore: 200,
      amministratore: 200,
      staff: 200,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected, only owned teams', async ({ role, expected }) => {
      const res = await get(role, '/api/gas/squadra/mie/?page_size=5000');
      expect(res.statusCode).toBe(expected);
      if (expected !== 200) {
        expect(res.json()).toEqual({
          detail: 'Le credenziali di autenticazione non sono state fornite.',
        });
        return;
      }
      const ids: number[] = res.json().results.map((s: { id: number }) => s.id);
      expect(ids.sort((a, b) => a - b)).toEqual(await ownedIds(role));
    });
  });

  it("'Le mie squadre': the owned teams of the events from a date on", async () => {
    const ieri = new Date(Date.now() - 24 * 3_600_000).toISOString().slice(0, 10);
    const tutte = await get('principale', '/api/gas/squadra/mie/?page_size=5000');
    const recenti = await get(
      'principale',
      `/api/gas/squadra/mie/?sessione__evento__inizio__gte=${ieri}&page_size=5000`,
    );
    expect(recenti.statusCode).toBe(200);
    const eventoDi = new Map<number, number>(
      tutte.json().results.map((s: { id: number; evento: number }) => [s.id, s.evento]),
    );
    const inizi = new Map(
      (await t.database.db.select({ id: evento.id, inizio: evento.inizio }).from(evento)).map(
        (e) => [e.id, e.inizio],
      ),
    );
    const attese = [...eventoDi]
      .filter(([, ev]) => inizi.get(ev)! >= new Date(`${ieri}T00:00:00Z`))
      .map(([id]) => id)
      .sort((a, b) => a - b);
    const ids = recenti.json().results.map((s: { id: number }) => s.id);
    expect(ids.sort((a: number, b: number) => a - b)).toEqual(attese);
    // The filter leaves some out (the past events' teams) and keeps some.
    expect(attese.length).toBeGreaterThan(0);
    expect(attese.length).toBeLessThan(eventoDi.size);
    const sbagliata = await get(
      'principale',
      '/api/gas/squadra/mie/?sessione__evento__inizio__gte=ieri',
    );
    expect(sbagliata.statusCode).toBe(400);
  });

  // What le-tue-squadre must list, computed independently from the tables.
  async function ownedIds(role: Role): Promise<number[]> {
    const { db } = t.database;
    if (role === 'secondario') return [...f.assegnateSecondario].sort((a, b) => a - b);
    const schools =
      role === 'principale' ? f.scuolePrincipale : role === 'docente' ? [f.scuolaDocente] : [];
    const rid = role === 'docente' ? f.docente.responsabileId! : -1;
    const linked = db
      .select({ id: responsabileSquadra.squadraId })
      .from(responsabileSquadra)
      .where(eq(responsabileSquadra.responsabileId, rid));
    const rows = await db
      .select({ id: squadra.id })
      .from(squadra)
      .where(or(inArray(squadra.scuolaId, [...schools, -1]), inArray(squadra.id, linked)));
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  it('public fields: school with city and coordinates, no personal data for visitors', async () => {
    const res = await get('anonimo', `/api/gas/squadra/${f.assegnateSecondario[0]}/`);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'evento',
        'id',
        'nome',
        'ordine_eta',
        'ospite',
        'polo',
        'puo_modificare',
        'responsabili',
        'scuola',
        'sessione',
        'ufficiale',
      ].sort(),
    );
    expect(body.responsabili).toEqual([f.secondario.responsabileId]);
    expect(body.puo_modificare).toBe(false);
    expect(body.scuola).toMatchObject({
      id: expect.any(Number),
      nome: expect.any(String),
      tipologia: expect.any(String),
      indirizzo: {
        nome: expect.any(String),
        citta: { nome: expect.any(String), latitude: expect.any(Number) },
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      },
    });
  });

  it('in_sessione lists one session by name; mie?sessione= narrows le-tue-squadre', async () => {
    const sessione = f.aperto.sessioni[0]!;
    const res = await get('anonimo', `/api/gas/squadra/in_sessione/?sessione=${sessione}`);
    expect(res.json().results.map((s: { nome: string }) => s.nome)).toEqual([
      'Copernico A',
      'Copernico B',
      'Copernico C',
      'Copernico D',
    ]);
    const mie = await get('docente', `/api/gas/squadra/mie/?sessione=${sessione}`);
    expect(mie.json().count).toBe(4);
    expect(mie.json().results.every((s: { puo_modificare: boolean }) => s.puo_modificare)).toBe(
      true,
    );
    const hidden = await get('principale', `/api/gas/squadra/mie/?sessione=${f.privato.sessione}`);
    expect(hidden.statusCode).toBe(404);
  });

  it('filters by event start, event and session, and paginates DRF-style', async () => {
    const ieri = new Date(Date.now() - 24 * 3_600_000).toISOString().slice(0, 10);
    const recenti = await get(
      'anonimo',
      `/api/gas/squadra/?sessione__evento__inizio__gte=${ieri}&page_size=5000`,
    );
    const eventi = new Set(recenti.json().results.map((s: { evento: number }) => s.evento));
    // The upcoming events: the national one, docente's two public trainings.
    expect(eventi).toEqual(new Set([f.nazionale.id, f.aperto.id, f.allenamentoPoli.id]));
    const aperto = await get('anonimo', `/api/gas/squadra/?evento=${f.aperto.id}`);
    expect(aperto.json().count).toBe(4);
    const privato = await get('anonimo', `/api/gas/squadra/?evento=${f.privato.id}`);
    expect(privato.json()).toMatchObject({ count: 0, results: [] });
    const paged = await get(
      'anonimo',
      `/api/gas/squadra/?sessione=${f.nazionale.sessioni[0]}&page_size=3`,
    );
    expect(paged.json().results).toHaveLength(3);
    expect(paged.json().next).toMatch(/page=2/);
    const offset = await get('anonimo', `/api/gas/squadra/?evento=${f.aperto.id}&limit=2&offset=2`);
    expect(offset.json().results.map((s: { nome: string }) => s.nome)).toEqual([
      'Copernico C',
      'Copernico D',
    ]);
  });

  it.each([
    '/api/gas/squadra/?sessione__evento__inizio__gte=ieri',
    '/api/gas/squadra/?sessione__evento__inizio__gte=1850-01-01',
    '/api/gas/squadra/?sessione=abc',
    '/api/gas/squadra/?evento=99999999999',
    '/api/gas/squadra/?page=0',
    '/api/gas/squadra/in_sessione/',
    '/api/gas/squadra/in_sessione/?sessione=-4',
    `/api/gas/squadra/?sessione__evento__inizio__gte=${'2'.repeat(100_000)}`,
    '/api/gas/squadra/abc/',
  ])('bad query %# is a 400 with field errors', async (url) => {
    const res = await get('anonimo', url);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json()).toBe('object');
    expect(res.json().detail).toBeUndefined();
  });

  it('unknown ids are 404', async () => {
    expect((await get('anonimo', '/api/gas/squadra/999999/')).statusCode).toBe(404);
    expect((await get('anonimo', '/api/gas/squadra/in_sessione/?sessione=999999')).statusCode).toBe(
      404,
    );
  });
});
