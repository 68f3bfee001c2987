// The school widget (issue 28) framed by a school's website on another origin:
// it shows the school's teams with their places and scores, follows an answer
// submitted meanwhile without a reload, loads at most 60 kB of compressed
// script, and says only 'Classifica non disponibile' once the event is private.
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  answer,
  apiAs,
  createLiveEvent,
  MINUTE,
  retireEvent,
  type Api,
  type LiveEvent,
} from './support/punteggi-api';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/axe';

test.describe.configure({ mode: 'serial' });

const SITO_SCUOLA = 'https://scuola.example/';
const titolo = `Prova widget ${Date.now()}`;
let admin: Api;
let live: LiveEvent;
let scuola: { id: number; nome: string };
let altra: number;

/** Two schools of the demo data (the first session that has two). */
async function dueScuole(api: Api): Promise<[{ id: number; nome: string }, number]> {
  const sessioni = await api.get<{ results: { id: number }[] }>('/api/gas/sessione/?page_size=50');
  for (const s of sessioni.results) {
    const { results } = await api.get<{ results: { id: number; nome: string }[] }>(
      `/api/gas/sessione/${s.id}/scuole/?page_size=5`,
    );
    if (results.length >= 2) return [results[0]!, results[1]!.id];
  }
  throw new Error('nessuna sessione demo con due scuole');
}

test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL!, 'admin');
  [scuola, altra] = await dueScuole(admin);
  live = await createLiveEvent(admin, {
    titolo,
    teams: 4,
    problems: 4,
    qualificati: 2,
    startedAgoMs: 30 * MINUTE,
    // Teams 1 and 3 of the school, 2 of another, 4 of none.
    scuole: [scuola.id, altra, scuola.id, null],
  });
});

test.afterAll(async () => {
  if (live) await retireEvent(admin, live.eventoId);
  await admin?.dispose();
});

/**
 * The <iframe> code the school's scores page offers ('Incorpora nel sito
 * della scuola'), as a school's webmaster copies it.
 */
async function codiceDaCopiare(browser: Browser, baseURL: string): Promise<string> {
  // A browser of its own: the widget's visitor has none of the app's scripts cached.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/sessione/${live.sessioneId}/punteggi/scuola/${scuola.id}/`);
  const box = page.getByRole('region', { name: 'Incorpora nel sito della scuola' });
  await expect(box.getByRole('button', { name: 'Copia il codice' })).toBeVisible();
  const codice = await box.getByRole('textbox').inputValue();
  await context.close();
  return codice;
}

/** The school's page on its own origin, with the widget's iframe. */
async function apriSitoScuola(page: Page, iframe: string) {
  await page.route(`${SITO_SCUOLA}**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Liceo</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:serif;margin:16px"><h1>Il liceo alla gara a squadre</h1>
${iframe}
</body></html>`,
    }),
  );
  // The test's server is on this machine and the school's site is not: Chromium
  // asks before a public page reaches the local network (a real school's site
  // and the real server are both public).
  await page.context().grantPermissions(['local-network-access'], { origin: SITO_SCUOLA });
  await page.goto(SITO_SCUOLA);
  return page.frameLocator('iframe');
}

test('framed by another site, it shows the school and follows a live answer', async ({
  page,
  browser,
  baseURL,
}) => {
  const iframe = await codiceDaCopiare(browser, baseURL!);
  expect(iframe).toContain(
    `src="${baseURL}/widget/sessione/${live.sessioneId}/scuola/${scuola.id}/"`,
  );
  // Every script the widget's page receives from the app, as sent (compressed).
  const scripts: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().startsWith(baseURL!) && request.resourceType() === 'script') {
      scripts.push(request.sizes().then((s) => s.responseBodySize));
    }
  });
  const widget = await apriSitoScuola(page, iframe);
  const [a, , c] = live.squadre;
  await expect(widget.getByRole('heading', { level: 1 })).toHaveText(scuola.nome);
  await expect(widget.getByText(`${titolo} - sessione`)).toBeVisible();
  const righe = widget.locator('tbody tr');
  await expect(righe).toHaveCount(2);
  await expect(righe.locator('th')).toHaveText([a!.nome, c!.nome]);
  const riga = widget.locator(`tr[data-squadra="${a!.id}"]`);
  const prima = Number(await riga.locator('.w-totale').textContent());

  expect(scripts.length).toBeGreaterThan(0);
  const totale = (await Promise.all(scripts)).reduce((x, y) => x + y, 0);
  test.info().annotations.push({ type: 'script del widget', description: `${totale} B` });
  expect(totale, 'byte di script compressi del widget').toBeLessThanOrEqual(60_000);

  // A marker in the framed page: gone if it reloaded.
  const frame = page.frames().find((f) => f.url().includes('/widget/'))!;
  await frame.evaluate(() => ((window as unknown as { marca: number }).marca = 1));

  await answer(admin, {
    squadra: a!.id,
    problema: live.problemi[0]!.id,
    valore: String(live.problemi[0]!.soluzione),
  });
  await expect(riga.locator('.w-totale')).not.toHaveText(String(prima));
  const dopo = Number(await riga.locator('.w-totale').textContent());
  expect(dopo).toBeGreaterThan(prima);
  await expect(riga.locator('.w-cambio')).toHaveText(
    `+${dopo - prima} al problema ${live.problemi[0]!.nome}, adesso`,
  );
  await expect(riga.locator('.w-pos')).toHaveText('1');
  expect(await frame.evaluate(() => (window as unknown as { marca?: number }).marca)).toBe(1);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 480 });
    await page.screenshot({ path: `test-results/widget-${width}.png` });
  }
});

test('the widget alone: accessible, and no horizontal scrolling at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(`/widget/sessione/${live.sessioneId}/scuola/${scuola.id}/`);
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});

test('a private event: the widget shows nothing but its notice', async ({ page, baseURL }) => {
  await admin.patch(`/api/gas/evento/${live.eventoId}/`, { tipologia: 'priv' });
  const src = `${baseURL}/widget/sessione/${live.sessioneId}/scuola/${scuola.id}/`;
  const widget = await apriSitoScuola(page, `<iframe src="${src}" title="Classifica"></iframe>`);
  await expect(widget.locator('#widget')).toHaveText('Classifica non disponibile');
  await expect(widget.locator('table')).toHaveCount(0);
});
