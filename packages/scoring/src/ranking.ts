// The ranking order of shared/scoring.md as an explicit chain of comparisons,
// each one small enough to be tested on its own with arguments in both orders.
import { compareNames } from './nameOrder';

/** What the ranking looks at for one team. */
export interface RankKey {
  id: number;
  nome: string;
  ospite: boolean;
  totale: number;
  /** Points of the joker problem, 0 without a joker. */
  punti_jolly: number;
  ordine_eta: number;
}

export type Comparator<T> = (a: T, b: T) => number;

/**
 * Italian collation with numbers compared by value ("Squadra 2" < "Squadra
 * 10"): nameOrder.ts, without Intl for most names.
 */
export const nameCollator = { compare: compareNames };

/** 1. Higher total first. */
export const byTotal: Comparator<RankKey> = (a, b) => b.totale - a.totale;
/** 2. Higher joker-problem points first. */
export const byJokerPoints: Comparator<RankKey> = (a, b) => b.punti_jolly - a.punti_jolly;
/** 3. Lower age order first. */
export const byAgeOrder: Comparator<RankKey> = (a, b) => a.ordine_eta - b.ordine_eta;
/** 4. Name, Italian numeric collation. Decides the listing order only, not the position. */
export const byName: Comparator<RankKey> = (a, b) => nameCollator.compare(a.nome, b.nome);
/**
 * 5. Team id: not in the rules, which leave two teams equal on everything
 * (same name) unordered; it makes the order independent of input order.
 */
export const byId: Comparator<RankKey> = (a, b) => a.id - b.id;

/** Keys on which equal teams share a position. */
export const positionChain: readonly Comparator<RankKey>[] = [byTotal, byJokerPoints, byAgeOrder];
/** The full listing order. */
export const rankingChain: readonly Comparator<RankKey>[] = [...positionChain, byName, byId];

/** Chains comparators: the first non-zero answer wins. */
export function chain<T>(comparators: readonly Comparator<T>[]): Comparator<T> {
  return (a, b) => {
    for (const cmp of comparators) {
      const r = cmp(a, b);
      if (r !== 0) return r;
    }
    return 0;
  };
}

/** The listing order; written out (not `chain(...)`) because it is the hot path of re-ranking. */
export const compareRanking: Comparator<RankKey> = (a, b) =>
  byTotal(a, b) || byJokerPoints(a, b) || byAgeOrder(a, b) || byName(a, b) || byId(a, b);

/** True when the two teams share a position (equal on the first three keys). */
export function samePosition(a: RankKey, b: RankKey): boolean {
  return byTotal(a, b) === 0 && byJokerPoints(a, b) === 0 && byAgeOrder(a, b) === 0;
}

/**
 * Positions for rows already in ranking order: 1, 2, 2, 4 on ties; guests get
 * null and are skipped when counting. A tie is judged against the previous
 * non-guest row, so a guest listed between two equal teams does not split them.
 */
export function assignPositions<T extends RankKey & { posizione: number | null }>(
  rows: readonly T[],
): void {
  let counted = 0;
  let prev: T | undefined;
  for (const row of rows) {
    if (row.ospite) {
      row.posizione = null;
      continue;
    }
    counted++;
    row.posizione = prev && samePosition(prev, row) ? prev.posizione : counted;
    prev = row;
  }
}

/** Sorts in place by the ranking chain and assigns positions. */
export function rankRows<T extends RankKey & { posizione: number | null }>(rows: T[]): T[] {
  rows.sort(compareRanking);
  assignPositions(rows);
  return rows;
}
