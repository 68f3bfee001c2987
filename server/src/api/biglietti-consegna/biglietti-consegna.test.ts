// Delivery slips (501 until the delivery-slip issue): every demo role on a
// venue's teams, validation first, teams of hidden events unknown, nothing
// written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { testBackends } from '../../db/testing';
import { polo, squadra } from '../../db/schema';
import { createTestApp, type Role, type TestApp } from '../testing/harness';
import { cells, loadFixtures, rowCounts, type Fixtures } from '../squadra/test-fixtures';

describe.each(testBackends())('biglietti-consegna API on %s', (backend) => {
  let t: TestApp;
  let f: Fixtures;
  // Teams of the Pisa venue (principale manages it) in one session.
  let pisa: { nomi: string[]; sessione: number };
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await loadFixtures(t.database.db);
    const { db } = t.database;
    const [venue] = await db.select().from(polo).where(eq(polo.nomeBreve, 'Polo di Pisa'));
    const teams = await db
      .select()
      .from(squadra)
      .where(eq(squadra.poloId, venue!.id))
      .orderBy(asc(squadra.id));
    const sessione = teams[0]!.sessioneId;
    pisa = { sessione, nomi: teams.filter((s) => s.sessioneId === sessione).map((s) => s.nome) };
  });
  afterAll(() => t.close());

  const post = async (role: Role, body: unknown) =>
    (await t.as(role)).post('/api/gas/biglietti-consegna/', body);

  describe('slips of the Pisa venue', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 403,
      principale: 501, // manager of the Pisa venue
      secondario: 403,
      inseritore: 403,
      amministratore: 403, // event rights do not include the venues' slips
      staff: 403,
      admin: 501, // superuser
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const before = await rowCounts(t.database.db);
      const res = await post(role, { squadre: pisa.nomi, content: 'pdf', sessione: pisa.sessione });
      expect(res.statusCode).toBe(expected);
      expect(res.json()).toEqual({ detail: expect.any(String) });
      expect(await rowCounts(t.database.db)).toEqual(before);
    });
  });

  it('works without the session when the names are unambiguous', async () => {
    const res = await post('principale', { squadre: pisa.nomi.slice(0, 1), content: 'source' });
    expect(res.statusCode).toBe(501);
  });

  it.each([
    ['empty', {}],
    ['wrong types', { squadre: 'tutte', content: 1 }],
    ['no teams', { squadre: [], content: 'pdf' }],
    ['unknown content', { squadre: ['A'], content: 'docx' }],
    ['100 kB name', { squadre: ['x'.repeat(100_000)], content: 'pdf' }],
    ['unknown team', { squadre: ['Nessuna squadra'], content: 'pdf' }],
    ['NUL in a name', { squadre: ['a\u0000'], content: 'pdf' }],
  ])('bad payload (%s): 400', async (_name, body) => {
    const res = await post('admin', body);
    expect(res.statusCode).toBe(400);
  });

  it('teams of a hidden event are unknown; teams without a venue have no slips', async () => {
    const hidden = await post('principale', { squadre: ['Squadra segreta'], content: 'pdf' });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().squadre[0]).toMatch(/Squadra sconosciuta/);
    const noVenue = await post('admin', {
      squadre: [f.aperto.squadre[0]!.nome],
      content: 'pdf',
      sessione: f.aperto.sessioni[0],
    });
    expect(noVenue.statusCode).toBe(400);
    expect(noVenue.json().squadre[0]).toMatch(/non è assegnata a nessun polo/);
  });

  it('anonymous calls are 403 whatever they send', async () => {
    expect((await post('anonimo', { squadre: 7 })).statusCode).toBe(403);
  });
});
