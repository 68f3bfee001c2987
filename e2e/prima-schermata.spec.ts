// Public pages' first screen painted by the server (issue 29, item 3;
// server/src/plugins/prima-schermata.ts, web/src/shell/entry-server.tsx):
// the scores page's HTML already shows the session's title, its event, its
// status and, on a phone, its ranking (the commentary's, the results' and an
// event's page theirs), so a phone paints them before any script; the app
// then takes the page over without a second copy; what the anonymous public
// may not see is never painted.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { liveEventForTests, MINUTE } from './support/punteggi-api';
import { graficoDisegnato } from './support/grafici';

test.describe.configure({ mode: 'serial' });

const titolo = `Prova prima schermata <b>${Date.now()}</b>`;
const evento = liveEventForTests({
  titolo,
  teams: 3,
  problems: 2,
  qualificati: 1,
  startedAgoMs: 10 * MINUTE,
});
const sessione = `${titolo} - sessione`;

/** The HTML of the page's <main> as the server sends it. */
async function mainInviato(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  const html = await response.text();
  return html.slice(html.search(/<main\b/), html.indexOf('</main>'));
}

test('the HTML carries the title, the event and the status; names are escaped', async ({
  request,
}) => {
  const main = await mainInviato(request, `/sessione/${evento.live.sessioneId}/punteggi/`);
  expect(main).toContain('Prova prima schermata &lt;b&gt;');
  expect(main).not.toContain('<b>');
  expect(main).toContain(`href="/evento/${evento.live.eventoId}/"`);
  expect(main).toContain('L&#x27;evento è in corso e finirà');
  // Other pages, and the school's view, are sent as built: the loading page only.
  const scuola = await mainInviato(
    request,
    `/sessione/${evento.live.sessioneId}/punteggi/scuola/1/`,
  );
  expect(scuola).not.toContain('data-prima-schermata');
  expect(scuola).toContain('page-loading');
});

test('the commentary, the results and the event are painted too', async ({ request }) => {
  const { sessioneId, eventoId } = evento.live;
  const telecronaca = await mainInviato(request, `/sessione/${sessioneId}/punteggi/telecronaca/`);
  expect(telecronaca).toContain('Telecronaca · Prova prima schermata &lt;b&gt;');
  expect(telecronaca).toContain('data-testid="telecronaca"');
  const risultati = await mainInviato(request, `/sessione/${sessioneId}/risultati/`);
  expect(risultati).toContain('Risultati – Prova prima schermata &lt;b&gt;');
  // The results with their ranking: every team, in the full table.
  expect(risultati).toContain('Classifica completa');
  for (const squadra of evento.live.squadre) expect(risultati).toContain(squadra.nome);
  const pagina = await mainInviato(request, `/evento/${eventoId}/`);
  expect(pagina).toContain('<h1 class="mb-4">Prova prima schermata &lt;b&gt;');
  // The answers they were painted from travel with them, for the app's cache.
  const html = await (await request.get(`/evento/${eventoId}/`)).text();
  const dati = /<script type="application\/json" id="dati-prima-schermata">([^<]*)<\/script>/.exec(
    html,
  );
  expect(JSON.parse(dati![1]!)).toMatchObject({ evento: { id: eventoId, titolo } });
});

test('the event lists are painted with their events, each in its own list', async ({ request }) => {
  // A public event is not an official one: 'Eventi non ufficiali' lists it, 'Eventi' does not.
  const nonUfficiali = await mainInviato(request, '/eventi/non-ufficiali/');
  expect(nonUfficiali).toContain('Eventi non ufficiali');
  expect(nonUfficiali).toContain('Prova prima schermata &lt;b&gt;');
  expect(nonUfficiali).toContain(`href="/evento/${evento.live.eventoId}/"`);
  const ufficiali = await mainInviato(request, '/eventi/');
  expect(ufficiali).toContain('aria-label="Stagioni"');
  expect(ufficiali).not.toContain('Prova prima schermata');
});

test('home is painted with its news and sponsors, then taken over by the app', async ({
  request,
  page,
}) => {
  const sito = await (await request.get('/api/gas/sito/')).json();
  const sponsor = (await (await request.get('/api/gas/sponsor/')).json()).results;
  const main = await mainInviato(request, '/');
  expect(main).toContain('data-prima-schermata="/"');
  expect(main).not.toContain('page-loading');
  expect(main).toContain('Novità sulla prossima edizione');
  for (const notizia of sito.home.notizie) expect(main).toContain(notizia.titolo);
  for (const { name } of sponsor) {
    expect(main).toContain(`alt="${(name as string).replaceAll('&', '&amp;')}"`);
  }
  // The app takes it over: one heading, the same news, no copy left.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: sito.home.notizie[0].titolo })).toBeVisible();
});

test('without scripts the page already shows its first screen, the ranking on a phone', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/`);
  await expect(page.getByRole('heading', { level: 1, name: sessione })).toBeVisible();
  await expect(page.getByTestId('stato-evento')).toHaveText(/è in corso e finirà/);
  await expect(page.getByRole('link', { name: titolo })).toBeVisible();
  // The phone's list of the ranking, every team in it, from the session's snapshot.
  const list = page.getByTestId('elenco-classifica');
  await expect(list.locator('li.elenco-voce')).toHaveCount(evento.live.squadre.length);
  for (const squadra of evento.live.squadre) await expect(list).toContainText(squadra.nome);
  // A wider screen waits for the app's table: the painted list is hidden, not shown then replaced.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(list).toBeHidden();
  await expect(page.getByTestId('stato-evento')).toBeVisible();
  // Opened on another tab (a hash the server cannot see): the server painted
  // that tab too, and the hash shows it in the ranking's place, chosen in the
  // tabs' select, the page left at its top.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/#barre`);
  await expect(page.getByTestId('stato-evento')).toBeVisible();
  await expect(page.getByTestId('elenco-classifica')).toBeHidden();
  await expect(page.getByText(/^Il totale di ogni squadra diviso/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Scheda/ })).toHaveValue('barre');
  await expect(page.getByRole('button', { name: 'Punteggio base' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // A tab not painted (the map needs a browser) waits for the app; the head stays.
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/#mappa`);
  await expect(page.getByTestId('stato-evento')).toBeVisible();
  await expect(page.getByTestId('elenco-classifica')).toBeHidden();
  await expect(page.getByText(/^Il totale di ogni squadra diviso/)).toBeHidden();
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/#tabella`);
  await expect(page.getByTestId('elenco-classifica')).toBeVisible();
  await context.close();
});

test('opened on a chart or the ranking, nothing moves while the app takes over', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __spostamenti: number[] }).__spostamenti = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const spostamento = () =>
    page.evaluate(() =>
      (window as unknown as { __spostamenti: number[] }).__spostamenti.reduce((a, b) => a + b, 0),
    );
  // While the chart's code and the answers arrive, the tab keeps a chart's
  // room: the footer no longer comes up and goes down again (CLS 0.11 before).
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/#grafico`);
  await graficoDisegnato(page, 'grafico-punteggi');
  await page.waitForTimeout(500);
  expect(await spostamento()).toBeLessThan(0.01);
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/`);
  await expect(page.getByText('Squadra live 01')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await spostamento()).toBeLessThan(0.01);
});

test('the app takes the page over: one title, the ranking, no copy left', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/`);
  // At 360 px the ranking is the list (features/punteggi/elenco).
  await expect(page.getByText('Squadra live 01')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
  await expect(page.getByTestId('stato-evento')).toHaveCount(1);
  // Going elsewhere and back shows the page, not the server's old copy.
  await page.getByRole('link', { name: 'Telecronaca' }).click();
  await expect(page).toHaveURL(/telecronaca/);
  await page.goBack();
  await expect(page.getByText('Squadra live 01')).toBeVisible();
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
});

test('opened on a painted tab, the app takes over that tab: one copy, its chart once seen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/#barre`);
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
  await expect(page.locator('.scheda-dipinta')).toHaveCount(0);
  await expect(page.getByText(/^Il totale di ogni squadra diviso/)).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: /^Scheda/ })).toHaveValue('barre');
  // Below the fold on a phone: drawn once scrolled to.
  await graficoDisegnato(page, 'grafico-barre');
  // Another tab chosen from the select: the app's own tabs, as ever.
  await page.getByRole('combobox', { name: /^Scheda/ }).selectOption('tabella');
  await expect(page).toHaveURL(/#tabella$/);
  await expect(page.getByTestId('elenco-classifica')).toBeVisible();
});

/**
 * The scores page opened with the app's entry held back: the page stays the
 * server's HTML until the returned function lets the entry through.
 */
async function apriSenzaLApp(page: Page, larghezza: number): Promise<() => void> {
  let rilascia = () => {};
  const trattenuta = new Promise<void>((resolve) => (rilascia = resolve));
  await page.unrouteAll();
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await trattenuta;
    await route.continue();
  });
  await page.setViewportSize({ width: larghezza, height: 800 });
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/`);
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(1);
  return rilascia;
}

test('a tap on the painted page before the app is repeated once the app is there', async ({
  page,
}) => {
  let rilascia = await apriSenzaLApp(page, 1280);
  // A tab of the painted strip, then 'Eventi' in the navbar: the last tap is kept.
  await page.getByRole('tab', { name: 'Istogramma punteggi' }).click();
  await page.getByRole('button', { name: 'Eventi' }).click();
  // Not followed: '#' would have chosen the default tab.
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByRole('link', { name: 'Tutti gli eventi' })).toHaveCount(0);
  rilascia();
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Tutti gli eventi' })).toBeVisible();

  // On a phone: a tab chosen in the painted select.
  rilascia = await apriSenzaLApp(page, 360);
  await page.getByRole('combobox', { name: /^Scheda/ }).selectOption('barre');
  rilascia();
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
  await expect(page).toHaveURL(/#barre$/);
  await expect(page.getByText(/^Il totale di ogni squadra diviso/)).toBeVisible();
});

test('a painted page asks for the app only once it is on screen, then the app takes it over', async ({
  page,
}) => {
  // The entry script and the hints wait in an inert template until the
  // first paint (plugins/avvio-dopo-il-disegno.ts, web/src/shell/avvio.ts).
  await page.setViewportSize({ width: 360, height: 740 });
  const { sessioneId, eventoId } = evento.live;
  for (const [url, pronta] of [
    [`/sessione/${sessioneId}/punteggi/`, page.getByText('Squadra live 01')],
    [`/sessione/${sessioneId}/punteggi/telecronaca/`, page.getByText('Squadra live 01').first()],
    [`/sessione/${sessioneId}/risultati/`, page.getByRole('button', { name: 'Stampa' })],
    [`/evento/${eventoId}/`, page.getByRole('heading', { level: 1, name: titolo })],
    ['/eventi/non-ufficiali/', page.getByRole('heading', { level: 3, name: titolo })],
  ] as const) {
    await page.goto(url);
    await expect(pronta).toBeVisible();
    await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
    const { primoDisegno, app } = await page.evaluate(() => ({
      primoDisegno:
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      app: performance
        .getEntriesByType('resource')
        .filter(({ name }) => /\/assets\/index-[\w-]+\.js$/.test(name))
        .map(({ startTime }) => startTime),
    }));
    expect(app, url).toHaveLength(1);
    expect(app[0], url).toBeGreaterThanOrEqual(primoDisegno);
  }
});

test('the server copy is never drawn again: the app loads the page, then commits it', async ({
  page,
}) => {
  // Every insertion of the server's copy once the HTML is parsed. Before the
  // page's chunk was loaded ahead (shell/lazyPage.ts), React first drew the
  // copy again (the Suspense fallback) and replaced it a moment later: two
  // rebuilds of the whole page on a phone.
  await page.addInitScript(() => {
    const w = window as unknown as { __copie: number };
    w.__copie = 0;
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((list) => {
        for (const { addedNodes } of list) {
          for (const node of addedNodes) {
            if (!(node instanceof Element)) continue;
            if (node.matches('[data-prima-schermata]')) w.__copie++;
            w.__copie += node.querySelectorAll('[data-prima-schermata]').length;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
  });
  await page.setViewportSize({ width: 360, height: 740 });
  const { sessioneId, eventoId } = evento.live;
  for (const [url, pronta] of [
    [`/sessione/${sessioneId}/punteggi/`, page.getByText('Squadra live 01')],
    [`/sessione/${sessioneId}/risultati/`, page.getByRole('button', { name: 'Stampa' })],
    [`/evento/${eventoId}/`, page.getByRole('heading', { level: 1, name: titolo })],
  ] as const) {
    await page.goto(url);
    await expect(pronta).toBeVisible();
    await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __copie: number }).__copie)).toBe(0);
  }
});

test('the app hydrates the painted page: the server’s elements stay, then the viewer’s state shows', async ({
  page,
}) => {
  // Every element the server sent is marked before any script runs; the app
  // (shell/App.tsx, hydrateRoot) must keep them, not draw the page anew, and
  // report no difference between its first render and the server's.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      for (const element of document.querySelectorAll('#root *')) {
        (element as unknown as { __dalServer: boolean }).__dalServer = true;
      }
    });
  });
  const segnalazioni: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/errori/')) {
      segnalazioni.push(request.postData() ?? '');
    }
  });
  await page.setViewportSize({ width: 360, height: 740 });
  const { sessioneId, eventoId } = evento.live;
  const squadre = await (
    await page.request.get(`/api/gas/sessione/${sessioneId}/punteggi/`)
  ).json();
  const seguita = squadre.results[0].json.classifica.at(-1) as { id: number; nome: string };
  // A team followed on this device: the server cannot know it, the app shows it right after.
  await page.addInitScript(([chiave, id]) => localStorage.setItem(chiave, JSON.stringify([id])), [
    `gas:punteggi:seguite:${sessioneId}`,
    seguita.id,
  ] as const);
  const delServer = (selettore: string) =>
    page
      .locator(selettore)
      .first()
      .evaluate((e) => (e as unknown as { __dalServer?: boolean }).__dalServer === true);
  for (const [url, pronta, tenuti] of [
    [
      `/sessione/${sessioneId}/punteggi/`,
      page.getByRole('heading', { name: 'Squadre seguite' }),
      [
        'main h1',
        '[data-testid="elenco-classifica"] li',
        'nav[aria-label="Navigazione principale"]',
      ],
    ],
    [
      `/sessione/${sessioneId}/punteggi/#barre`,
      page.locator('#pannello-barre'),
      ['main h1', '[role="timer"]'],
    ],
    [`/sessione/${sessioneId}/punteggi/telecronaca/`, page.getByTestId('telecronaca'), ['main h1']],
    [
      `/sessione/${sessioneId}/risultati/`,
      page.getByRole('button', { name: 'Stampa' }),
      ['main h1', 'main table tbody tr'],
    ],
    [`/evento/${eventoId}/`, page.getByRole('heading', { level: 1, name: titolo }), ['main h1']],
    ['/', page.locator('main h1'), ['main h1', 'footer']],
  ] as const) {
    await page.goto(url);
    await expect(pronta).toBeVisible();
    await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
    await expect(page.locator('.scheda-dipinta')).toHaveCount(0);
    for (const selettore of tenuti)
      expect(await delServer(selettore), `${url} ${selettore}`).toBe(true);
  }
  expect(segnalazioni).toEqual([]);
});

test('a page chunk slow to come holds the app 3 s at most: the copy, then the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The scores page's chunk held 8 s, as on a bad network.
  await page.route(/\/assets\/PunteggiPage-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 8000));
    await route.continue();
  });
  const inizio = Date.now();
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/`, { waitUntil: 'commit' });
  // The app started without the chunk: its navbar is React's (the server's
  // HTML has no script, so its menu button opens nothing).
  const eventi = page.getByRole('button', { name: 'Eventi' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Apri o chiudi il menu' }).click();
    await expect(eventi).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 7000 });
  await eventi.click();
  await expect(page.getByRole('link', { name: 'Tutti gli eventi' })).toBeVisible();
  expect(Date.now() - inizio).toBeLessThan(7500);
  // Meanwhile the server's copy stayed on screen; then the page takes over.
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(1);
  await expect(page.getByText('Squadra live 01')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
});

test('the results: their ranking without scripts, then one table once the app takes over', async ({
  browser,
  page,
}) => {
  const url = `/sessione/${evento.live.sessioneId}/risultati/`;
  const table = (p: typeof page) => p.getByRole('table', { name: 'Classifica completa' });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
  });
  const noScripts = await context.newPage();
  await noScripts.goto(url);
  await expect(table(noScripts).locator('tbody tr')).toHaveCount(evento.live.squadre.length);
  await expect(noScripts.getByText('Classifica provvisoria')).toBeVisible();
  await noScripts.screenshot({ path: test.info().outputPath('risultati-senza-script-360.png') });
  await context.close();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(url);
  await expect(page.getByRole('button', { name: 'Stampa' })).toBeVisible();
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
  await expect(table(page)).toHaveCount(1);
  await expect(table(page).locator('tbody tr')).toHaveCount(evento.live.squadre.length);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('an event page taken over by the app, as its viewer sees it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/evento/${evento.live.eventoId}/`);
  await expect(page.getByRole('heading', { level: 1, name: titolo })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
});

test('a private event is no longer painted', async ({ request }) => {
  await evento.admin.patch(`/api/gas/evento/${evento.live.eventoId}/`, { tipologia: 'priv' });
  for (const url of [
    `/sessione/${evento.live.sessioneId}/punteggi/`,
    `/sessione/${evento.live.sessioneId}/punteggi/telecronaca/`,
    `/sessione/${evento.live.sessioneId}/risultati/`,
    `/evento/${evento.live.eventoId}/`,
  ]) {
    // Each painted page is kept for a second (one render serves every visitor).
    await expect
      .poll(async () => (await request.get(url)).text(), { message: url, timeout: 5_000 })
      .not.toContain('dati-prima-schermata');
    // (The link preview's tags keep the title a few seconds more: api/anteprima.)
    expect(await mainInviato(request, url), url).not.toContain('Prova prima schermata');
  }
  // An unknown session and an id past the database's range neither.
  for (const id of [2_147_483_646, 99_999_999_999]) {
    expect(await mainInviato(request, `/sessione/${id}/punteggi/`)).not.toContain(
      'data-prima-schermata',
    );
  }
});
