// The hints a public page carries in its index.html (issue 29,
// server/src/plugins/anticipi.ts) are the page's own first reads: each
// announced address is fetched once (the page's fetch takes the preloaded
// answer) and Chromium never warns of a preload left unused.
import { expect, test, type Page } from '@playwright/test';
import { loadDemo, type Demo } from './support/demo';

let demo: Demo;
test.beforeAll(async ({ request }) => {
  demo = await loadDemo(request);
});

/** Opens `url` and returns the hinted addresses, how often each was requested, and the warnings. */
async function apri(page: Page, url: string, pronta: () => Promise<void>) {
  const richieste = new Map<string, number>();
  const avvisi: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    const chiave = `${u.pathname}${u.search}`;
    richieste.set(chiave, (richieste.get(chiave) ?? 0) + 1);
  });
  page.on('console', (m) => {
    if (/preload/i.test(m.text())) avvisi.push(m.text());
  });
  const response = await page.goto(url);
  const html = (await response!.text()) ?? '';
  // The server's hints (plugins/anticipi.ts): data, styles and chunks.
  const annunciati = [
    ...html.matchAll(
      /<link rel="(?:preload" as="(?:fetch|style)"|modulepreload")[^>]*href="([^"]+)"/g,
    ),
  ].map((m) => m[1]!);
  await pronta();
  // Chromium warns a few seconds after load about preloads nobody used.
  await page.waitForTimeout(3_500);
  return { annunciati, richieste, avvisi };
}

test('home, event list, scores page and results: every hint used once, no warning', async ({
  page,
}) => {
  const sessione = demo.passato.sessioni[0]!.id;
  const pagine: [string, () => Promise<void>][] = [
    ['/', () => expect(page.getByRole('heading', { name: 'I nostri sponsor' })).toBeVisible()],
    ['/eventi/', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
    [
      `/sessione/${sessione}/punteggi/`,
      () => expect(page.getByRole('tab', { name: 'Classifica', exact: true })).toBeVisible(),
    ],
    [
      `/sessione/${sessione}/risultati/`,
      () => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
    ],
  ];
  for (const [url, pronta] of pagine) {
    const { annunciati, richieste, avvisi } = await apri(page, url, pronta);
    const dati = annunciati.filter((h) => h.startsWith('/api/'));
    expect(dati.length, url).toBeGreaterThan(0);
    // An official session's page names its event's messages (the server looked the event up).
    if (url.includes('/punteggi/')) {
      expect(dati).toContain(`/api/gas/messaggi-importanti/?evento=${demo.passato.id}`);
    }
    for (const href of annunciati) expect(richieste.get(href), `${url}: ${href}`).toBe(1);
    expect(avvisi, url).toEqual([]);
  }
});
