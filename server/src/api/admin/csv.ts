// CSV downloads of the back office's lists, as Italian spreadsheets read
// them: UTF-8 with a byte-order mark (Excel otherwise guesses a legacy code
// page and breaks the accents), `;` between fields and a decimal comma
// (Italian regional settings), CRLF line ends, quotes where needed
// (csv-stringify, the csv project's writer). Text cells are neutralised
// against formula injection (cellaDiTesto of @gas/contracts: a name such as
// `=HYPERLINK(…)` stays text); numbers, dates and flags are the product's own
// values and are written as they are, so a negative number stays a number.
import { cellaDiTesto } from '@gas/contracts';
import { stringify } from 'csv-stringify/sync';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (value instanceof Date) return value.toISOString();
  // JSON starts with { [ or ": never a formula.
  if (typeof value === 'object') return JSON.stringify(value);
  return cellaDiTesto(String(value));
}

/** The CSV text of `rows` with these columns (header = the API field names). */
export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  return stringify([columns, ...rows.map((row) => columns.map((c) => cell(row[c])))], {
    delimiter: ';',
    bom: true,
    record_delimiter: 'windows',
    // csv-stringify quotes only the whole CRLF: a lone CR or LF inside a
    // text would end the record in a spreadsheet, and what follows it
    // (`=…`) would start a cell of its own, a formula.
    quoted_match: /[\r\n]/,
  });
}

/** `Content-Disposition` of a download named `<name>-<YYYY-MM-DD>.csv`. */
export function csvDisposition(name: string, now = new Date()): string {
  return `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`;
}
