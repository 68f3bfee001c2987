// The event pages and the widgets as an anonymous visitor, against the demo
// server: blocks, cards, tiles, sessions, the live clock, the service worker.
import { expect, test, type Page } from '@playwright/test';
import { loadDemo, seasonOf, type Demo } from './support/demo';

let demo: Demo;
test.beforeAll(async ({ request }) => {
  demo = await loadDemo(request);
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('event pages', () => {
  test("eventi/: 'Eventi programmati' by start, 'Eventi passati', tiles and status", async ({
    page,
  }) => {
    await page.goto('/eventi/');
    const programmati = page.getByRole('region', { name: 'Eventi programmati' });
    const passati = page.getByRole('region', { name: 'Eventi passati' });
    const nazionale = programmati.getByRole('article', { name: demo.nazionale.titolo });
    await expect(nazionale).toContainText("L'evento non è ancora iniziato. Inizierà");
    await expect(nazionale).toContainText('e durerà 2 ore.');
    await expect(nazionale).toContainText('Iscrizioni:');
    await expect(nazionale).toContainText('Modifica squadre:');
    await expect(nazionale).toContainText('Scelta del jolly:');
    await expect(nazionale.getByTestId('tile-problemi')).toHaveAttribute('data-state', 'scheduled');
    await expect(nazionale.getByTestId('tile-problemi')).toContainText('Disponibile dal');
    await expect(nazionale.getByTestId('tile-pagina')).toHaveAttribute('href', '/regolamento/');
    await expect(nazionale.getByTestId('tile-poli')).toHaveAttribute(
      'href',
      `/lista-poli/${demo.nazionale.id}/`,
    );
    await expect(nazionale.getByTestId('tile-consegna')).toHaveCount(0);
    await expect(nazionale.getByTestId('tile-modifica')).toHaveCount(0);
    // Sessions only while running.
    await expect(nazionale.getByRole('link', { name: 'Punteggi' })).toHaveCount(0);

    const passato = passati.getByRole('article', { name: demo.passato.titolo });
    await expect(passato).toContainText("L'evento si è concluso");
    await expect(passato).toContainText('ed è durato 2 ore.');
    await expect(passato.getByTestId('tile-problemi')).toHaveAttribute('data-state', 'available');
    await expect(passato.getByTestId('tile-soluzioni')).toHaveAttribute('data-state', 'available');
    // The unofficial event is not among the official ones.
    await expect(page.getByText(demo.aperto.titolo)).toHaveCount(0);

    // The PDF tile downloads the file.
    const href = await passato.getByTestId('tile-problemi').getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });

  test('eventi/anno/{anno}/ lists the season; a past season hides the scheduled block', async ({
    page,
  }) => {
    const anno = seasonOf(demo.nazionale.inizio);
    await page.goto(`/eventi/anno/${anno}/`);
    await expect(h1(page)).toHaveText(`Eventi - Stagione ${anno - 1}-${anno}`);
    await expect(page.getByRole('article', { name: demo.nazionale.titolo })).toBeVisible();

    // The previous season: its final, among 'Eventi passati' only.
    const precedente = anno - 1;
    await page.goto(`/eventi/anno/${precedente}/`);
    await expect(h1(page)).toHaveText(`Eventi - Stagione ${precedente - 1}-${precedente}`);
    await expect(page.getByRole('heading', { name: 'Eventi programmati' })).toHaveCount(0);
    const passati = page.getByRole('region', { name: 'Eventi passati' });
    await expect(
      passati.getByRole('article', { name: `Finale nazionale a squadre ${precedente}` }),
    ).toBeVisible();
    await expect(page.getByText('Nessun evento programmato al momento.')).toHaveCount(0);
  });

  test('the menu lists the current season first, back to 2022-2023; an empty season says so', async ({
    page,
  }) => {
    const attuale = seasonOf(new Date().toISOString());
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
    // The app's navbar, not the frame index.html paints before it (whose menu does not open).
    await expect(nav.getByRole('link', { name: 'Evento corrente' })).toBeVisible();
    await nav.getByRole('button', { name: 'Eventi' }).click();
    const stagioni = nav.getByRole('link', { name: /^Stagione / });
    const attese = Array.from({ length: attuale - 2022 }, (_, i) => attuale - i).map(
      (anno) => `Stagione ${anno - 1}-${anno}`,
    );
    await expect(stagioni).toHaveText(attese);

    // The demo has events in this season and the two before, none earlier.
    const vuota = attuale - 3;
    await nav.getByRole('link', { name: `Stagione ${vuota - 1}-${vuota}` }).click();
    await expect(page).toHaveURL(`/eventi/anno/${vuota}/`);
    await expect(h1(page)).toHaveText(`Eventi - Stagione ${vuota - 1}-${vuota}`);
    await expect(page.getByText('Nessun evento programmato al momento.')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('eventi/non-ufficiali/ shows the public training event', async ({ page }) => {
    await page.goto('/eventi/non-ufficiali/');
    const programmati = page.getByRole('region', { name: 'Eventi programmati' });
    const aperto = programmati.getByRole('article', { name: demo.aperto.titolo });
    await expect(aperto.getByText('Pubblico', { exact: true })).toBeVisible();
    await expect(aperto.getByTestId('tile-problemi')).toHaveAttribute('data-state', 'missing');
    await expect(aperto.getByTestId('tile-problemi')).toContainText('non disponibile');
    await expect(page.getByText(demo.nazionale.titolo)).toHaveCount(0);
  });

  test("evento/{pk}/ lists sessions with teams, 'Segui' and the actions", async ({ page }) => {
    await page.goto(`/evento/${demo.passato.id}/`);
    await expect(h1(page)).toHaveText(demo.passato.titolo);
    for (const sessione of demo.passato.sessioni) {
      const card = page.getByTestId(`sessione-${sessione.id}`);
      await expect(card.getByRole('heading', { name: sessione.nome })).toBeVisible();
      await expect(card).toContainText('squadre iscritte');
      const segui = card.getByRole('link', { name: /^Segui/ });
      expect(await segui.count()).toBeGreaterThan(3);
      await expect(segui.first()).toHaveAttribute(
        'href',
        new RegExp(`^/sessione/${sessione.id}/punteggi/scuola/\\d+/$`),
      );
      await expect(card.getByRole('link', { name: 'Punteggi' })).toHaveAttribute(
        'href',
        `/sessione/${sessione.id}/punteggi/`,
      );
      // GAS_CHAT_URL of the server (e2e/playwright.config.ts).
      await expect(card.getByRole('link', { name: 'Chat' })).toHaveAttribute(
        'href',
        'https://chat.example.it/gas',
      );
      await expect(card.getByRole('link', { name: 'Orologio' })).toBeVisible();
      await expect(card.getByRole('link', { name: 'Consegna risposte' })).toHaveCount(0);
      await expect(card.getByRole('link', { name: 'Le tue squadre' })).toHaveCount(0);
    }
    // Team rows show name, school and city.
    const firstRow = page
      .getByTestId(`sessione-${demo.passato.sessioni[0]!.id}`)
      .locator('tbody tr')
      .first();
    await expect(firstRow.locator('td')).toHaveCount(4);
    for (const i of [0, 1, 2]) await expect(firstRow.locator('td').nth(i)).not.toBeEmpty();
  });
});

test.describe('widgets', () => {
  test("live clock: countdown before the start, 'L'evento è concluso!' after the end", async ({
    page,
  }) => {
    await page.goto(`/sessione/${demo.nazionale.sessioni[0]!.id}/orologio/`);
    await expect(page.getByText("All'inizio mancano")).toBeVisible();
    const timer = page.getByRole('timer');
    await expect(timer).toContainText('ore');
    const before = await page.getByTestId('ora-server').textContent();
    await expect(page.getByTestId('ora-server')).not.toHaveText(before!, { timeout: 3000 });
    await expect(page.getByText(/orologio del tuo computer/)).toHaveCount(0);

    await page.goto(`/sessione/${demo.passato.sessioni[0]!.id}/orologio/`);
    await expect(page.getByText("L'evento è concluso!")).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
  });

  test('the clock warns when the computer clock is off by more than 10 s', async ({ page }) => {
    await page.route('**/api/time/', async (route) => {
      const now = Date.now() + 60_000;
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ time: new Date(now).toISOString(), epoch_ms: now }),
      });
    });
    await page.goto(`/sessione/${demo.nazionale.sessioni[0]!.id}/orologio/`);
    await expect(page.getByText(/è indietro di (59|60|61) secondi/)).toBeVisible();
  });

  test('the service worker is registered at the root and receives the session id', async ({
    page,
  }) => {
    const sessione = demo.nazionale.sessioni[1]!.id;
    await page.goto(`/sessione/${sessione}/orologio/`);
    await expect(page.getByText("All'inizio mancano")).toBeVisible();
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      // Ask again until the page's message has arrived.
      for (let i = 0; i < 20; i++) {
        const answer = await new Promise<unknown>((resolve) => {
          navigator.serviceWorker.addEventListener(
            'message',
            (event) => resolve((event.data as { sessione: unknown }).sessione),
            { once: true },
          );
          registration.active!.postMessage({ type: 'sessione?' });
        });
        if (answer !== null) return { scope: registration.scope, answer };
        await new Promise((r) => setTimeout(r, 250));
      }
      return { scope: registration.scope, answer: null };
    });
    expect(new URL(state.scope).pathname).toBe('/');
    expect(state.answer).toBe(sessione);
  });
});
