// Places: every list for every demo role (public, `?mie=y` login only),
// filters, pagination and bad query strings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { testBackends } from '../../db/testing';
import { citta, regione, scuola } from '../../db/schema';
import { createTestApp, type Role, type TestApp } from '../testing';
import { cells, loadFixtures, type Fixtures } from '../squadra/testing';

describe.each(testBackends())('places API on %s', (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let toscana: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await loadFixtures(t.database.db);
    const [row] = await t.database.db.select().from(regione).where(eq(regione.nome, 'Toscana'));
    toscana = row!.id;
  });
  afterAll(() => t.close());

  const get = async (role: Role, url: string) => (await t.as(role)).get(url);

  describe('public lists', () => {
    const table: Record<Role, number> = {
      anonimo: 200,
      docente: 200,
      principale: 200,
      secondario: 200,
      inseritore: 200,
      amministratore: 200,
      staff: 200,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected on each', async ({ role, expected }) => {
      for (const path of ['country', 'region', 'city', 'scuola']) {
        const res = await get(role, `/api/ext-user/${path}/`);
        expect(res.statusCode).toBe(expected);
        expect(res.json()).toMatchObject({ count: expect.any(Number), next: null, previous: null });
      }
      expect((await get(role, `/api/ext-user/scuola/${f.scuolaDocente}/`)).statusCode).toBe(200);
    });
  });

  describe('GET /api/ext-user/scuola/?mie=y (own schools only)', () => {
    // Status and number of schools.
    const table: Record<Role, [number, number]> = {
      anonimo: [403, 0],
      docente: [200, 1],
      principale: [200, 3],
      secondario: [200, 0], // teams, no school
      inseritore: [200, 0],
      amministratore: [200, 0],
      staff: [200, 0],
      admin: [200, 0], // a superuser owns no school either
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected: [status, n] }) => {
      const res = await get(role, '/api/ext-user/scuola/?mie=y');
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json().count).toBe(n);
    });
    it('lists exactly principale’s schools', async () => {
      const res = await get('principale', '/api/ext-user/scuola/?mie=y');
      const ids = res.json().results.map((s: { id: number }) => s.id);
      expect(ids.sort()).toEqual([...f.scuolePrincipale].sort());
    });
  });

  it('school shape of spec §3', async () => {
    const res = await get('anonimo', `/api/ext-user/scuola/${f.scuolaDocente}/`);
    expect(res.json()).toEqual({
      id: f.scuolaDocente,
      nome: expect.any(String),
      tipologia: expect.stringMatching(/^(LC|LS|LA|LL|LM|LU|LSp|ITE|ITT|IPS|IPI|IIS|IO|A)$/),
      indirizzo: {
        nome: expect.any(String),
        citta: {
          id: expect.any(Number),
          nome: expect.any(String),
          name: expect.any(String),
          latitude: expect.any(Number),
          longitude: expect.any(Number),
        },
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      },
    });
  });

  it('filters cities and schools; % and _ are literal', async () => {
    const { db } = t.database;
    const [{ n }] = (await db
      .select({ n: count() })
      .from(citta)
      .where(eq(citta.regioneId, toscana))) as [{ n: number }];
    const inToscana = await get('anonimo', `/api/ext-user/city/?regione=${toscana}&page_size=500`);
    expect(inToscana.json().count).toBe(n);
    expect(inToscana.json().results.map((c: { nome: string }) => c.nome)).toContain('Pisa');
    const pisa = await get('anonimo', '/api/ext-user/city/?nome__icontains=PIS');
    expect(pisa.json().results[0]).toMatchObject({ nome: 'Pisa', provincia: 'PI' });
    expect((await get('anonimo', '/api/ext-user/city/?search=%25')).json().count).toBe(0);
    expect((await get('anonimo', '/api/ext-user/city/?provincia=pi')).json().count).toBe(1);
    const scuolePisa = await get('anonimo', '/api/ext-user/scuola/?search=pisa&page_size=500');
    expect(scuolePisa.json().count).toBeGreaterThan(0);
    const some = await get(
      'anonimo',
      `/api/ext-user/scuola/?id__in=${f.scuolePrincipale.join(',')}`,
    );
    expect(some.json().count).toBe(3);
    const mineAmong = await get(
      'docente',
      `/api/ext-user/scuola/?mie=y&id__in=${f.scuolePrincipale[0]}`,
    );
    expect(mineAmong.json().count).toBe(0);
    const [{ n: licei }] = (await db
      .select({ n: count() })
      .from(scuola)
      .where(eq(scuola.tipologia, 'LS'))) as [{ n: number }];
    expect((await get('anonimo', '/api/ext-user/scuola/?tipologia=LS')).json().count).toBe(licei);
    const regioni = await get('anonimo', '/api/ext-user/region/?nome__icontains=tosc');
    expect(regioni.json().results).toEqual([
      { id: toscana, nome: 'Toscana', paese: expect.any(Number) },
    ]);
    const paesi = await get('anonimo', '/api/ext-user/country/?search=ital');
    expect(paesi.json().results).toEqual([
      { id: expect.any(Number), nome: 'Italia', codice: 'IT' },
    ]);
  });

  it('paginates with next links (page and limit/offset)', async () => {
    const first = await get('anonimo', '/api/ext-user/scuola/?page_size=2');
    expect(first.json().results).toHaveLength(2);
    const next = new URL(first.json().next, 'http://localhost');
    const second = await get('anonimo', `${next.pathname}${next.search}`);
    expect(second.json().previous).not.toBeNull();
    expect(second.json().results[0].id).not.toBe(first.json().results[0].id);
    const offset = await get('anonimo', '/api/ext-user/city/?limit=3&offset=3');
    expect(offset.json().results).toHaveLength(3);
  });

  it.each([
    '/api/ext-user/city/?regione=toscana',
    '/api/ext-user/city/?nome__icontains=pi%00sa',
    '/api/ext-user/scuola/?search=%00',
    '/api/ext-user/city/?provincia=%00',
    '/api/ext-user/city/?regione=99999999999',
    `/api/ext-user/city/?nome__icontains=${'x'.repeat(100_000)}`,
    '/api/ext-user/scuola/?tipologia=XYZ',
    '/api/ext-user/scuola/?mie=forse',
    '/api/ext-user/scuola/?id__in=1,due',
    '/api/ext-user/scuola/?page_size=0',
    '/api/ext-user/scuola/abc/',
    '/api/ext-user/region/?paese=-1',
  ])('bad query %s is a 400', async (url) => {
    const res = await get('anonimo', url);
    expect(res.statusCode).toBe(400);
  });

  it('an unknown school is a 404', async () => {
    expect((await get('anonimo', '/api/ext-user/scuola/999999/')).statusCode).toBe(404);
  });
});
