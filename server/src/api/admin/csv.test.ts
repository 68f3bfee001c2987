// Formula injection in the back office's CSV downloads (issue 26): a team
// named `=HYPERLINK(…)` by an event creator reaches the staff's spreadsheet as
// text, in its list and in the audit log's CSV; numbers stay numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/testing';
import { createTestApp, type TestApp } from '../testing';
import { toCsv } from './csv';

/** The records of a CSV download (`;`, CRLF, BOM), its quoted fields unquoted. */
function leggiCsv(testo: string): string[][] {
  const righe: string[][] = [];
  let riga: string[] = [];
  let campo = '';
  let tra = false;
  for (let i = testo.charCodeAt(0) === 0xfeff ? 1 : 0; i < testo.length; i++) {
    const c = testo[i]!;
    if (tra && c === '"' && testo[i + 1] === '"') {
      campo += '"';
      i++;
    } else if (c === '"') {
      tra = !tra;
    } else if (!tra && c === ';') {
      riga.push(campo);
      campo = '';
    } else if (!tra && c === '\r' && testo[i + 1] === '\n') {
      riga.push(campo);
      righe.push(riga);
      riga = [];
      campo = '';
      i++;
    } else {
      campo += c;
    }
  }
  return righe;
}

describe('toCsv', () => {
  it('neutralises every text that would start a formula, quotes included, and keeps numbers', () => {
    const csv = toCsv(
      ['nome', 'numero', 'testo'],
      [
        { nome: '=HYPERLINK("http://x")', numero: -3.5, testo: '-2+3' },
        { nome: '+SUM(1;2)', numero: -7, testo: '@SUM(A1:A2)' },
        { nome: '\t=1+1', numero: 0, testo: '"=1+1"' },
        { nome: 'Liceo Galilei', numero: 12, testo: '-5' },
        { nome: 'Liceo\r=1+1', numero: 1, testo: 'Liceo\n=2+2' },
      ],
    );
    expect(csv.split('\r\n').slice(1, 6)).toEqual([
      `"'=HYPERLINK(""http://x"")";-3,5;'-2+3`,
      `"'+SUM(1;2)";-7;'@SUM(A1:A2)`,
      `'\t=1+1;0;"""=1+1"""`,
      'Liceo Galilei;12;-5',
      // A lone CR or LF would end the record in a spreadsheet: quoted.
      '"Liceo\r=1+1";1;"Liceo\n=2+2"',
    ]);
  });
});

describe.each(testBackends())('CSV downloads on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('a team named =HYPERLINK(…) is text in the list and in the audit log, its negative penalty a number', async () => {
    const admin = await t.as('admin');
    const [squadra] = (await admin.get('/api/admin/squadra/?page_size=1')).json().results;
    const nome = '=HYPERLINK("http://x")';
    const patch = await admin.patch(`/api/admin/squadra/${squadra.id}/`, {
      nome,
      capitano: '@SUM(A1:A9)',
      penalita: -5,
    });
    expect(patch.statusCode).toBe(200);

    const elenco = await admin.get('/api/admin/squadra/csv/?search=HYPERLINK');
    expect(elenco.statusCode).toBe(200);
    const [testata, riga] = leggiCsv(elenco.body);
    const campo = (nomeCampo: string) => riga![testata!.indexOf(nomeCampo)];
    expect(campo('nome')).toBe(`'${nome}`);
    expect(campo('capitano')).toBe("'@SUM(A1:A9)");
    expect(campo('penalita')).toBe('-5');
    expect(elenco.body).not.toMatch(/(^|;)"?=HYPERLINK/m);

    const registro = await admin.get(`/api/admin/log/csv/?risorsa=squadra&oggetto=${squadra.id}`);
    expect(registro.statusCode).toBe(200);
    const [testataLog, ...voci] = leggiCsv(registro.body);
    const nomi = voci.map((v) => v[testataLog!.indexOf('oggetto_nome')]);
    expect(nomi).toContain(`'${nome}`);
    expect(registro.body).not.toMatch(/(^|;)"?=HYPERLINK/m);
  });
});
