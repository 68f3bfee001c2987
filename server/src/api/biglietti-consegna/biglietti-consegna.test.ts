// Delivery slips: every demo role on a venue's teams, validation first, teams
// of hidden events unknown, nothing written; the LaTeX source of the venue's
// teams, a real PDF from pdflatex, and the refusal on official contest days.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { testBackends } from '../../db/testing';
import { evento, polo, squadra } from '../../db/schema';
import { GIORNO_GARA_UFFICIALE } from '../../gara/giorno-gara';
import { PDFLATEX_MANCANTE } from '../../pdf/pdflatex';

const hasPdflatex = (() => {
  try {
    execFileSync('pdflatex', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
import { createTestApp, type Role, type TestApp } from '../testing';
import { cells, loadFixtures, rowCounts, type Fixtures } from '../squadra/testing';

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
      principale: 200, // manager of the Pisa venue
      secondario: 403,
      inseritore: 403,
      amministratore: 403, // event rights do not include the venues' slips
      staff: 403,
      admin: 200, // superuser
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const before = await rowCounts(t.database.db);
      const body = { squadre: pisa.nomi, content: 'source', sessione: pisa.sessione };
      const res = await post(role, body);
      expect(res.statusCode).toBe(expected);
      if (expected === 200) expect(res.json().success).toBe(true);
      else expect(res.json()).toEqual({ detail: expect.any(String) });
      expect(await rowCounts(t.database.db)).toEqual(before);
    });
  });

  it('works without the session when the names are unambiguous', async () => {
    const res = await post('principale', { squadre: pisa.nomi.slice(0, 1), content: 'source' });
    expect(res.statusCode).toBe(200);
  });

  it('the source has a slip per team and problem plus a joker slip, names escaped', async () => {
    const res = await post('admin', {
      squadre: pisa.nomi,
      content: 'source',
      sessione: pisa.sessione,
    });
    const body = res.json();
    expect(body).toEqual({ success: true, pdf_b64: '', log_b64: '', source: expect.any(String) });
    const source: string = body.source;
    const [e] = await t.database.db.select().from(evento).where(eq(evento.id, f.nazionale.id));
    const problemi = (await t.app.inject({ url: `/api/gas/problema/?evento=${e!.id}` })).json();
    const nProblemi = (problemi.results ?? problemi).length;
    expect(nProblemi).toBeGreaterThan(0);
    expect(source.match(/\\biglietto\{/g)).toHaveLength(pisa.nomi.length * (nProblemi + 1));
    expect(source).toContain('Polo di Pisa');
    expect(source).toContain('\\usepackage{lmodern}');
  });

  it.skipIf(!hasPdflatex)('compiles the PDF of a venue with pdflatex', async () => {
    const res = await post('principale', {
      squadre: pisa.nomi.slice(0, 2),
      content: 'pdf',
      sessione: pisa.sessione,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(Buffer.from(body.pdf_b64, 'base64').subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(Buffer.from(body.log_b64, 'base64').toString('utf8')).toContain('Output written');
  });

  it('is refused while an official event runs today', async () => {
    const { db } = t.database;
    const [before] = await db.select().from(evento).where(eq(evento.id, f.passato.id));
    const now = Date.now();
    await db
      .update(evento)
      .set({ inizio: new Date(now - 60_000), fine: new Date(now + 60_000) })
      .where(eq(evento.id, f.passato.id));
    try {
      const res = await post('admin', {
        squadre: pisa.nomi,
        content: 'pdf',
        sessione: pisa.sessione,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: GIORNO_GARA_UFFICIALE });
    } finally {
      await db
        .update(evento)
        .set({ inizio: before!.inizio, fine: before!.fine })
        .where(eq(evento.id, f.passato.id));
    }
  });

  it('without pdflatex on PATH says in Italian which Debian packages to install', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const res = await post('principale', {
        squadre: pisa.nomi.slice(0, 1),
        content: 'pdf',
        sessione: pisa.sessione,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: PDFLATEX_MANCANTE });
      expect(res.body).not.toContain('ENOENT');
      expect(PDFLATEX_MANCANTE).toContain(
        'texlive-latex-base texlive-latex-recommended texlive-lang-italian lmodern',
      );
    } finally {
      process.env.PATH = path;
    }
  });

  it('the live demo (listed as official, not flagged ufficiale) does not make a contest day', async () => {
    const { db } = t.database;
    const now = Date.now();
    const [demo] = await db
      .insert(evento)
      .values({
        titolo: 'Gara dimostrativa in diretta',
        tipologia: 'o',
        ufficiale: false,
        anno: 2026,
        inizio: new Date(now - 60_000),
        fine: new Date(now + 60_000),
      })
      .returning({ id: evento.id });
    try {
      const body = { squadre: pisa.nomi, content: 'source', sessione: pisa.sessione };
      expect((await post('principale', body)).statusCode).toBe(200);
    } finally {
      await db.delete(evento).where(eq(evento.id, demo!.id));
    }
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
