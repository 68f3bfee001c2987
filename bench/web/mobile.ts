// The 1,000-team scores page on a modest phone (issue 29, item 3):
// `npm run -s build`, then `npm run -w @gas/bench bench:web:mobile`.
//
// The generated 1,000-team × 40-problem session with 40,000 answers
// (bench/scoring/generate.ts, as bench:web), running, on the stand-in server
// (server.ts), opened in Chromium at 360 × 740 px with the CPU slowed 4×
// (DevTools' `Emulation.setCPUThrottlingRate`, Lighthouse's mid-range
// phone). Baseline, in the same run and alternating with it: the same page at
// the same size with no slowdown. Figures, from the page's own marks
// (web/src/features/punteggi/perf.ts):
// - the ranking's first rows on screen: navigation → the first row painted,
//   by the server's first screen (the stand-in paints it with the server's
//   own code; BENCH_PRIMA_SCHERMATA=0 does not, for a comparison) or by the
//   app from the snapshot, whichever is first (target ≤ 2.5 s);
// - one live answer applied and painted: frame received → painted, median
//   (target ≤ 50 ms);
// - long tasks while the contest runs, after the page has loaded (target:
//   none over 200 ms).
// Exits 1 when a target is missed, 2 when the machine was too busy for a
// verdict (load average above the cores before a round).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { generateSession, START } from '../scoring/generate';
import { ms, summarize } from '../scoring/measure';
import { CHROMIUM_ARGS, liveEvents, longTasks, measures, openScores, running } from './pagina';
import { startServer } from './server';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const EVENTS_PER_ROUND = 20;
const SLOWDOWN = 4;
const VIEWPORT = { width: 360, height: 740 };
const TARGET = { firstRowsMs: 2_500, liveMs: 50, longTaskMs: 200 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = process.env.WEB_DIST ?? path.join(root, 'web', 'dist');

const session = running(1, generateSession(), START);
console.log(
  `bench:web:mobile: ${session.input.squadre.length} teams × ${session.input.problemi.length} problems, ${session.input.eventi.length} answers; ${VIEWPORT.width} × ${VIEWPORT.height} px; CPU ${SLOWDOWN}× slower vs none; ${ROUNDS} rounds (the first warms up); ${os.cpus().length} cores`,
);

const server = await startServer(dist, [session]);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

type Figures = { firstRows: number[]; live: number[]; longTasks: number[] };
const figures: Record<'phone' | 'bare', Figures> = {
  phone: { firstRows: [], live: [], longTasks: [] },
  bare: { firstRows: [], live: [], longTasks: [] },
};
let busy = false;

try {
  for (let round = 0; round < ROUNDS; round++) {
    const load = os.loadavg()[0]!;
    const keep = round > 0;
    if (keep && load > os.cpus().length) busy = true;
    for (const mode of ['bare', 'phone'] as const) {
      const o = await openScores(browser, server, session.id, {
        viewport: VIEWPORT,
        cpuSlowdown: mode === 'phone' ? SLOWDOWN : 1,
      });
      const loaded = await o.page.evaluate(() => performance.now());
      await liveEvents(o, server, session, EVENTS_PER_ROUND, 0);
      if (keep) {
        const f = figures[mode];
        f.firstRows.push(o.snapshot);
        f.live.push(...(await measures(o.page, 'gas:npe', 0)));
        f.longTasks.push(...(await longTasks(o.page, loaded)));
      }
      await o.close();
    }
    console.log(`round ${round + 1}/${ROUNDS} done (load average ${load.toFixed(2)})`);
  }
} finally {
  await browser.close();
  await server.close();
}

const first = {
  phone: summarize(figures.phone.firstRows),
  bare: summarize(figures.bare.firstRows),
};
const live = { phone: summarize(figures.phone.live), bare: summarize(figures.bare.live) };
const longest = (xs: number[]) => (xs.length === 0 ? 0 : Math.max(...xs));
const long = { phone: longest(figures.phone.longTasks), bare: longest(figures.bare.longTasks) };
const ok = {
  first: first.phone.median <= TARGET.firstRowsMs,
  live: live.phone.median <= TARGET.liveMs,
  long: long.phone <= TARGET.longTaskMs,
};
const verdict = (met: boolean) => (busy ? 'NO VERDICT' : met ? 'met' : 'MISSED');

console.log(
  `\n${'figure'.padEnd(40)}${'4× CPU'.padStart(12)}${'no slowdown'.padStart(14)}   ratio   target`,
);
console.log(
  `${'first rows on screen (median)'.padEnd(40)}${ms(first.phone.median).padStart(12)}${ms(first.bare.median).padStart(14)}   ${(first.phone.median / first.bare.median).toFixed(1)} ×   ≤ ${TARGET.firstRowsMs} ms ${verdict(ok.first)}`,
);
console.log(
  `${'live answer received → painted (median)'.padEnd(40)}${ms(live.phone.median).padStart(12)}${ms(live.bare.median).padStart(14)}   ${(live.phone.median / live.bare.median).toFixed(1)} ×   ≤ ${TARGET.liveMs} ms ${verdict(ok.live)}`,
);
console.log(
  `${'  p95'.padEnd(40)}${ms(live.phone.p95).padStart(12)}${ms(live.bare.p95).padStart(14)}`,
);
console.log(
  `${'longest task after load'.padEnd(40)}${ms(long.phone).padStart(12)}${ms(long.bare).padStart(14)}           ≤ ${TARGET.longTaskMs} ms ${verdict(ok.long)}`,
);
console.log(
  `${'  tasks over 50 ms after load'.padEnd(40)}${String(figures.phone.longTasks.length).padStart(12)}${String(figures.bare.longTasks.length).padStart(14)}`,
);
if (busy) {
  console.log('NO VERDICT: the machine was busy (load average above the cores before a round).');
  process.exit(2);
}
const all = ok.first && ok.live && ok.long;
console.log(all ? 'All targets met.' : 'Some targets missed.');
process.exit(all ? 0 : 1);
