// Rankings as an Excel workbook (exceljs): a sheet per session, the header
// row frozen, points and positions as numbers, the joker's cell highlighted
// with a note and named in the last column. Names are written as string
// cells, which a spreadsheet never evaluates, so unlike the CSV they need no
// apostrophe against formula injection (it would show).
import ExcelJS from 'exceljs';
import { INTESTAZIONE, dataOraRoma, titoloClassifica, type Classifica } from './righe';

/** Characters Excel refuses in a sheet name, which is also at most 31 characters long. */
const NON_IN_FOGLIO = /[[\]:*?/\\]/g;

function nomeFoglio(nome: string, usati: Set<string>): string {
  const base = nome.replace(NON_IN_FOGLIO, ' ').trim().slice(0, 31) || 'Sessione';
  let candidato = base;
  for (let n = 2; usati.has(candidato.toLowerCase()); n++) {
    const suffisso = ` (${n})`;
    candidato = base.slice(0, 31 - suffisso.length) + suffisso;
  }
  usati.add(candidato.toLowerCase());
  return candidato;
}

const GIALLO: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE699' } };

function foglio(workbook: ExcelJS.Workbook, c: Classifica, nome: string): void {
  const sheet = workbook.addWorksheet(nome, {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1 },
    headerFooter: {
      oddHeader: `&L${c.evento} – ${c.sessione}${c.polo ? ` – ${c.polo}` : ''}&R${titoloClassifica(c)}, ${dataOraRoma(c.ora)}`,
    },
  });
  const problemi = c.problemi.map((p) => p.nome);
  sheet.columns = [
    ...INTESTAZIONE.map((header, i) => ({ header, width: [10, 28, 36, 18, 18, 8, 9][i] })),
    ...problemi.map((header) => ({ header, width: 7 })),
    { header: 'Jolly', width: 8 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of c.righe) {
    const row = sheet.addRow([
      r.posizione,
      r.nome,
      r.scuola,
      r.citta,
      r.polo,
      r.ospite ? 'sì' : 'no',
      r.totale,
      ...r.punti,
      r.jolly === null ? null : problemi[r.jolly]!,
    ]);
    if (r.jolly !== null) {
      const cell = row.getCell(INTESTAZIONE.length + r.jolly + 1);
      cell.fill = GIALLO;
      cell.font = { bold: true };
      cell.note = 'Jolly';
    }
  }
}

/** One workbook with a sheet per ranking (a session's, or every session of an event). */
export async function classificheXlsx(classifiche: readonly Classifica[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'GaS';
  workbook.title = classifiche[0]?.evento ?? 'Classifica';
  const usati = new Set<string>();
  for (const c of classifiche) foglio(workbook, c, nomeFoglio(c.polo ?? c.sessione, usati));
  if (classifiche.length === 0) workbook.addWorksheet('Classifica');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
