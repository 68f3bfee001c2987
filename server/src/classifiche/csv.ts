// A session's ranking as CSV, as Italian spreadsheets open it: UTF-8 with a
// byte-order mark (Excel otherwise guesses a legacy code page and breaks the
// accents), `;` between fields, CRLF line ends. Every text cell goes through
// cellaDiTesto (a team called `=HYPERLINK(…)` stays text); points are
// written as numbers, so a negative score stays a number. The joker is
// marked by the last column, which names the problem: a mark inside the
// points cell would turn the number into text.
import { cellaDiTesto } from '@gas/contracts';
import { stringify } from 'csv-stringify/sync';
import { INTESTAZIONE, type Classifica } from './righe';

const testo = (value: string) => cellaDiTesto(value);

export function classificaCsv(c: Classifica): string {
  const header = [...INTESTAZIONE, ...c.problemi.map((p) => p.nome), 'Jolly'].map(testo);
  const rows = c.righe.map((r) => [
    r.posizione === null ? '' : String(r.posizione),
    testo(r.nome),
    testo(r.scuola),
    testo(r.citta),
    testo(r.polo),
    r.ospite ? 'sì' : 'no',
    String(r.totale),
    ...r.punti.map(String),
    r.jolly === null ? '' : testo(c.problemi[r.jolly]!.nome),
  ]);
  return stringify([header, ...rows], {
    delimiter: ';',
    bom: true,
    record_delimiter: 'windows',
    // A lone CR or LF inside a text would end the record in a spreadsheet
    // and start a cell of its own (see cellaDiTesto).
    quoted_match: /[\r\n]/,
  });
}
