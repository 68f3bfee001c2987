// The maps' background painted with the scores page (issue 29, item 3): a
// page opened on '#mappa' displays, before its app, the very tiles the map
// then shows, in the same places of the same frame, and no others; on
// another tab it displays none. Tiles cannot load here (the e2e config's
// MAP_TILE_URL is a closed port, where Chromium reports every such image as
// a failed request, displayed or not): their addresses and places are what
// is compared. With a real tile server a phone asks for the displayed ones
// alone (6 of 21 at 360 px, 15 at 1280: docs/performance.md).
import { expect, test, type Page } from '@playwright/test';
import { loadDemo } from './support/demo';

let sessione: number;
test.beforeAll(async ({ request }) => {
  sessione = (await loadDemo(request)).passato.sessioni[0]!.id;
});

type Posto = { src: string; x: number; y: number };

/** The tiles displayed in a frame, placed from its top-left corner. */
function tessereNellaCornice(page: Page, cornice: string, tessere: string): Promise<Posto[]> {
  return page.evaluate(
    ([cornice, tessere]) => {
      const box = document.querySelector(cornice)!.getBoundingClientRect();
      return [...document.querySelectorAll<HTMLImageElement>(tessere)]
        .filter((img) => getComputedStyle(img).display !== 'none')
        .map((img) => {
          const r = img.getBoundingClientRect();
          return { src: img.getAttribute('src')!, x: r.x - box.x, y: r.y - box.y };
        })
        .sort((a, b) => a.src.localeCompare(b.src));
    },
    [cornice, tessere] as const,
  );
}

for (const [larghezza, altezza] of [
  [360, 780],
  [1280, 900],
]) {
  test(`at ${larghezza} px '#mappa' paints the map's own tiles before the app, and only those`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: larghezza!, height: altezza! } });
    const url = `/sessione/${sessione}/punteggi/#mappa`;

    // Without the app: the page as the server painted it.
    const dipinta = await context.newPage();
    await dipinta.route('**/assets/*.js', (route) => route.abort());
    await dipinta.goto(url);
    const anteprima = dipinta.getByTestId('anteprima-mappa');
    await expect(anteprima).toBeVisible();
    await expect(anteprima).toHaveAttribute('aria-hidden', 'true');
    await expect(dipinta.getByText('© OpenStreetMap')).toBeVisible();
    const dipinte = await tessereNellaCornice(dipinta, '.anteprima-mappa', '.anteprima-mappa img');
    expect(dipinte.length).toBeGreaterThan(0);
    await dipinta.close();

    // With the app: the map in the same frame, the same tiles in the same places.
    const app = await context.newPage();
    await app.goto(url);
    await expect(app.locator('.leaflet-container')).toBeVisible();
    await expect(app.getByTestId('anteprima-mappa')).toHaveCount(0);
    await expect(app.locator('img.leaflet-tile').first()).toBeAttached();
    const mappa = await tessereNellaCornice(app, '.map-box', 'img.leaflet-tile');
    expect(mappa.map((t) => t.src)).toEqual(dipinte.map((t) => t.src));
    for (const [i, t] of mappa.entries()) {
      // Leaflet rounds the view's corner to a whole pixel: within one.
      expect(Math.abs(t.x - dipinte[i]!.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(t.y - dipinte[i]!.y)).toBeLessThanOrEqual(1);
    }
    await context.close();
  });
}

test('a page opened on another tab displays no tile, before the app or after', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  for (const hash of ['', '#grafico', '#messaggi']) {
    await page.goto(`/sessione/${sessione}/punteggi/${hash}`);
    await expect(page.getByTestId('anteprima-mappa')).toBeAttached();
    await expect(page.getByTestId('anteprima-mappa')).toBeHidden();
  }
  const app = await page.context().newPage();
  // The site's settings come painted with the page: the background reads them, never asks.
  const letture: string[] = [];
  app.on('request', (r) => letture.push(new URL(r.url()).pathname));
  await app.goto(`/sessione/${sessione}/punteggi/#grafico`);
  await expect(app.locator('html')).toHaveAttribute('data-app-avviata', '');
  await expect(app.getByRole('tab', { name: 'Grafico', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(app.getByTestId('anteprima-mappa')).toHaveCount(0);
  await expect(app.locator('.leaflet-container')).toHaveCount(0);
  expect(letture).toContain(`/api/gas/sessione/${sessione}/`);
  expect(letture).not.toContain('/api/gas/sito/');
});
