// /api/admin/<risorsa>/ (issue 14): staff and superusers only, DRF-style
// lists with search, filters, ordering and CSV, writes with Italian field
// errors that change nothing, and an audit entry for every change in the
// same transaction; the audit log itself cannot be changed by anyone.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registro } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { cells, demoEventi, STAFF_ONLY, type DemoEventi } from '../evento/testing';
import { createTestApp, type TestApp } from '../testing';
import { ADMIN_RESOURCES } from '../../gara/registro/resources';

describe.each(testBackends())('admin API on %s', (backend) => {
  let t: TestApp;
  let ev: DemoEventi;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ev = await demoEventi(t.database.db);
  });
  afterAll(() => t.close());

  const logCount = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(registro))[0]!.n;

  describe.each([...ADMIN_RESOURCES.map((r): string => r.risorsa.nome), 'log'])(
    '/api/admin/%s/',
    (name) => {
      it.each(cells(STAFF_ONLY))('GET list: $role → $expected', async ({ role, expected }) => {
        const res = await (await t.as(role)).get(`/api/admin/${name}/`);
        expect(res.statusCode).toBe(expected);
        if (expected === 200) expect(res.json()).toMatchObject({ count: expect.any(Number) });
      });

      it.each(cells({ ...STAFF_ONLY, staff: 400, admin: 400 }))(
        'POST with an empty body: $role → $expected, nothing written',
        async ({ role, expected }) => {
          const risorsa = ADMIN_RESOURCES.find((r) => r.risorsa.nome === name)?.risorsa;
          if (name === 'log' || risorsa?.crea === false) return;
          const before = await logCount();
          const res = await (await t.as(role)).post(`/api/admin/${name}/`, {});
          expect(res.statusCode).toBe(expected);
          expect(await logCount()).toBe(before);
        },
      );
    },
  );

  describe.each(ADMIN_RESOURCES.map((r) => r.risorsa))('/api/admin/$nome/{id}/', (risorsa) => {
    const firstId = async () =>
      ((await (await t.as('admin')).get(`/api/admin/${risorsa.nome}/?page_size=1`)).json()
        .results[0]?.id as number | undefined) ?? 1;

    it.each(cells(STAFF_ONLY))('GET: $role → $expected', async ({ role, expected }) => {
      const res = await (await t.as(role)).get(`/api/admin/${risorsa.nome}/${await firstId()}/`);
      expect(res.statusCode).toBe(expected);
    });

    it.each(cells(STAFF_ONLY))(
      'PATCH of nothing: $role → $expected',
      async ({ role, expected }) => {
        const res = await (
          await t.as(role)
        ).patch(`/api/admin/${risorsa.nome}/${await firstId()}/`, {});
        // A resource never edited here has no PATCH route at all: 404 for everyone.
        // The first user is the superuser 'admin': staff do not touch his account (issue 26).
        const superuser = risorsa.nome === 'user' && role === 'staff';
        expect(res.statusCode).toBe(risorsa.modifica === false ? 404 : superuser ? 403 : expected);
      },
    );

    it.each(cells({ ...STAFF_ONLY, staff: 404, admin: 404 }))(
      'DELETE of a missing id: $role → $expected',
      async ({ role, expected }) => {
        const res = await (await t.as(role)).delete(`/api/admin/${risorsa.nome}/2000000000/`);
        expect(res.statusCode).toBe(risorsa.nome === 'user' && role === 'staff' ? 403 : expected);
      },
    );
  });

  it('refuses writes without the CSRF token', async () => {
    const admin = await t.as('admin');
    const res = await admin.request(
      'POST',
      '/api/admin/paese/',
      { nome: 'Senza token' },
      {
        csrf: false,
      },
    );
    expect(res.statusCode).toBe(403);
  });

  it('has no POST for records that come from elsewhere (answers, jokers, files)', async () => {
    const admin = await t.as('admin');
    for (const name of ['risposta', 'jolly', 'file-programmato']) {
      expect([404, 405]).toContain((await admin.post(`/api/admin/${name}/`, {})).statusCode);
    }
  });

  it('the log has no writing routes', async () => {
    const admin = await t.as('admin');
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const url = method === 'POST' ? '/api/admin/log/' : '/api/admin/log/1/';
      const res = await admin.request(method, url, {});
      expect([404, 405]).toContain(res.statusCode);
    }
  });

  it('creates, edits and deletes a school, each change in the log with its fields', async () => {
    const staff = await t.as('staff');
    const citta = (await staff.get('/api/admin/citta/?search=Pisa')).json().results[0];
    expect(citta).toMatchObject({ nome: 'Pisa' });

    const created = await staff.post('/api/admin/scuola/', {
      nome: '  Liceo Fermi di prova ',
      tipologia: 'LS',
      indirizzo: 'Via Roma 1',
      citta: citta.id,
      codice_meccanografico: 'pips00000z',
    });
    expect(created.statusCode).toBe(201);
    const scuola = created.json();
    expect(scuola).toMatchObject({
      nome: 'Liceo Fermi di prova',
      tipologia: 'LS',
      citta: citta.id,
      codice_meccanografico: 'PIPS00000Z',
      latitude: null,
    });

    const edited = await staff.patch(`/api/admin/scuola/${scuola.id}/`, { tipologia: 'LC' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ tipologia: 'LC', nome: 'Liceo Fermi di prova' });

    // A PATCH that changes nothing leaves no entry.
    expect(
      (await staff.patch(`/api/admin/scuola/${scuola.id}/`, { tipologia: 'LC' })).statusCode,
    ).toBe(200);

    const deps = await staff.get(`/api/admin/scuola/${scuola.id}/dipendenze/`);
    expect(deps.json()).toEqual({ dipendenze: [], risposte: 0 });
    expect((await staff.delete(`/api/admin/scuola/${scuola.id}/`)).statusCode).toBe(204);
    expect((await staff.get(`/api/admin/scuola/${scuola.id}/`)).statusCode).toBe(404);

    const history = (await staff.get(`/api/admin/log/?risorsa=scuola&oggetto=${scuola.id}`)).json();
    expect(history.results.map((e: { azione: string }) => e.azione)).toEqual([
      'elimina',
      'modifica',
      'crea',
    ]);
    const [elimina, modifica, crea] = history.results;
    expect(modifica).toMatchObject({
      utente_nome: 'staff',
      origine: 'admin',
      oggetto_nome: 'Liceo Fermi di prova',
      modifiche: { tipologia: ['LS', 'LC'] },
    });
    expect(crea.modifiche.nome).toEqual([null, 'Liceo Fermi di prova']);
    expect(elimina.modifiche.tipologia).toEqual(['LC', null]);
    expect(crea.indirizzo).not.toBe('');
  });

  it('answers Italian field errors and changes nothing on bad input', async () => {
    const admin = await t.as('admin');
    const before = await logCount();
    const cases: [string, unknown, string][] = [
      ['/api/admin/scuola/', { nome: 'x'.repeat(100_000) }, 'nome'],
      ['/api/admin/scuola/', { nome: 'Scuola', tipologia: 'ZZ' }, 'tipologia'],
      ['/api/admin/scuola/', { nome: 'Scuola', citta: 'Pisa' }, 'citta'],
      ['/api/admin/scuola/', { nome: 'Scuola', citta: 2_000_000_000 }, 'citta'],
      [
        '/api/admin/scuola/',
        { nome: 'Scuola', codice_meccanografico: 'abc' },
        'codice_meccanografico',
      ],
      ['/api/admin/polo/', { nome_breve: 'Polo' }, 'evento'],
      ['/api/admin/polo/', { evento: 2_000_000_000, nome_breve: 'Polo' }, 'evento'],
      [
        '/api/admin/polo/',
        { evento: ev.nazionale, nome_breve: 'P', capacita_massima_squadre: -3 },
        'capacita_massima_squadre',
      ],
      ['/api/admin/citta/', { nome: 'Città', latitude: 200 }, 'latitude'],
      ['/api/admin/paese/', { nome: 'Terra', codice: 'ITA' }, 'codice'],
      ['/api/admin/sponsor/', { name: 'S', website: 'javascript:alert(1)' }, 'website'],
      ['/api/admin/sponsor/', { name: '' }, 'name'],
    ];
    for (const [url, body, field] of cases) {
      const res = await admin.post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      const messages: string[] = res.json()[field];
      expect(messages, JSON.stringify(res.json())).toBeDefined();
      for (const m of messages) expect(m).not.toMatch(/string|number|expected|received|Invalid/i);
    }
    expect(await logCount()).toBe(before);
  });

  it('refuses a duplicate on the field it names', async () => {
    const admin = await t.as('admin');
    const first = await admin.post('/api/admin/paese/', { nome: 'Atlantide', codice: 'at' });
    expect(first.statusCode).toBe(201);
    const again = await admin.post('/api/admin/paese/', { nome: 'Atlantide' });
    expect(again.statusCode).toBe(400);
    expect(again.json().nome).toEqual(['Esiste già un elemento con questo valore.']);
  });

  it('lists with search, filters, ordering and pages; a bad ordering is a 400', async () => {
    const staff = await t.as('staff');
    const poli = (
      await staff.get(`/api/admin/polo/?evento=${ev.nazionale}&ordering=-nome_breve&page_size=2`)
    ).json();
    expect(poli.count).toBe(6);
    expect(poli.results).toHaveLength(2);
    expect(poli.next).toContain('page=2');
    const names = poli.results.map((p: { nome_breve: string }) => p.nome_breve);
    expect([...names].sort().reverse()).toEqual(names);
    const pisa = (await staff.get('/api/admin/polo/?search=pisa')).json();
    expect(pisa.results.every((p: { nome_breve: string }) => /pisa/i.test(p.nome_breve))).toBe(
      true,
    );
    expect((await staff.get('/api/admin/polo/?search=%25')).json().count).toBe(0);
    const bad = await staff.get('/api/admin/polo/?ordering=password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ordering).toEqual(['Ordinamento non valido: «password».']);
    expect((await staff.get('/api/admin/polo/?evento=abc')).statusCode).toBe(400);
  });

  it('downloads a list as CSV for Italian spreadsheets', async () => {
    const staff = await t.as('staff');
    const res = await staff.get(`/api/admin/polo/csv/?evento=${ev.nazionale}&ordering=nome_breve`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="polo-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'id;evento;nome_breve;descrizione;indirizzo;citta;latitude;longitude;capacita_massima_squadre',
    );
    expect(lines).toHaveLength(7);
    expect(lines.some((l) => l.includes('Polo di Pisa') && /;43,\d+;10,\d+;/.test(l))).toBe(true);
  });

  it('keeps the audit log append-only, even for a hand-written statement', async () => {
    const admin = await t.as('admin');
    await admin.post('/api/admin/paese/', { nome: 'Lemuria' });
    const db = t.database.db;
    await expect(db.execute(sql`update registro set nota = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from registro`)).rejects.toThrow();
    await expect(db.execute(sql`truncate registro`)).rejects.toThrow();
    expect(await logCount()).toBeGreaterThan(0);
  });
});
