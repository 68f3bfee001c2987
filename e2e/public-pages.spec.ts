// The shell and the content pages of issue 6 as an anonymous visitor,
// against the demo server: the spec's texts, links and redirects (the event
// pages and widgets are in public-events.spec.ts).
import { expect, test, type Page } from '@playwright/test';
import { loadDemo, seasonOf, type Demo } from './support/demo';

let demo: Demo;
test.beforeAll(async ({ request }) => {
  demo = await loadDemo(request);
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigazione principale' });

test.describe('shell', () => {
  test('navbar: Evento corrente, Eventi menu, content links, Accedi with next', async ({
    page,
  }) => {
    await page.goto('/regolamento/#anno-2025');
    const bar = nav(page);
    await expect(bar.getByRole('link', { name: 'Evento corrente' })).toHaveAttribute(
      'href',
      `/evento/${demo.nazionale.id}/`,
    );
    await expect(bar.getByRole('link', { name: 'Accedi' })).toHaveAttribute(
      'href',
      `/accounts/login/?next=${encodeURIComponent('/regolamento/#anno-2025')}`,
    );
    await bar.getByRole('button', { name: 'Eventi' }).click();
    const items = bar.locator('.dropdown-menu.show a');
    // The current season first (from today), back to 2022-2023.
    const attuale = seasonOf(new Date().toISOString());
    const stagioni = Array.from({ length: attuale - 2022 }, (_, i) => attuale - i);
    await expect(items).toHaveText([
      'Tutti gli eventi',
      ...stagioni.map((anno) => `Stagione ${anno - 1}-${anno}`),
      'Eventi non ufficiali',
    ]);
    await items.filter({ hasText: 'Eventi non ufficiali' }).click();
    await expect(page).toHaveURL(/\/eventi\/non-ufficiali\/$/);
    await expect(h1(page)).toHaveText('Eventi non ufficiali');

    for (const [name, path, title] of [
      ["Albo d'oro", '/albo-d-oro/', "Albo d'oro"],
      ['Regolamento', '/regolamento/', 'Regolamento'],
      ['Sponsor', '/sponsor/', 'Sponsor'],
      ['Chi siamo', '/about-us/', 'Chi siamo'],
      ['Evento corrente', `/evento/${demo.nazionale.id}/`, demo.nazionale.titolo],
    ] as const) {
      await bar.getByRole('link', { name }).click();
      await expect(page).toHaveURL(path);
      await expect(h1(page)).toHaveText(title);
    }
    await page.getByRole('link', { name: 'Cookie policy' }).click();
    await expect(h1(page)).toHaveText('Cookie policy');
  });

  test('redirects /#/about-us/ to /about-us/', async ({ page }) => {
    await page.goto('/#/about-us/');
    await expect(page).toHaveURL('/about-us/');
    await expect(h1(page)).toHaveText('Chi siamo');
  });

  test("404 page, 'loginerror/' code and login-only pages", async ({ page }) => {
    await page.goto('/pagina/inesistente/');
    await expect(h1(page)).toHaveText('Error 404');
    await expect(page.getByText('Nessun risultato per /pagina/inesistente/')).toBeVisible();

    await page.goto('/loginerror/?code=E42');
    await expect(page.getByText('E42')).toBeVisible();

    for (const path of [
      `/sessione/${demo.nazionale.sessioni[0]!.id}/consegna-risposte/#riga`,
      `/evento/${demo.nazionale.id}/consegna-risposte/`,
      '/accounts/password/',
      `/sessione/${demo.nazionale.sessioni[0]!.id}/le-tue-squadre/`,
    ]) {
      await page.goto(path);
      await expect(h1(page)).toHaveText('Accedi');
      const url = new URL(page.url());
      expect(url.pathname).toBe('/accounts/login/');
      expect(url.searchParams.get('next')).toBe(path);
    }
  });

  test("an unknown event shows '404: Oggetto non trovato'", async ({ page }) => {
    await page.goto('/evento/987654/');
    await expect(h1(page)).toHaveText('404: Oggetto non trovato');
  });

  test("a throttled call shows the 'Calma' toast, the loader error and 'Riprova'", async ({
    page,
  }) => {
    await page.route('**/api/gas/sito/', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Richiesta limitata.' }),
      }),
    );
    await page.goto('/regolamento/');
    const toast = page.locator('.toast').filter({ hasText: 'Calma' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(
      'Stai refreshando la pagina troppo spesso, la richiesta è stata limitata.',
    );
    await expect(toast).toContainText(/Adesso|secondi fa/);
    await expect(page.getByText('Errore nel caricamento')).toBeVisible();
    await page.unroute('**/api/gas/sito/');
    await page.getByRole('button', { name: 'Riprova' }).click();
    await expect(page.getByRole('link', { name: 'Regolamento 2026' })).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 12_000 });
  });

  test('the loading bar shows while a request is pending', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/gas/sponsor/', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/sponsor/');
    const bar = page.getByTestId('loading-bar');
    await expect(bar).toHaveAttribute('data-busy', 'true');
    expect(await bar.evaluate((el) => getComputedStyle(el).height)).toBe('4px');
    release();
    await expect(bar).toHaveAttribute('data-busy', 'false');
  });
});

test.describe('content pages', () => {
  test('home: sponsors, news, about-us teaser, rules summary, webinars, final', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(h1(page)).toHaveText('Gara a Squadre di Fisica');
    const sponsor = page.getByRole('region', { name: 'I nostri sponsor' });
    await expect(sponsor.getByRole('img')).toHaveCount(3);
    const novita = page.getByRole('region', { name: 'Novità sulla prossima edizione' });
    await expect(novita.getByRole('heading', { level: 3 })).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Scopri chi siamo' })).toHaveAttribute(
      'href',
      '/about-us/',
    );
    await expect(page.getByText(/Squadre di al massimo cinque studenti/).first()).toBeVisible();
    const webinar = page.getByRole('region', { name: 'Webinar di preparazione' });
    await expect(webinar.locator('tbody tr td:first-child')).toHaveText([
      '5/12/2025',
      '2/2/2026',
      '16/2/2026',
      '2/3/2026',
    ]);
    const finale = page.getByRole('region', { name: 'Finale nazionale' });
    await expect(finale).toContainText('15-18 aprile 2026');
    await expect(finale.getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Il video' })).toBeVisible();
    // Nothing is fetched from the video service before a click.
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('regolamento: documents of 2026-2023, venues where available', async ({ page }) => {
    await page.goto('/regolamento/');
    for (const anno of [2026, 2025, 2024, 2023]) {
      const card = page.getByRole('region', { name: String(anno), exact: true });
      await expect(card.getByRole('link', { name: `Regolamento ${anno}` })).toHaveAttribute(
        'href',
        `/documenti/${anno}/regolamento.pdf`,
      );
      await expect(card.getByRole('link', { name: `Logistica ${anno}` })).toBeVisible();
      await expect(card.getByRole('link', { name: `Poli locali ${anno}` })).toHaveCount(
        anno >= 2025 ? 1 : 0,
      );
    }
  });

  test('sponsor: logo linking to the site, name, description, width by orientation', async ({
    page,
  }) => {
    await page.goto('/sponsor/');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Fondazione Scienza Aperta',
      'Laboratori Ottici Toscani',
      'Editrice Fisica & Dintorni',
    ]);
    const logos = page.locator('img.sponsor-logo');
    await expect(logos.nth(0)).toHaveAttribute('data-orientation', 'landscape');
    await expect(logos.nth(2)).toHaveAttribute('data-orientation', 'portrait');
    const widths = await logos.evaluateAll((imgs) =>
      imgs.map((i) => i.getBoundingClientRect().width),
    );
    expect(widths[0]).toBeGreaterThan(widths[2]!);
    await expect(page.getByRole('link', { name: 'Fondazione Scienza Aperta' })).toHaveAttribute(
      'href',
      'https://example.org/fondazione-scienza-aperta',
    );
  });

  test('about-us: direction, teachers, authors, developers, thanks, 16 collaborators', async ({
    page,
  }) => {
    await page.goto('/about-us/');
    for (const name of [
      'Direzione',
      'Docenti per la formazione nelle scuole',
      'Autori dei problemi',
      'Sviluppatori',
      'Ringraziamenti',
      'I collaboratori più attivi',
    ]) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Un grazie speciale ai 16 collaboratori più attivi')).toBeVisible();
    await expect(page.getByText(/^Giulia Ferri, Marco Benedetti/)).toBeVisible();
  });

  test("Albo d'oro: the podiums of the concluded official events", async ({ page, request }) => {
    const api = (await (await request.get('/api/gas/albo-d-oro/')).json()) as {
      results: {
        id: number;
        sessioni: { nome: string; podio: { nome: string; totale: number }[] }[];
      }[];
    };
    // This season's concluded event first, then the finals of the two seasons before.
    expect(api.results).toHaveLength(3);
    expect(api.results[0]!.id).toBe(demo.passato.id);
    await page.goto('/albo-d-oro/');
    await expect(page.getByRole('link', { name: demo.passato.titolo })).toBeVisible();
    await expect(
      page.getByRole('link', { name: /^Finale nazionale a squadre \d{4}$/ }),
    ).toHaveCount(2);
    for (const sessione of api.results[0]!.sessioni) {
      const card = page.locator('.card').filter({ hasText: sessione.nome });
      const rows = card.locator('tbody tr');
      await expect(rows).toHaveCount(3);
      for (const [i, v] of sessione.podio.entries()) {
        await expect(rows.nth(i)).toContainText(`${i + 1}°`);
        await expect(rows.nth(i)).toContainText(v.nome);
        await expect(rows.nth(i)).toContainText(String(v.totale));
      }
    }
    await expect(page.getByText(demo.nazionale.titolo)).toHaveCount(0);
  });
});
