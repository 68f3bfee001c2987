// The CSV files the web app writes itself (downloads made in the browser,
// such as the latency tab's raw events). Text goes through cellaDiTesto, the
// same neutralisation against spreadsheet formula injection as the server's
// downloads (@gas/contracts csv.ts); numbers and flags are written as they
// are. A field with the separator, a quote, a CR or an LF is quoted
// (RFC 4180): a lone CR or LF would otherwise end the record in a
// spreadsheet and start a cell of its own.
import { cellaDiTesto } from '@gas/contracts';

export type ValoreCsv = string | number | boolean | null | undefined;

function campo(valore: ValoreCsv, separatore: string): string {
  if (valore === null || valore === undefined) return '';
  const testo = typeof valore === 'string' ? cellaDiTesto(valore) : String(valore);
  return testo.includes(separatore) || /["\r\n]/.test(testo)
    ? `"${testo.replaceAll('"', '""')}"`
    : testo;
}

/** The CSV text of a header and its rows, one record a line. */
export function testoCsv(
  intestazione: readonly string[],
  righe: readonly (readonly ValoreCsv[])[],
  separatore = ',',
): string {
  return (
    [intestazione, ...righe]
      .map((r) => r.map((v) => campo(v, separatore)).join(separatore))
      .join('\n') + '\n'
  );
}
