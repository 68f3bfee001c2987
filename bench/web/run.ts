// Scores page benchmark (issue 7, item 7): `npm run -w @gas/bench bench:web`
// after `npm run -s build`. Headless Chromium opens the built page against a
// stand-in server (server.ts) with a generated 1,000-team × 40-problem
// session (40,000 answers) and measures:
// - first full table render: navigation → table painted from the local
//   engine (and, before it, from the server snapshot);
// - one live event: frame received → applied, re-ranked, rendered, painted;
// - the JavaScript the route loads (gzip) before and after the chart and map
//   tabs open.
// Baseline, measured in the same run: the same page on a 10-team session.
// Rounds alternate the two sessions so that load on this shared machine hits
// both alike. Exits with status 1 when a target is missed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { generateSession, START } from '../scoring/generate';
import { ms, summarize, type Timing } from '../scoring/measure';
import { CHROMIUM_ARGS, liveEvents, measures, openScores, running } from './pagina';
import { startServer } from './server';

const ROUNDS = Number(process.env.ROUNDS ?? 4);
/** BENCH_EVENTI=risposta-all: the answers loaded as before issue 18 (for the comparison). */
const EVENTI = process.env.BENCH_EVENTI === 'risposta-all' ? '?eventi=risposta-all' : '';
const EVENTS_PER_ROUND = 25;
const LATE_PER_ROUND = 3;
const FRAME_MS = 16;
const JS_BUDGET_KB = 350;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = process.env.WEB_DIST ?? path.join(root, 'web', 'dist');
const BIG = 1;
const SMALL = 2;

const big = running(BIG, generateSession(), START);
const small = running(SMALL, generateSession({ teams: 10, events: 400, seed: 7 }), START);
console.log(
  `sessions: ${big.input.squadre.length} teams × ${big.input.problemi.length} problems, ${big.input.eventi.length} events; baseline ${small.input.squadre.length} teams × ${small.input.problemi.length} problems, ${small.input.eventi.length} events`,
);

const server = await startServer(dist, [big, small]);
const browser: Browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

const open = (id: number) => openScores(browser, server, id, { query: EVENTI });

const s = {
  firstSmall: [] as number[],
  firstBig: [] as number[],
  snapSmall: [] as number[],
  snapBig: [] as number[],
  liveSmall: { total: [] as number[], js: [] as number[], paint: [] as number[] },
  liveBig: { total: [] as number[], js: [] as number[], paint: [] as number[] },
  late: { total: [] as number[], js: [] as number[], paint: [] as number[] },
};
let routeScripts: string[] = [];

for (let round = 0; round < ROUNDS; round++) {
  const keep = round > 0; // the first round warms up the server and the browser's disk cache
  for (const [id, session] of [
    [SMALL, small],
    [BIG, big],
  ] as const) {
    const o = await open(id);
    const isBig = id === BIG;
    if (keep) {
      (isBig ? s.firstBig : s.firstSmall).push(o.live);
      (isBig ? s.snapBig : s.snapSmall).push(o.snapshot);
    }
    if (isBig && routeScripts.length === 0) routeScripts = [...o.scripts];
    await liveEvents(o, server, session, EVENTS_PER_ROUND, 0);
    const bucket = isBig ? s.liveBig : s.liveSmall;
    if (keep) {
      bucket.total.push(...(await measures(o.page, 'gas:npe', 0)));
      bucket.js.push(...(await measures(o.page, 'gas:npe:js', 0)));
      bucket.paint.push(...(await measures(o.page, 'gas:npe:paint', 0)));
    }
    if (isBig && keep) {
      const from = EVENTS_PER_ROUND;
      await liveEvents(o, server, session, LATE_PER_ROUND, 30 * 60_000);
      s.late.total.push(...(await measures(o.page, 'gas:npe', from)));
      s.late.js.push(...(await measures(o.page, 'gas:npe:js', from)));
      s.late.paint.push(...(await measures(o.page, 'gas:npe:paint', from)));
    }
    await o.close();
  }
  console.log(`round ${round + 1}/${ROUNDS} done`);
}

// JavaScript of the route: what the table view loaded, then the chart and map tabs.
const gz = (files: string[]) =>
  files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0) / 1024;
const o = await open(BIG);
const initial = [...new Set(routeScripts)];
await o.page.getByRole('tab', { name: 'Grafico', exact: true }).click();
await o.page.locator('[data-testid="grafico-punteggi"] canvas').waitFor({ timeout: 60_000 });
const afterChart = [...new Set(o.scripts)];
await o.page.getByRole('tab', { name: 'Mappa', exact: true }).click();
await o.page.locator('.leaflet-container').waitFor({ timeout: 60_000 });
const afterMap = [...new Set(o.scripts)];
await o.close();
await browser.close();
await server.close();

const routeKb = gz(initial);
const chartKb = gz(afterChart.filter((f) => !initial.includes(f)));
const mapKb = gz(afterMap.filter((f) => !afterChart.includes(f)));

const row = (name: string, t: Timing, base?: Timing, target?: string) =>
  `${name.padEnd(44)}${String(t.runs).padStart(5)} ${ms(t.median).padStart(9)} ${ms(t.mean).padStart(9)} ${ms(t.p95).padStart(9)}   ${
    base ? `${(t.median / base.median).toFixed(2)} × baseline` : 'baseline'
  }${target ? `  ${target}` : ''}`;
const T = {
  firstSmall: summarize(s.firstSmall),
  firstBig: summarize(s.firstBig),
  snapSmall: summarize(s.snapSmall),
  snapBig: summarize(s.snapBig),
  liveSmall: summarize(s.liveSmall.total),
  liveBig: summarize(s.liveBig.total),
  jsSmall: summarize(s.liveSmall.js),
  jsBig: summarize(s.liveBig.js),
  paintSmall: summarize(s.liveSmall.paint),
  paintBig: summarize(s.liveBig.paint),
  lateTotal: summarize(s.late.total),
  lateJs: summarize(s.late.js),
  latePaint: summarize(s.late.paint),
};
const workSmall = summarize(s.liveSmall.js.map((x, i) => x + (s.liveSmall.paint[i] ?? 0)));
const workBig = summarize(s.liveBig.js.map((x, i) => x + (s.liveBig.paint[i] ?? 0)));
const workLate = summarize(s.late.js.map((x, i) => x + (s.late.paint[i] ?? 0)));
const liveOk = workBig.median <= FRAME_MS;
const jsOk = routeKb <= JS_BUDGET_KB;

console.log(`\n${'benchmark'.padEnd(44)} runs    median      mean       p95   ratio`);
console.log(row('first table, 10 teams (from engine)', T.firstSmall));
console.log(row('first table, 1,000 teams (from engine)', T.firstBig, T.firstSmall));
console.log(row('  first table from server snapshot, 10', T.snapSmall));
console.log(row('  first table from server snapshot, 1,000', T.snapBig, T.snapSmall));
console.log(row('live event work, 10 teams', workSmall));
console.log(
  row(
    'live event work, 1,000 teams',
    workBig,
    workSmall,
    `(≤ ${FRAME_MS} ms) ${liveOk ? 'ok' : 'MISSED'}`,
  ),
);
console.log(row('  of which apply + rank + render (JS)', T.jsBig, T.jsSmall));
console.log(row('  of which style + layout + paint', T.paintBig, T.paintSmall));
console.log(row('  received → painted (incl. vsync wait)', T.liveBig, T.liveSmall));
console.log(row('live event 30 min late, 1,000 teams (work)', workLate, workSmall));
console.log(row('  received → painted', T.lateTotal, T.liveSmall));
console.log(
  `\nJavaScript (gzip): scores route ${routeKb.toFixed(1)} kB (≤ ${JS_BUDGET_KB} kB) ${jsOk ? 'ok' : 'MISSED'}; ` +
    `chart tab +${chartKb.toFixed(1)} kB; map tab +${mapKb.toFixed(1)} kB (loaded when opened)`,
);
console.log(`route chunks: ${initial.map((f) => path.basename(f)).join(', ')}`);
console.log(liveOk && jsOk ? 'All targets met.' : 'Some targets missed.');
process.exit(liveOk && jsOk ? 0 : 1);
