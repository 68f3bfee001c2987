// Real browsers in the storm (issue 18, item 4: "Chromium for a sample of
// them"). The client processes of storm.ts make the page's calls; these are
// the scores page itself, cold (a new browser context each: no cache, no
// service worker yet), in the system Chromium, opened at even moments of the
// storm and kept open to its end. Each reports when its table was on screen
// from the server snapshot and from the answers (the page's own performance
// marks), and at the end whether the rows it shows are the server's ranking:
// after a kill -9 of an instance this is the page's reconnection and catch-up
// through the proxy, as a person watching would see it. BENCH_CHROMIUM_TRACE=1
// prints every request the pages make (to compare with the client's calls).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { sleep } from '../live/procs';

type Riga = { id: number; posizione: number | null; totale: number };

export type EsitoChromium = {
  /** Navigation → table from the server snapshot (ms), NaN when never shown. */
  snapshot: number;
  /** Navigation → table built from every answer (ms), NaN when never shown. */
  live: number;
  /** The rows on screen at the end are the server's, in its order. */
  esatta: boolean;
  /** The page warned at some moment that the connection was lost. */
  disconnessa: boolean;
  errore: string | null;
};

/** The browser and its pages, driven in the process of chromium-figlio.ts. */
export class CampioneChromium {
  private readonly pagine: {
    context: BrowserContext;
    page: Page;
    esito: Promise<EsitoChromium>;
  }[] = [];

  private constructor(
    private readonly browser: Browser,
    private readonly dir: string,
  ) {}

  static async avvia(): Promise<CampioneChromium> {
    // The viewers' browsers are not on the server's machine on a contest day;
    // here they share its two cores, so they run at a lower priority
    // (through a wrapper: Playwright starts the executable itself), so as not
    // to starve the instances they are measuring. Their times are therefore
    // upper bounds of what a viewer's own device would take.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gas-chromium-'));
    const wrapper = path.join(dir, 'chromium');
    writeFileSync(
      wrapper,
      `#!/bin/sh\nexec nice -n 19 ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} "$@"\n`,
      { mode: 0o755 },
    );
    const browser = await chromium.launch({
      executablePath: wrapper,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    return new CampioneChromium(browser, dir);
  }

  /** Opens one cold scores page; its load is measured in the background. */
  async apri(base: string, sessioneId: number): Promise<void> {
    const context = await this.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
    });
    // Remembers whether the page ever warned that the connection was lost
    // (spec §4), which is how a viewer of the killed instance sees the failover.
    // (Scripts as text: they run in the page, whose DOM types this package does not load.)
    await context.addInitScript(`
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="connessione-persa"]')) window.gasDisconnessa = true;
      }).observe(document, { subtree: true, childList: true });
    `);
    const page = await context.newPage();
    if (process.env.BENCH_CHROMIUM_TRACE) {
      page.on('requestfinished', (r) => {
        const t = r.timing();
        console.log(
          `chromium ${r.method()} ${r.url().replace(base, '')} ${(t.responseEnd - t.requestStart).toFixed(0)} ms`,
        );
      });
    }
    const esito = (async (): Promise<EsitoChromium> => {
      try {
        await page.goto(`${base}/sessione/${sessioneId}/punteggi/`, { timeout: 120_000 });
        await page.waitForFunction(
          () => performance.getEntriesByName('gas:tabella:live').length > 0,
          null,
          { timeout: 120_000, polling: 200 },
        );
        const marks = await page.evaluate(() => ({
          snapshot: performance.getEntriesByName('gas:tabella:snapshot')[0]?.startTime ?? NaN,
          live: performance.getEntriesByName('gas:tabella:live')[0]!.startTime,
        }));
        return { ...marks, esatta: false, disconnessa: false, errore: null };
      } catch (e) {
        return {
          snapshot: NaN,
          live: NaN,
          esatta: false,
          disconnessa: false,
          errore: (e as Error).message.split('\n')[0]!,
        };
      }
    })();
    this.pagine.push({ context, page, esito });
  }

  /**
   * Waits for every page's load, then compares each page's rows with the
   * server's ranking, read fresh, polling up to `entroMs`: the last live
   * frames may still be on their way.
   */
  async verifica(base: string, sessioneId: number, entroMs: number): Promise<EsitoChromium[]> {
    const esiti = await Promise.all(this.pagine.map((p) => p.esito));
    const fine = Date.now() + entroMs;
    const aperte = this.pagine.map((p, i) => ({ ...p, esito: esiti[i]! }));
    for (;;) {
      const server = await classificaServer(base, sessioneId);
      const perId = new Map(server.map((r, i) => [r.id, { ...r, ordine: i }]));
      for (const p of aperte) {
        if (p.esito.errore !== null || p.esito.esatta) continue;
        const righe = await righeMostrate(p.page).catch(() => []);
        p.esito.disconnessa = await p.page
          .evaluate<boolean>('window.gasDisconnessa === true')
          .catch(() => false);
        p.esito.esatta = righe.length > 0 && coincide(righe, perId);
      }
      if (aperte.every((p) => p.esito.esatta || p.esito.errore !== null) || Date.now() > fine) {
        return aperte.map((p) => p.esito);
      }
      await sleep(1000);
    }
  }

  async chiudi(): Promise<void> {
    for (const p of this.pagine) await p.context.close().catch(() => undefined);
    await this.browser.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The server's ranking now, from its snapshot (as the e2e tests compare pages). */
async function classificaServer(base: string, sessioneId: number): Promise<Riga[]> {
  const res = await fetch(`${base}/api/gas/sessione/${sessioneId}/punteggi/`).catch(() => null);
  if (!res?.ok) return [];
  const page = (await res.json()) as { results: { json: { classifica: Riga[] } }[] };
  return page.results[0]?.json.classifica ?? [];
}

/** The rendered rows (the table is virtualised: those on screen), in display order. */
function righeMostrate(page: Page): Promise<Riga[]> {
  return page.evaluate<Riga[]>(`
    [...document.querySelectorAll('.score-table tbody tr[data-squadra]')].map((row) => {
      const cells = row.querySelectorAll('td');
      const pos = cells[0]?.textContent?.trim() ?? '';
      return {
        id: Number(row.dataset.squadra),
        posizione: /^\\d+$/.test(pos) ? Number(pos) : null,
        totale: Number(cells[1]?.textContent?.trim()),
      };
    })
  `);
}

/** Every row shown has the server's position and total, and they follow the server's order. */
function coincide(righe: Riga[], server: Map<number, Riga & { ordine: number }>): boolean {
  let prima = -1;
  for (const r of righe) {
    const s = server.get(r.id);
    if (!s || s.posizione !== r.posizione || s.totale !== r.totale || s.ordine <= prima) {
      return false;
    }
    prima = s.ordine;
  }
  return true;
}
