// The certificates (issue 28, item 2): one PDF, a page per team, with the
// team, school, members, event, session, date, position and score (a
// participation line for guests) and the signature of the site settings;
// who may download them; the Italian 400s.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGGI_CLASSIFICHE as M } from '@gas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/testing';
import { impostazioniSito, squadra } from '../../db/schema';
import { cells } from '../squadra/testing';
import { createTestApp, type Role, type TestApp } from '../testing';
import { classificaAttesa, preparaClassifiche, type Preparate } from './testing';

const hasPdflatex = (() => {
  try {
    execFileSync('pdflatex', ['--version'], { stdio: 'ignore' });
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The text of each page of a PDF (pdftotext separates pages with a form feed). */
function pagine(pdf: Buffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'gas-test-pdf-'));
  try {
    const file = path.join(dir, 'f.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return text.split('\f').filter((p) => p.trim() !== '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whitespace as one space: pdftotext breaks lines where LaTeX did. */
const piano = (text: string) => text.replace(/\s+/g, ' ');

describe.each(testBackends())('certificates on %s', (backend) => {
  let t: TestApp;
  let p: Preparate;
  beforeAll(async () => {
    t = await createTestApp(backend);
    p = await preparaClassifiche(t.database.db);
  });
  afterAll(() => t.close());

  const url = (q: string) => `/api/gas/sessione/${p.sessioneId}/attestati/?${q}`;

  describe.skipIf(!hasPdflatex)('who may download', () => {
    // The venue's teams: its manager and the event's administrators.
    const polo: Record<Role, number> = {
      anonimo: 403,
      docente: 403,
      principale: 403,
      secondario: 403, // owns one team, not the venue's others
      inseritore: 200, // the venue's manager
      amministratore: 200, // the event's administrator
      staff: 403,
      admin: 200,
    };
    it.each(cells(polo))('a venue, $role: $expected', async (c) => {
      const res = await (await t.as(c.role)).get(url(`polo=${p.polo.id}`));
      expect(res.statusCode).toBe(c.expected);
      if (c.expected === 200) expect(res.headers['content-type']).toBe('application/pdf');
    });
    // A team of the venue that secondario manages.
    const propria: Record<Role, number> = { ...polo, secondario: 200 };
    it.each(cells(propria))("secondario's team, $role: $expected", async (c) => {
      const res = await (await t.as(c.role)).get(url(`squadra=${p.mia}`));
      expect(res.statusCode).toBe(c.expected);
    });
    // A team outside the venue and not secondario's: administrators only.
    const altra: Record<Role, number> = { ...polo, inseritore: 403 };
    it.each(cells(altra))('another team, $role: $expected', async (c) => {
      const res = await (await t.as(c.role)).get(url(`squadra=${p.fuori}`));
      expect(res.statusCode).toBe(c.expected);
    });
    // A private event does not exist for whoever cannot see it.
    const privato: Record<Role, number> = {
      anonimo: 404,
      docente: 400, // its administrator, before its contest has ended
      principale: 404,
      secondario: 404,
      inseritore: 404,
      amministratore: 404,
      staff: 403, // sees it in the back office, issues no certificate
      admin: 400,
    };
    it.each(cells(privato))('a private event, $role: $expected', async (c) => {
      const res = await (
        await t.as(c.role)
      ).get(
        `/api/gas/sessione/${p.f.privato.sessione}/attestati/?squadra=${p.f.privato.squadra.id}`,
      );
      expect(res.statusCode).toBe(c.expected);
      if (c.expected === 400) {
        expect(res.json()).toEqual({ non_field_errors: [M.attestatiPrimaDellaFine] });
      }
    });
  });

  it.skipIf(!hasPdflatex)(
    "a page per venue team: team, school, members, event, position and score; the guest's participation",
    async () => {
      const { db } = t.database;
      // A guest in the venue and members as stored on one team.
      const [ospite] = await db
        .update(squadra)
        .set({
          ospite: true,
          capitano: 'Anna Bianchi',
          consegnatore: null,
          p1: 'Luca Verdi',
          p2: '',
          p3: null,
        })
        .where(eq(squadra.id, p.delPolo[1]!))
        .returning();
      try {
        const res = await (await t.as('inseritore')).get(url(`polo=${p.polo.id}`));
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toMatch(
          /^attachment; filename="attestati-.+\.pdf"$/,
        );
        const testi = pagine(res.rawPayload).map(piano);
        const { classifica } = await classificaAttesa(db, p.sessioneId);
        const classificate = classifica.filter((e) => !e.ospite).length;
        const delPolo = classifica.filter((e) => p.delPolo.includes(e.id));
        expect(testi).toHaveLength(delPolo.length);
        delPolo.forEach((e, i) => {
          const pagina = testi[i]!;
          expect(pagina).toContain(p.evento.titolo);
          expect(pagina).toContain('Sessione Nord');
          expect(pagina).toContain('Maria Lanfranchi');
          expect(pagina).toContain('Direzione scientifica delle Gare a squadre di fisica');
          if (e.ospite) {
            expect(pagina).toContain('come squadra ospite, fuori classifica');
            expect(pagina).not.toContain('posizione');
          } else {
            expect(pagina).toContain(
              `posizione ${e.posizione} su ${classificate} squadre con ${e.totale} punti`,
            );
          }
        });
        const pagina = testi[delPolo.findIndex((e) => e.id === ospite!.id)]!;
        expect(pagina).toContain('composta da Anna Bianchi, Luca Verdi');
      } finally {
        await db.update(squadra).set({ ospite: false }).where(eq(squadra.id, p.delPolo[1]!));
      }
    },
  );

  it.skipIf(!hasPdflatex)('with a logo in the settings, the PDF includes it', async () => {
    // A 1×1 PNG.
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const admin = await t.as('admin');
    const put = await admin.put('/api/admin/impostazioni-sito/attestati/', {
      valore: { firma: 'Il Comitato', logo: `data:image/png;base64,${png}` },
    });
    expect(put.statusCode).toBe(200);
    try {
      const res = await admin.get(url(`squadra=${p.mia}`));
      expect(res.statusCode).toBe(200);
      // The image is an XObject of the page.
      expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
      expect(piano(pagine(res.rawPayload)[0]!)).toContain('Il Comitato');
    } finally {
      await t.database.db.delete(impostazioniSito).where(eq(impostazioniSito.key, 'attestati'));
    }
  });

  describe('bad parameters: Italian 400s', () => {
    it.each([
      ['neither venue nor team', '', { polo: [M.attestatiFiltro] }],
      ['both', 'polo=1&squadra=1', { polo: [M.attestatiFiltro] }],
      ['a venue of another event', 'polo=999999', { polo: [M.poloNonValido] }],
      ['a team of another session', 'squadra=999999', { squadra: [M.squadraNonValida] }],
    ])('%s', async (_name, query, body) => {
      const res = await (await t.as('admin')).get(url(query));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    });
    it('a logo that is not a PNG or JPEG data URL is refused by the settings', async () => {
      const res = await (
        await t.as('admin')
      ).put('/api/admin/impostazioni-sito/attestati/', {
        valore: { logo: 'https://example.com/logo.svg' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().valore[0]).toContain('data URL');
    });
  });
});
