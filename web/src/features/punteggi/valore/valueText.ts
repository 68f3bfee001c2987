// Words and chart data for 'Valore dei problemi': why a problem's value moved
// (the causes @gas/scoring reports, in Italian) and the step line of one
// problem's value over time.
import type { ProblemValueSeries, ValueCause, ValuePoint } from '@gas/scoring';
import { formatNumber } from '../../../lib/numbers';

/** Team and problem names by id. */
export interface Names {
  teams: ReadonlyMap<number, string>;
  problems: ReadonlyMap<number, string>;
}

const teamName = (names: Names, id: number) => names.teams.get(id) ?? `Squadra ${id}`;

/** One cause in Italian. */
export function describeCause(cause: ValueCause, names: Names): string {
  const squadra = teamName(names, cause.squadra);
  switch (cause.tipo) {
    case 'corretta':
      return `Risposta corretta di ${squadra}`;
    case 'errore':
      return `Risposta errata di ${squadra}: sale il montepremi`;
    case 'nref': {
      const problema = names.problems.get(cause.problema) ?? `${cause.problema}`;
      return `Prima risposta corretta di ${squadra} (${problema}): cresce il numero di squadre di riferimento`;
    }
  }
}

/** Every cause of a point, or 'Valore iniziale' for the first one. */
export function describePoint(point: ValuePoint, names: Names): string {
  if (point.cause.length === 0) return 'Valore iniziale';
  return point.cause.map((c) => describeCause(c, names)).join('; ');
}

/** '+4', '−39' or 'invariato'. */
export function formatChange(delta: number): string {
  if (delta === 0) return 'invariato';
  return delta > 0 ? `+${formatNumber(delta)}` : `−${formatNumber(-delta)}`;
}

/** A point with what the table and the tooltip show. */
export interface PointRow {
  t: number;
  valore: number;
  variazione: number | null;
  motivo: string;
}

export function pointRows(series: Pick<ProblemValueSeries, 'punti'>, names: Names): PointRow[] {
  return series.punti.map((p, k) => ({
    t: p.t,
    valore: p.valore,
    variazione: k === 0 ? null : p.valore - series.punti[k - 1]!.valore,
    motivo: describePoint(p, names),
  }));
}

/**
 * The step line's data: a marked point at each change, and an unmarked end
 * point at `until` (now, the end of the session, or the replayed instant) so
 * that the line reaches it.
 */
export function chartPoints(rows: readonly PointRow[], until: number) {
  const data: { value: [number, number]; row: PointRow | null; symbol?: string }[] = rows.map(
    (row) => ({ value: [row.t, row.valore], row }),
  );
  const last = rows[rows.length - 1];
  if (last && until > last.t) data.push({ value: [until, last.valore], row: null, symbol: 'none' });
  return data;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Team names go into the tooltip's HTML: escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
