// The scores page as bench:web and bench:web:mobile drive it: opened in
// Chromium against the stand-in server (server.ts), fed live events one at a
// time, timed through the page's own user-timing marks
// (web/src/features/punteggi/perf.ts).
import type { Browser, Page } from 'playwright-core';
import type { ScoringEvent } from '@gas/scoring';
import { rng } from '../scoring/generate';
import type { BenchServer, BenchSession } from './server';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface Opened {
  page: Page;
  close(): Promise<void>;
  /**
   * Navigation → first rows painted: the server's first screen, the table
   * from the snapshot, or the live state, whichever came first (ms).
   */
  snapshot: number;
  /** Navigation → first table painted from the local engine (ms). */
  live: number;
  scripts: string[];
}

export type OpenOptions = {
  viewport?: { width: number; height: number };
  /** Chromium's CPU slowdown (4: Lighthouse's mid-range phone); 1 or absent: none. */
  cpuSlowdown?: number;
  /** Query string of the page (e.g. '?eventi=risposta-all'). */
  query?: string;
};

export async function openScores(
  browser: Browser,
  server: BenchServer,
  id: number,
  options: OpenOptions = {},
): Promise<Opened> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  const page = await context.newPage();
  if (options.cpuSlowdown && options.cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  }
  // Long tasks from the start, read by longTasks() below; the first row's
  // paint (Element Timing, web/src/features/punteggi/elenco/ElencoClassifica.tsx),
  // whether the server painted it or the app did.
  await page.addInitScript({
    content: `window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });
window.__primaRiga = Infinity;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.identifier === 'gas:prima-riga') window.__primaRiga = Math.min(window.__primaRiga, e.renderTime || e.loadTime);
  }
}).observe({ type: 'element', buffered: true });`,
  });
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${server.url}/sessione/${id}/punteggi/${options.query ?? ''}`);
  await page.waitForFunction(
    () => performance.getEntriesByName('gas:tabella:live').length > 0,
    null,
    { timeout: 120_000 },
  );
  const marks = await page.evaluate(() => {
    const live = performance.getEntriesByName('gas:tabella:live')[0]!.startTime;
    // The tabs render deferred (useDeferredValue): when the live state is
    // ready before the snapshot's render finished, React paints it instead,
    // and the first rows on screen are the live table's.
    const snapshot = performance.getEntriesByName('gas:tabella:snapshot')[0]?.startTime ?? live;
    return { snapshot: Math.min(snapshot, live), live };
  });
  // The phone's list may be on screen before either: painted by the server.
  const primaRiga = (await page.evaluate('window.__primaRiga')) as number | null;
  if (typeof primaRiga === 'number') marks.snapshot = Math.min(marks.snapshot, primaRiga);
  // The feed is open before the events load; wait for it anyway.
  for (let i = 0; i < 100 && server.sockets(id) === 0; i++) await page.waitForTimeout(50);
  return { page, close: () => context.close(), scripts, ...marks };
}

let nextId = 1_000_000;
const random = rng(42);

/** Sends live events one at a time, each after the previous one was painted. */
export async function liveEvents(
  o: Opened,
  server: BenchServer,
  session: BenchSession,
  count: number,
  lateMs: number,
): Promise<void> {
  const { squadre, problemi } = session.input;
  for (let i = 0; i < count; i++) {
    const before = await o.page.evaluate(() => performance.getEntriesByName('gas:npe').length);
    const event: ScoringEvent = {
      id: nextId++,
      k: 'r',
      s: squadre[Math.floor(random() * squadre.length)]!.id,
      p: problemi[Math.floor(random() * problemi.length)]!.id,
      c: random() < 0.6,
      d: new Date(Date.now() - lateMs).toISOString(),
    };
    if (server.send(session.id, { type: 'npe', ...event }) === 0) throw new Error('no live socket');
    await o.page.waitForFunction(
      (n) => performance.getEntriesByName('gas:npe').length > n,
      before,
      { timeout: 30_000 },
    );
    await o.page.waitForTimeout(60);
  }
}

/** The durations of the page's measures named `name`, from the `from`-th on. */
export function measures(page: Page, name: string, from: number): Promise<number[]> {
  return page.evaluate(
    ([n, f]) =>
      performance
        .getEntriesByName(n as string)
        .slice(f as number)
        .map((e) => e.duration),
    [name, from] as const,
  );
}

/** Long tasks (ms) that started at or after `since` (page time, ms). */
export async function longTasks(page: Page, since: number): Promise<number[]> {
  const all = (await page.evaluate('window.__longTasks')) as { start: number; duration: number }[];
  return all.filter((t) => t.start >= since).map((t) => t.duration);
}

/** The session moved to have started two hours ago, ending in one hour. */
export function running(id: number, input: BenchSession['input'], start: number): BenchSession {
  const inizio = Date.now() - 120 * 60_000;
  const shift = (d: string) => new Date(Date.parse(d) - start + inizio).toISOString();
  return {
    id,
    input: {
      ...input,
      inizio: shift(input.inizio),
      eventi: input.eventi.map((e) => ({ ...e, d: shift(e.d) })),
    },
    fine: new Date(inizio + 180 * 60_000).toISOString(),
    numeroQualificati: Math.ceil(input.squadre.length / 10),
  };
}
