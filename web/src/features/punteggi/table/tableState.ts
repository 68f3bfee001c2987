// State of the score table: the sort (position, team name or a problem; a
// repeated click on the same column toggles the direction) and the row
// highlight colours, kept in the `colori` query parameter
// (`?colori=12:giallo,40:azzurro`) so a highlighted view can be shared.
import { nameCollator, type LeaderboardEntry } from '@gas/scoring';

export type SortColumn =
  { kind: 'posizione' } | { kind: 'nome' } | { kind: 'problema'; index: number };
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: SortColumn;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { column: { kind: 'posizione' }, direction: 'asc' };

export function sameColumn(a: SortColumn, b: SortColumn): boolean {
  return a.kind === b.kind && (a.kind !== 'problema' || a.index === (b as typeof a).index);
}

/** Clicking a column: the same one toggles; another starts from its natural direction. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (sameColumn(current.column, column)) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  // Position and name read top-down; problem points best first.
  return { column, direction: column.kind === 'problema' ? 'desc' : 'asc' };
}

type Row = Pick<LeaderboardEntry, 'id' | 'nome' | 'punti_parziali'>;

/**
 * Rows sorted for display. `rows` is in ranking order, which breaks every tie
 * (and places guests), so position sorting is the ranking order itself.
 */
export function sortRows<T extends Row>(rows: readonly T[], sort: SortState): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const { column } = sort;
  if (column.kind === 'posizione') {
    return sign === 1 ? [...rows] : [...rows].reverse();
  }
  const indexed = rows.map((row, rank) => ({ row, rank }));
  if (column.kind === 'nome') {
    indexed.sort((a, b) => sign * nameCollator.compare(a.row.nome, b.row.nome) || a.rank - b.rank);
  } else {
    const i = column.index;
    indexed.sort(
      (a, b) =>
        sign * ((a.row.punti_parziali[i] ?? 0) - (b.row.punti_parziali[i] ?? 0)) || a.rank - b.rank,
    );
  }
  return indexed.map((x) => x.row);
}

/** Highlight colours, named in Italian (the names go in the URL). */
export const COLORI = {
  giallo: '#fff3a3',
  verde: '#c3f0c8',
  azzurro: '#c9e4ff',
  rosa: '#ffd1e3',
  arancione: '#ffd9a8',
  viola: '#e2d3ff',
} as const;
export type Colore = keyof typeof COLORI;
export const COLORE_NAMES = Object.keys(COLORI) as Colore[];

export type Colori = ReadonlyMap<number, Colore>;

/** `12:giallo,40:azzurro` → Map; unknown colours and bad ids are skipped. */
export function parseColori(value: string | null): Map<number, Colore> {
  const out = new Map<number, Colore>();
  if (!value) return out;
  for (const part of value.split(',')) {
    const [id, colore] = part.split(':');
    const n = Number(id);
    if (Number.isSafeInteger(n) && n > 0 && colore && colore in COLORI) {
      out.set(n, colore as Colore);
    }
  }
  return out;
}

export function formatColori(colori: Colori): string {
  return [...colori].map(([id, c]) => `${id}:${c}`).join(',');
}

/** A new map with the team's colour set, or removed when `colore` is null. */
export function withColore(colori: Colori, id: number, colore: Colore | null): Map<number, Colore> {
  const out = new Map(colori);
  if (colore === null) out.delete(id);
  else out.set(id, colore);
  return out;
}

/** The search string with `colori` replaced (removed when empty), other parameters kept. */
export function searchWithColori(search: string, colori: Colori): string {
  const params = new URLSearchParams(search);
  const value = formatColori(colori);
  if (value) params.set('colori', value);
  else params.delete('colori');
  const qs = params.toString().replace(/%3A/gi, ':').replace(/%2C/gi, ',');
  return qs ? `?${qs}` : '';
}

/**
 * The id of the last team within the qualification threshold (the 3 px red
 * line goes under its row), in ranking order; null when none.
 */
export function thresholdRowId<T extends Pick<LeaderboardEntry, 'id' | 'posizione'>>(
  rows: readonly T[],
  threshold: number | null | undefined,
): number | null {
  if (!threshold || threshold <= 0) return null;
  let last: number | null = null;
  for (const row of rows) {
    if (row.posizione !== null && row.posizione <= threshold) last = row.id;
  }
  return last;
}
