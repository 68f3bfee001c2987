// The floor every scoring benchmark is measured against: sort the events (by
// delivery time, then id) and one pass over them doing only the per-event
// bookkeeping of solved/wrong flags. No scores, no ranking.
import { parseInstant, type ScoringInput } from '@gas/scoring';

export function floorPass(input: ScoringInput): number {
  const teams = new Map(input.squadre.map((t, i) => [t.id, i]));
  const problems = new Map(input.problemi.map((p, i) => [p.id, i]));
  const P = input.problemi.length;
  const rows = input.eventi.map((e) => ({ e, t: parseInstant(e.d) ?? NaN }));
  rows.sort((a, b) => a.t - b.t || a.e.id - b.e.id);
  const solved = new Uint8Array(input.squadre.length * P);
  const wrong = new Int32Array(input.squadre.length * P);
  let changed = 0;
  for (const { e } of rows) {
    const ti = teams.get(e.s);
    const pi = problems.get(e.p);
    if (ti === undefined || pi === undefined || e.k !== 'r') continue;
    const cell = ti * P + pi;
    if (solved[cell] === 1) continue;
    if (e.c) solved[cell] = 1;
    else wrong[cell]!++;
    changed++;
  }
  return changed;
}
