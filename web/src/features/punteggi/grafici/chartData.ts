// Data of the charts, computed from leaderboard rows (pure, tested).
import type { LeaderboardEntry, ScoreHistory } from '@gas/scoring';
import { formatNumber } from '../../../lib/numbers';

/**
 * A team's total split for the stacked bar (spec §2): base score (the base
 * value B of each solved problem), difficulty score (what each solved
 * problem is worth above B, from the prize pool), and the rest (speed and
 * completion bonuses, errors, starting capital, penalty) so that the three
 * add up to the total. A joker doubles its problem's share.
 */
export interface ScoreSplit {
  id: number;
  nome: string;
  base: number;
  difficolta: number;
  altro: number;
  totale: number;
}

export function scoreSplit(
  rows: readonly Pick<LeaderboardEntry, 'id' | 'nome' | 'solved' | 'jolly' | 'totale'>[],
  problemi: readonly { id: number }[],
  valori: readonly number[],
  base: number,
): ScoreSplit[] {
  return rows.map((r) => {
    let b = 0;
    let d = 0;
    problemi.forEach((p, i) => {
      if (!r.solved[i]) return;
      const factor = r.jolly === p.id ? 2 : 1;
      b += base * factor;
      d += ((valori[i] ?? base) - base) * factor;
    });
    return {
      id: r.id,
      nome: r.nome,
      base: b,
      difficolta: d,
      altro: r.totale - b - d,
      totale: r.totale,
    };
  });
}

/** A round bin width giving about `target` bins over a range. */
export function niceStep(range: number, target = 20): number {
  if (!(range > 0)) return 1;
  const raw = range / target;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) {
    if (raw <= m * magnitude) return Math.max(1, m * magnitude);
  }
  return 10 * magnitude;
}

export interface Histogram {
  /** Lower bound of each bin; bin k is [from + k·width, from + (k+1)·width). */
  from: number;
  width: number;
  counts: number[];
  labels: string[];
}

/** Counts of values per bin of a round width. */
export function histogram(values: readonly number[], target = 20, width?: number): Histogram {
  if (values.length === 0) return { from: 0, width: 1, counts: [], labels: [] };
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const w = width ?? niceStep(max - min, target);
  const from = Math.floor(min / w) * w;
  const n = Math.max(1, Math.floor((max - from) / w) + 1);
  const counts = new Array<number>(n).fill(0);
  for (const v of values) counts[Math.min(n - 1, Math.floor((v - from) / w))]!++;
  const fmt = (x: number) => formatNumber(Math.round(x * 1000) / 1000);
  const labels = counts.map((_, k) => `${fmt(from + k * w)}–${fmt(from + (k + 1) * w)}`);
  return { from, width: w, counts, labels };
}

/** Teams whose line is drawn: all in small sessions, else the top 10 plus the highlighted ones. */
export function chartTeams(
  rows: readonly Pick<LeaderboardEntry, 'id'>[],
  highlighted: Iterable<number>,
  top = 10,
  allUpTo = 15,
): number[] {
  if (rows.length <= allUpTo) return rows.map((r) => r.id);
  const ids = rows.slice(0, top).map((r) => r.id);
  const known = new Set(rows.map((r) => r.id));
  for (const id of highlighted) if (known.has(id) && !ids.includes(id)) ids.push(id);
  return ids;
}

/**
 * The history up to `until` (replay): later samples dropped and, when given,
 * the totals at `until` itself appended (the replayed leaderboard's).
 */
export function historyUntil(
  history: ScoreHistory,
  until: number | null,
  totalsAtUntil?: ReadonlyMap<number, number>,
): ScoreHistory {
  if (until === null) return history;
  let k = 0;
  while (k < history.tempi.length && history.tempi[k]! <= until) k++;
  const tempi = history.tempi.slice(0, k);
  const squadre = history.squadre.map((s) => ({ id: s.id, punteggi: s.punteggi.slice(0, k) }));
  if (totalsAtUntil && tempi[k - 1] !== until) {
    tempi.push(until);
    for (const s of squadre) s.punteggi.push(totalsAtUntil.get(s.id) ?? s.punteggi[k - 1] ?? 0);
  }
  return { tempi, squadre };
}

/** Sampling step for a chart over a span: about 240 samples, at least 10 s. */
export function historyStep(spanMs: number): number {
  return Math.max(10_000, Math.ceil(spanMs / 240 / 1000) * 1000);
}
