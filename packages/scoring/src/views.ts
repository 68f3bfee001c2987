// The ranking views of spec §9. Each keeps the full ranking's order and takes
// a subset of its rows.
//
// "Rank k" of a view: with ties, teams sharing position q occupy ranks q to
// q + m - 1 (m = how many share it), so rank 50 is never lost when positions
// jump from 49 to 51; every team occupying a wanted rank is shown.
import type { LeaderboardEntry } from './types';

/** Ranks always shown by the simplified view (besides the threshold). */
export const SIMPLIFIED_RANKS: readonly number[] = [
  ...Array.from({ length: 20 }, (_, i) => i + 1),
  50,
  100,
  150,
  200,
  300,
  400,
  500,
];
/** Ranks always shown by the venue view (besides the threshold). */
export const VENUE_RANKS: readonly number[] = [1, 2, 3];
/** The simplified tab exists only with more than this many teams. */
export const SIMPLIFIED_MIN_TEAMS = 20;
export const MINIMAL_ROWS = 20;
export const MINIMAL_BOLD = 3;

type Entry = Pick<LeaderboardEntry, 'id' | 'posizione' | 'ospite'> &
  Partial<Pick<LeaderboardEntry, 'scuola'>>;

/** Rows occupying one of the ranks, or picked by `extra`; ranking order kept. */
export function pickRanks<T extends Entry>(
  rows: readonly T[],
  ranks: Iterable<number>,
  extra: (row: T) => boolean = () => false,
): T[] {
  const wanted = new Set(ranks);
  const shared = new Map<number, number>();
  for (const r of rows) {
    if (r.posizione !== null) shared.set(r.posizione, (shared.get(r.posizione) ?? 0) + 1);
  }
  const occupies = (q: number): boolean => {
    const m = shared.get(q) ?? 1;
    for (let k = q; k < q + m; k++) if (wanted.has(k)) return true;
    return false;
  };
  return rows.filter((r) => (r.posizione !== null && occupies(r.posizione)) || extra(r));
}

/** The whole ranking. */
export function fullView<T extends Entry>(rows: readonly T[]): T[] {
  return [...rows];
}

export interface SimplifiedOptions {
  /** School ids whose teams are always shown (the user's schools). */
  schools?: Iterable<number>;
  /** Qualification threshold rank (numero_qualificati), if any. */
  threshold?: number | null;
}

/** Ranks 1-20, 50, 100, 150, 200, 300, 400, 500, the threshold, and the given schools' teams. */
export function simplifiedView<T extends Entry>(
  rows: readonly T[],
  options: SimplifiedOptions = {},
): T[] {
  const schools = new Set(options.schools ?? []);
  const ranks = [...SIMPLIFIED_RANKS];
  if (options.threshold != null) ranks.push(options.threshold);
  return pickRanks(rows, ranks, (r) => r.scuola != null && schools.has(r.scuola));
}

export interface VenueOptions {
  /** Ids of the venue's teams. */
  teamIds: Iterable<number>;
  threshold?: number | null;
}

/** Ranks 1-3, the threshold rank and the venue's teams. */
export function venueView<T extends Entry>(rows: readonly T[], options: VenueOptions): T[] {
  const ids = new Set(options.teamIds);
  const ranks = [...VENUE_RANKS];
  if (options.threshold != null) ranks.push(options.threshold);
  return pickRanks(rows, ranks, (r) => ids.has(r.id));
}

export type Movement = 'up' | 'down' | 'same' | 'new';

export type MinimalRow<T> = T & {
  movement: Movement;
  /** Places gained since the earlier ranking (negative: lost); null when new. */
  delta: number | null;
  /** Among the top 3 positions (shown in bold). */
  top: boolean;
};

/**
 * The first 20 rows, each with its movement against an earlier ranking
 * (positions when both have one, else row indices, e.g. for guests), and the
 * top 3 positions flagged.
 */
export function minimalView<T extends Entry>(
  rows: readonly T[],
  previous: readonly Entry[] = [],
  size = MINIMAL_ROWS,
): MinimalRow<T>[] {
  const before = new Map(previous.map((r, i) => [r.id, { row: r, index: i }]));
  return rows.slice(0, size).map((row, index) => {
    const old = before.get(row.id);
    let delta: number | null = null;
    if (old) {
      delta =
        old.row.posizione !== null && row.posizione !== null
          ? old.row.posizione - row.posizione
          : old.index - index;
    }
    const movement: Movement =
      delta === null ? 'new' : delta > 0 ? 'up' : delta < 0 ? 'down' : 'same';
    const top = row.posizione !== null && row.posizione <= MINIMAL_BOLD;
    return { ...row, movement, delta, top };
  });
}
