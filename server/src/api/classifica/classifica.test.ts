// The ranking files (issue 28, item 1): the CSV, XLSX and PDF of a finished
// session row by row against @gas/scoring's ranking of the stored answers,
// one venue's file (its teams only, ranked among themselves), the event's
// workbook, who may download, the Italian 400s and the formula injection.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  FORMATI_CLASSIFICA_SESSIONE,
  MESSAGGI_CLASSIFICHE as M,
  NUMERO_INTERO_RICHIESTO,
} from '@gas/contracts';
import { assignPositions, type LeaderboardEntry } from '@gas/scoring';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/testing';
import { cells } from '../squadra/testing';
import { createTestApp, type Role, type TestApp } from '../testing';
import { NOME_FORMULA, classificaAttesa, preparaClassifiche, type Preparate } from './testing';

const hasPdflatex = (() => {
  try {
    execFileSync('pdflatex', ['--version'], { stdio: 'ignore' });
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The text of a PDF, laid out as printed (poppler's pdftotext). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gas-test-pdf-'));
  try {
    const file = path.join(dir, 'f.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The CSV's records as cell arrays (no quoted fields in these files but the formula name's). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, '').split('\r\n')) {
    if (line === '') continue;
    const out: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ';') {
        out.push(cell);
        cell = '';
      } else cell += ch;
    }
    out.push(cell);
    rows.push(out);
  }
  return rows;
}

/** What each file row must say about a team, from @gas/scoring. */
function atteso(e: LeaderboardEntry, problemi: number[]) {
  return {
    posizione: e.posizione,
    nome: e.nome,
    ospite: e.ospite,
    totale: e.totale,
    punti: [...e.punti_parziali],
    jolly: e.jolly === null ? null : problemi.indexOf(e.jolly),
  };
}

describe.each(testBackends())('ranking files on %s', (backend) => {
  let t: TestApp;
  let p: Preparate;
  let attesa: LeaderboardEntry[];
  let nomiProblemi: string[];
  let idProblemi: number[];
  beforeAll(async () => {
    t = await createTestApp(backend);
    p = await preparaClassifiche(t.database.db);
    const a = await classificaAttesa(t.database.db, p.sessioneId);
    attesa = a.classifica;
    nomiProblemi = a.problemi;
    const res = await t.app.inject({ url: `/api/gas/problema/?evento=${p.evento.id}` });
    const body = res.json();
    idProblemi = (body.results ?? body)
      .slice()
      .sort((x: { ordine: number; id: number }, y: { ordine: number; id: number }) =>
        x.ordine === y.ordine ? x.id - y.id : x.ordine - y.ordine,
      )
      .map((x: { id: number }) => x.id);
  });
  afterAll(() => t.close());

  const url = (q: string) => `/api/gas/sessione/${p.sessioneId}/classifica/?${q}`;

  it('the session has what the checks need: ties aside, a guest, a joker, a penalty', () => {
    expect(attesa.length).toBeGreaterThan(5);
    expect(attesa.some((e) => e.ospite && e.posizione === null)).toBe(true);
    expect(attesa.some((e) => e.jolly !== null)).toBe(true);
    expect(attesa.some((e) => e.nome === NOME_FORMULA)).toBe(true);
  });

  it('CSV: BOM, ";", header, every row as @gas/scoring ranks it, formulas neutralised', async () => {
    const res = await (await t.as('anonimo')).get(url('formato=csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="classifica-.+\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'Posizione',
      'Squadra',
      'Scuola',
      'Città',
      'Polo',
      'Ospite',
      'Totale',
      ...nomiProblemi,
      'Jolly',
    ]);
    expect(rows).toHaveLength(attesa.length);
    rows.forEach((row, i) => {
      const e = atteso(attesa[i]!, idProblemi);
      const nome = e.nome === NOME_FORMULA ? `'${NOME_FORMULA}` : e.nome;
      expect(row[0]).toBe(e.posizione === null ? '' : String(e.posizione));
      expect(row[1]).toBe(nome);
      expect(row[5]).toBe(e.ospite ? 'sì' : 'no');
      expect(Number(row[6])).toBe(e.totale);
      expect(row.slice(7, 7 + nomiProblemi.length).map(Number)).toEqual(e.punti);
      expect(row.at(-1)).toBe(e.jolly === null ? '' : nomiProblemi[e.jolly]);
      // No cell of the file starts a formula.
      for (const cell of row) if (!/^-?\d+$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    });
    const polo = rows.filter((r) => r[4] === 'Polo di Prova');
    expect(polo).toHaveLength(p.delPolo.length);
  });

  it('XLSX: a sheet with the header frozen, numbers as numbers, the joker highlighted', async () => {
    const res = await (await t.as('docente')).get(url('formato=xlsx'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets).toHaveLength(1);
    const sheet = wb.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Posizione',
      'Squadra',
      'Scuola',
      'Città',
      'Polo',
      'Ospite',
      'Totale',
      ...nomiProblemi,
      'Jolly',
    ]);
    expect(sheet.rowCount).toBe(attesa.length + 1);
    attesa.forEach((entry, i) => {
      const e = atteso(entry, idProblemi);
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value ?? null).toBe(e.posizione);
      expect(row.getCell(2).value).toBe(e.nome);
      expect(row.getCell(6).value).toBe(e.ospite ? 'sì' : 'no');
      expect(row.getCell(7).value).toBe(e.totale);
      const punti = e.punti.map((_, j) => row.getCell(8 + j).value);
      expect(punti).toEqual(e.punti);
      punti.forEach((v) => expect(typeof v).toBe('number'));
      if (e.jolly !== null) {
        expect(row.getCell(8 + e.jolly).note).toBe('Jolly');
        expect(row.getCell(8 + nomiProblemi.length).value).toBe(nomiProblemi[e.jolly]);
      }
    });
  });

  it("a venue's CSV holds only its teams, ranked among themselves", async () => {
    const res = await (await t.as('anonimo')).get(url(`formato=csv&polo=${p.polo.id}`));
    expect(res.statusCode).toBe(200);
    const [, ...rows] = csvRows(res.body);
    const delPolo = attesa.filter((e) => p.delPolo.includes(e.id)).map((e) => ({ ...e }));
    assignPositions(delPolo);
    expect(rows).toHaveLength(p.delPolo.length);
    expect(rows.map((r) => r[4])).toEqual(rows.map(() => 'Polo di Prova'));
    expect(rows.map((r) => [r[0], r[6]])).toEqual(
      delPolo.map((e) => [e.posizione === null ? '' : String(e.posizione), String(e.totale)]),
    );
    expect(rows.find((r) => r[0] !== '')?.[0]).toBe('1');
  });

  it('the event workbook has a sheet per session', async () => {
    const res = await (
      await t.as('anonimo')
    ).get(`/api/gas/evento/${p.evento.id}/classifica/?formato=xlsx`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Sessione Nord', 'Sessione Centro-Sud']);
  });

  /** Every row of the PDF's table in order, as @gas/scoring ranks the teams. */
  function righePdf(text: string, attese: LeaderboardEntry[]) {
    const lines = text.split('\n');
    let last = -1;
    for (const entry of attese) {
      const e = atteso(entry, idProblemi);
      // A long name wraps in its column: its first word is on the row's first line.
      const parola = e.nome.split(/[\s"]/)[0]!;
      const at = lines.findIndex((l, i) => i > last && l.includes(parola));
      expect(at, e.nome).toBeGreaterThan(last);
      // A guest's row starts with its name: no position.
      const inizio = e.posizione === null ? parola : `${e.posizione} `;
      expect(lines[at]!.trimStart().startsWith(inizio), e.nome).toBe(true);
      // The points are on the row's first line, or on the next when an unbreakable name fills it.
      const numeriDi = (l: string) => l.split(/\s+/).filter((x) => /^-?\d+J?$/.test(x));
      const conNumeri = lines.findIndex((l, i) => i >= at && numeriDi(l).length > e.punti.length);
      last = conNumeri;
      // Total and points are the line's last numbers (a school name may hold a digit).
      const numeri = numeriDi(lines[conNumeri]!).slice(-1 - e.punti.length);
      expect(numeri.map((x) => parseInt(x, 10))).toEqual([e.totale, ...e.punti]);
    }
  }

  it.skipIf(!hasPdflatex)(
    'PDF: the header and every row of the session as @gas/scoring ranks it',
    async () => {
      const res = await (await t.as('anonimo')).get(url('formato=pdf'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
      const text = pdfText(res.rawPayload);
      expect(text).toContain(p.evento.titolo);
      expect(text).toContain('Sessione Nord');
      expect(text).toContain('Classifica finale');
      expect(text).toContain('(ora italiana)');
      righePdf(text, attesa);
    },
  );

  it.skipIf(!hasPdflatex)('PDF of a venue: its teams only, ranked among themselves', async () => {
    const res = await (await t.as('anonimo')).get(url(`formato=pdf&polo=${p.polo.id}`));
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Sessione Nord – Polo di Prova');
    const delPolo = attesa.filter((e) => p.delPolo.includes(e.id)).map((e) => ({ ...e }));
    assignPositions(delPolo);
    righePdf(text, delPolo);
    const fuori = attesa.find((e) => !p.delPolo.includes(e.id))!;
    expect(text).not.toContain(fuori.nome);
  });

  it.skipIf(!hasPdflatex)('the event PDF has a section per session', async () => {
    const res = await (
      await t.as('anonimo')
    ).get(`/api/gas/evento/${p.evento.id}/classifica/?formato=pdf`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Sessione Nord');
    expect(text).toContain('Sessione Centro-Sud');
  });

  describe('who may download', () => {
    // A concluded official event: everyone, as its scores page.
    const pubblico: Record<Role, number> = {
      anonimo: 200,
      docente: 200,
      principale: 200,
      secondario: 200, // a team's own manager
      inseritore: 200, // the venue's manager
      amministratore: 200, // the event's administrator
      staff: 200,
      admin: 200,
    };
    it.each(cells(pubblico))('concluded public session, $role: $expected', async (c) => {
      const res = await (await t.as(c.role)).get(url('formato=csv'));
      expect(res.statusCode).toBe(c.expected);
    });
    it.each(cells(pubblico))('concluded public event, $role: $expected', async (c) => {
      const res = await (
        await t.as(c.role)
      ).get(`/api/gas/evento/${p.evento.id}/classifica/?formato=xlsx`);
      expect(res.statusCode).toBe(c.expected);
    });
    // A private event: its staff (docente administers it), the superuser, and
    // the back office's staff.
    const privato: Record<Role, number> = {
      anonimo: 404,
      docente: 200,
      principale: 404,
      secondario: 404,
      inseritore: 404,
      amministratore: 404,
      staff: 200,
      admin: 200,
    };
    it.each(cells(privato))('private session, $role: $expected', async (c) => {
      const res = await (
        await t.as(c.role)
      ).get(`/api/gas/sessione/${p.f.privato.sessione}/classifica/?formato=csv`);
      expect(res.statusCode).toBe(c.expected);
    });
    it.each(cells(privato))('private event, $role: $expected', async (c) => {
      const res = await (
        await t.as(c.role)
      ).get(`/api/gas/evento/${p.f.privato.id}/classifica/?formato=xlsx`);
      expect(res.statusCode).toBe(c.expected);
    });
    it('a running session: the provisional ranking, for whoever sees the page', async () => {
      const sessione = p.f.nazionale.sessioni[0]!;
      const res = await (
        await t.as('anonimo')
      ).get(`/api/gas/sessione/${sessione}/classifica/?formato=csv`);
      expect(res.statusCode).toBe(200);
    });
  });

  describe('bad parameters: Italian 400s', () => {
    it.each([
      ['no format', '', { formato: [M.formatoSessione] }],
      ['unknown format', 'formato=docx', { formato: [M.formatoSessione] }],
      ['a venue that is not a number', 'formato=csv&polo=abc', { polo: [NUMERO_INTERO_RICHIESTO] }],
      ['a venue of another event', 'formato=csv&polo=999999', { polo: [M.poloNonValido] }],
    ])('%s', async (_name, query, body) => {
      const res = await (await t.as('anonimo')).get(url(query));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    });
    it('CSV of a whole event', async () => {
      const res = await (
        await t.as('anonimo')
      ).get(`/api/gas/evento/${p.evento.id}/classifica/?formato=csv`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ formato: [M.formatoEvento] });
    });
    it('a venue of the national event asked of this session', async () => {
      const polo = p.f.nazionale.poli[0]!.id;
      const res = await (await t.as('anonimo')).get(url(`formato=csv&polo=${polo}`));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ polo: [M.poloNonValido] });
    });
  });

  it('every format of the contract is served', () => {
    expect(FORMATI_CLASSIFICA_SESSIONE).toEqual(['csv', 'xlsx', 'pdf']);
  });
});
