// Scoring engine benchmarks (issue 3, item 8): `npm run -w @gas/bench bench:scoring`.
// Each figure is compared with the floor measured in the same run; the
// process exits with status 1 when a target is missed.
import {
  computeLeaderboard,
  LiveScoring,
  parseInstant,
  scoreHistory,
  type ScoringEvent,
} from '@gas/scoring';
import { floorPass } from './floor';
import { generateSession } from './generate';
import { measure, ms, summarize, type Timing } from './measure';

const input = generateSession();
const { eventi, ...setup } = input;
const time = (e: ScoringEvent) => parseInstant(e.d)!;
const sorted = [...eventi].sort((a, b) => time(a) - time(b) || a.id - b.id);
console.log(
  `session: ${input.squadre.length} teams × ${input.problemi.length} problems, ${eventi.length} events`,
);

const floor = measure(() => floorPass(input), 30, 5);
const full = measure(() => computeLeaderboard(input), 30, 5);

// One in-order live event applied and re-ranked (the full leaderboard, with the
// `new` flags), for each of the last 1,000 events of the session.
const LIVE_TAIL = 1000;
const live = new LiveScoring(setup, sorted.slice(0, sorted.length - LIVE_TAIL));
const liveSamples: number[] = [];
const rankSamples: number[] = [];
for (const e of sorted.slice(sorted.length - LIVE_TAIL)) {
  const t0 = performance.now();
  if (live.apply(e) !== 'applied') throw new Error('expected an in-order event');
  live.leaderboard(e.d);
  liveSamples.push(performance.now() - t0);
  const t1 = performance.now();
  live.ranking();
  rankSamples.push(performance.now() - t1);
}
const inOrder = summarize(liveSamples.slice(100));
const rankOnly = summarize(rankSamples.slice(100));

// One event arriving 30 minutes late on the complete session: applied (undo
// the later events, insert, redo), then the leaderboard. Removed untimed.
const lastT = time(sorted[sorted.length - 1]!);
const lateD = new Date(lastT - 30 * 60_000).toISOString();
const lateSamples: number[] = [];
for (let k = 0; k < 40; k++) {
  const e: ScoringEvent = {
    id: 10_000_000 + k,
    k: 'r',
    s: input.squadre[(k * 37) % input.squadre.length]!.id,
    p: input.problemi[(k * 7) % input.problemi.length]!.id,
    c: k % 2 === 0,
    d: lateD,
  };
  const t0 = performance.now();
  if (live.apply(e) !== 'inserted') throw new Error('expected a late event');
  live.leaderboard(e.d);
  lateSamples.push(performance.now() - t0);
  live.remove(e.id);
}
const late = summarize(lateSamples.slice(5));

const history = measure(() => scoreHistory(input, { stepMs: 60_000 }), 10, 2);

interface Row {
  name: string;
  t: Timing;
  base: Timing;
  baseName: string;
  max: number | null;
}
const rows: Row[] = [
  { name: 'floor (sort + flags pass)', t: floor, base: floor, baseName: 'floor', max: null },
  { name: 'full recompute', t: full, base: floor, baseName: 'floor', max: 3 },
  { name: 'live in-order event + leaderboard', t: inOrder, base: full, baseName: 'full', max: 0.02 },
  { name: '  (re-rank only, no entries)', t: rankOnly, base: full, baseName: 'full', max: null },
  { name: 'event 30 min late + leaderboard', t: late, base: full, baseName: 'full', max: 1 },
  { name: 'history, all teams, 1-min step', t: history, base: full, baseName: 'full', max: 5 },
];
let failed = false;
console.log('');
console.log('benchmark                              median      mean       p95   ratio (target)');
for (const r of rows) {
  const ratio = r.t.median / r.base.median;
  const ok = r.max === null || ratio <= r.max;
  if (!ok) failed = true;
  const target = r.max === null ? '' : ` (≤ ${r.max} × ${r.baseName}) ${ok ? 'ok' : 'MISSED'}`;
  console.log(
    `${r.name.padEnd(36)} ${ms(r.t.median).padStart(9)} ${ms(r.t.mean).padStart(9)} ${ms(r.t.p95).padStart(9)}   ${ratio.toFixed(4)} × ${r.baseName}${target}`,
  );
}
console.log(failed ? '\nSome targets were missed.' : '\nAll targets met.');
process.exit(failed ? 1 : 0);
