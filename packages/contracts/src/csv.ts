// Spreadsheet formula injection (CSV injection, OWASP; CWE-1236): a cell of
// a CSV or spreadsheet the product writes whose text starts with `=`, `+`,
// `-` or `@` is read by Excel, LibreOffice Calc or Google Sheets as a formula
// (`=HYPERLINK("http://…";"clic")` becomes a link that can carry other
// cells away; Excel reads `-2+3` as 1); a leading tab, carriage return or NUL is
// trimmed by some of them and exposes the same characters. Any event creator
// can give a team, a school or an account such a name, so every text cell
// goes through `cellaDiTesto` before any CSV writer (the server's csv.ts,
// the web app's lib/csv.ts) sees it. The fullwidth forms (＝ ＋ － ＠) are
// included because East Asian versions of Excel read them as their ASCII
// twins.
//
// The cell gets a leading apostrophe, the marker spreadsheets take as "this
// is text": the rest of the text is unchanged. Checked with LibreOffice Calc
// 7.4 (Debian 12's libreoffice-calc-nogui; the server's CSV of every case
// above opened headless with `--infilter="CSV:59,34,76,1,,1040,false,false,
// false,false,false,false,true"`, i.e. `;`, UTF-8 and "Evaluate formulas" on,
// converted to flat ODS and its cells read): without the apostrophe
// `=HYPERLINK(…)` is a formula cell (a live link); with it every case is a
// text cell and no cell has a formula, negative numbers (-7, -3,5) are
// numbers. Calc shows the apostrophe as the first character of the text
// (Excel, not available here to check, hides it as its text prefix when
// one types it; whether it does so on opening a CSV is unverified). The same check found that a lone CR
// inside an unquoted field ended the record and made the rest a formula
// cell: the writers quote any field with a CR or LF.
//
// Numbers are not touched: the writers format numbers themselves, and a text
// that is only a number in decimal notation (`-5`, `-3,5`, a bigint the
// database returns as a string) cannot be a formula, so a negative number
// stays a number in the spreadsheet.

/** The first characters that make a spreadsheet read a cell as a formula. */
export const INIZIO_DI_FORMULA = /^[=+\-@\t\r\0\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A number in decimal notation, with a point or the Italian comma. */
const SOLO_UN_NUMERO = /^-?\d+(?:[.,]\d+)?$/;

/** A text for a spreadsheet cell: prefixed by an apostrophe when it would start a formula. */
export function cellaDiTesto(testo: string): string {
  return INIZIO_DI_FORMULA.test(testo) && !SOLO_UN_NUMERO.test(testo) ? `'${testo}` : testo;
}
