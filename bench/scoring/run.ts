// Scoring engine benchmarks (issue 3, item 8): `npm run -w @gas/bench bench:scoring`.
// Every figure is compared with its baseline measured in the same run. The
// measurements are interleaved in rounds (floor, full recompute, history, a
// slice of live events, late events), so that a load change on a shared
// machine hits all of them alike. Exits with status 1 when a target is missed.
import {
  computeLeaderboard,
  LiveScoring,
  parseInstant,
  scoreHistory,
  type ScoringEvent,
} from '@gas/scoring';
import { floorPass } from './floor';
import { generateSession } from './generate';
import { ms, summarize, type Timing } from './measure';

const ROUNDS = 25;
const WARMUP_ROUNDS = 3;
const LIVE_PER_ROUND = 40;
const LATE_PER_ROUND = 2;

const input = generateSession();
const { eventi, ...setup } = input;
const time = (e: ScoringEvent) => parseInstant(e.d)!;
const sorted = [...eventi].sort((a, b) => time(a) - time(b) || a.id - b.id);
console.log(
  `session: ${input.squadre.length} teams × ${input.problemi.length} problems, ${eventi.length} events`,
);

const timed = (samples: number[], fn: () => unknown) => {
  const t0 = performance.now();
  fn();
  samples.push(performance.now() - t0);
};

// The live state starts with all but the last ROUNDS × LIVE_PER_ROUND events;
// each round applies the next ones in order, one at a time, each followed by
// the full leaderboard (with the `new` flags).
const tail = sorted.splice(sorted.length - ROUNDS * LIVE_PER_ROUND);
const live = new LiveScoring(setup, sorted);
const s = {
  floor: [] as number[],
  full: [] as number[],
  history: [] as number[],
  live: [] as number[],
  rank: [] as number[],
  late: [] as number[],
};
let lateId = 10_000_000;
let redone = 0;
for (let round = 0; round < ROUNDS; round++) {
  const keep = round >= WARMUP_ROUNDS;
  const sink = (name: keyof typeof s) => (keep ? s[name] : []);
  timed(sink('floor'), () => floorPass(input));
  timed(sink('full'), () => computeLeaderboard(input));
  timed(sink('history'), () => scoreHistory(input, { stepMs: 60_000 }));
  for (const e of tail.slice(round * LIVE_PER_ROUND, (round + 1) * LIVE_PER_ROUND)) {
    timed(sink('live'), () => {
      if (live.apply(e) !== 'applied') throw new Error('expected an in-order event');
      live.leaderboard(e.d);
    });
    timed(sink('rank'), () => live.ranking());
  }
  // An event delivered 30 minutes before the latest one: undo the later
  // events, insert, redo, then the leaderboard. Removed again, untimed.
  const applied = live.eventList();
  const last = applied.at(-1)!;
  redone = applied.filter((x) => time(x) > time(last) - 30 * 60_000).length;
  for (let k = 0; k < LATE_PER_ROUND; k++, lateId++) {
    const e: ScoringEvent = {
      id: lateId,
      k: 'r',
      s: input.squadre[(lateId * 37) % input.squadre.length]!.id,
      p: input.problemi[(lateId * 7) % input.problemi.length]!.id,
      c: lateId % 2 === 0,
      d: new Date(time(last) - 30 * 60_000).toISOString(),
    };
    timed(sink('late'), () => {
      if (live.apply(e) !== 'inserted') throw new Error('expected a late event');
      live.leaderboard(last.d);
    });
    live.remove(e.id);
  }
}

// Sanity (untimed): the live state ends where the one-shot evaluation does.
const summary = (b: ReturnType<typeof computeLeaderboard>) =>
  JSON.stringify(b.classifica.map((e) => [e.id, e.totale, e.posizione]));
if (summary(live.leaderboard()) !== summary(computeLeaderboard(input))) {
  throw new Error('the live leaderboard differs from the full recompute');
}

const t = Object.fromEntries(Object.entries(s).map(([k, v]) => [k, summarize(v)])) as Record<
  keyof typeof s,
  Timing
>;
const rows: [string, Timing, Timing, string, number | null][] = [
  ['floor (sort + flags pass)', t.floor, t.floor, 'floor', null],
  ['full recompute', t.full, t.floor, 'floor', 3],
  ['live in-order event + leaderboard', t.live, t.full, 'full', 0.02],
  ['  (re-rank only, no entries)', t.rank, t.full, 'full', null],
  ['event 30 min late + leaderboard', t.late, t.full, 'full', 1],
  ['history, all teams, 1-min step', t.history, t.full, 'full', 5],
];
let failed = false;
console.log('');
console.log(
  'benchmark                              runs    median      mean       p95   ratio of medians (target)',
);
for (const [name, timing, base, baseName, max] of rows) {
  const ratio = timing.median / base.median;
  const ok = max === null || ratio <= max;
  if (!ok) failed = true;
  const target = max === null ? '' : ` (≤ ${max}) ${ok ? 'ok' : 'MISSED'}`;
  console.log(
    `${name.padEnd(36)} ${String(timing.runs).padStart(6)} ${ms(timing.median).padStart(9)} ${ms(timing.mean).padStart(9)} ${ms(timing.p95).padStart(9)}   ${ratio.toFixed(4)} × ${baseName}${target}`,
  );
}
console.log(`\nA late event undoes and redoes the ${redone} events of the last 30 minutes.`);
console.log(failed ? 'Some targets were missed.' : 'All targets met.');
process.exit(failed ? 1 : 0);
