// Accessibility of every page of issue 6: zero axe violations (WCAG 2.1 A and
// AA) at 1280 px and at 360 px, no horizontal scrolling at 360 px, and the
// shell usable from the keyboard alone.
import { expect, test, type Page } from '@playwright/test';
import { loginAs, openMobileMenu } from './support/auth';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/axe';
import { loadDemo, seasonOf, type Demo } from './support/demo';

let demo: Demo;
test.beforeAll(async ({ request }) => {
  demo = await loadDemo(request);
});

function publicPages(d: Demo): string[] {
  return [
    '/',
    '/eventi/',
    `/eventi/anno/${seasonOf(d.nazionale.inizio)}/`,
    '/eventi/anno/2023/',
    '/eventi/non-ufficiali/',
    `/evento/${d.nazionale.id}/`,
    `/evento/${d.passato.id}/`,
    `/evento/${d.aperto.id}/`,
    '/evento/987654/',
    '/albo-d-oro/',
    '/regolamento/',
    '/sponsor/',
    '/about-us/',
    '/cookie-policy/',
    '/loginerror/?code=E42',
    '/accounts/login/',
    '/accounts/password-dimenticata/',
    '/accounts/imposta-password/link-non-valido-0000/',
    '/pagina/inesistente/',
    `/sessione/${d.nazionale.sessioni[0]!.id}/orologio/`,
    `/sessione/${d.passato.sessioni[0]!.id}/orologio/`,
  ];
}

/** Waits for the page's data: the loading bar idle and no spinner left. */
async function settle(page: Page) {
  // A page the server painted is on screen before the app: settled once the app has taken it over.
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-busy', 'false');
  await expect(page.getByRole('status').filter({ hasText: 'Caricamento' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every public page has no axe violations', async ({ page }) => {
      test.setTimeout(180_000);
      for (const path of publicPages(demo)) {
        await page.goto(path);
        await settle(page);
        await expectNoAxeViolations(page);
        if (width === 360) await expectNoHorizontalScroll(page);
      }
    });

    test('the open menus and the logged-in pages have no axe violations', async ({ page }) => {
      await page.goto('/eventi/');
      await settle(page);
      const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
      await openMobileMenu(page);
      await nav.getByRole('button', { name: 'Eventi' }).click();
      await expect(nav.getByRole('link', { name: 'Stagione 2022-2023' })).toBeVisible();
      await expectNoAxeViolations(page);

      await loginAs(page, 'admin', `/evento/${demo.aperto.id}/`);
      await settle(page);
      await nav.getByRole('button', { name: 'admin' }).click();
      await expect(nav.getByRole('link', { name: 'Azioni amministrative' })).toBeVisible();
      await expectNoAxeViolations(page);
      for (const path of ['/accounts/password/', `/evento/${demo.nazionale.id}/`, '/eventi/']) {
        await page.goto(path);
        await settle(page);
        await expectNoAxeViolations(page);
        if (width === 360) await expectNoHorizontalScroll(page);
      }
    });

    test('the profile and manager pages of a main manager have no axe violations', async ({
      page,
    }) => {
      await loginAs(page, 'principale');
      for (const path of ['/accounts/profile/', '/nuovo-responsabile/']) {
        await page.goto(path);
        await settle(page);
        await expectNoAxeViolations(page);
        if (width === 360) await expectNoHorizontalScroll(page);
      }
    });

    test('the answer, event and scores pages have no axe violations', async ({ page }) => {
      // Hundreds of delivered answers make axe slow on a busy machine.
      test.setTimeout(240_000);
      const passato = demo.passato.sessioni[0]!.id;
      const nazionale = demo.nazionale.sessioni[0]!.id;
      await loginAs(page, 'admin');
      const pages = [
        '/accounts/profile/',
        // The answers delivered, jokers included (their badges), with the form.
        `/sessione/${passato}/consegna-risposte/`,
        `/evento/${demo.nazionale.id}/`,
        `/modifica-evento/${demo.aperto.id}/`,
        `/sessione/${nazionale}/punteggi/`,
        `/sessione/${passato}/punteggi/`,
        `/sessione/${passato}/punteggi/#grafico`,
        `/sessione/${passato}/punteggi/#messaggi`,
      ];
      for (const path of pages) {
        await page.goto(path);
        await settle(page);
        await expectNoAxeViolations(page);
        if (width === 360) await expectNoHorizontalScroll(page);
      }

      // The answer page with the outcome of a delivery on screen: after the end
      // the staff are asked for the slip's delivery time, on the field that
      // 'Orario automatico' was hiding.
      await page.goto(`/sessione/${passato}/consegna-risposte/`);
      await settle(page);
      await page.getByLabel('Squadra', { exact: true }).selectOption({ index: 1 });
      await page.getByLabel('Problema', { exact: true }).selectOption({ index: 1 });
      await page.getByLabel('Valore').fill('1,5');
      await expect(page.getByLabel(/Momento di consegna/)).toHaveCount(0);
      await page.getByRole('button', { name: 'Invia' }).click();
      await expect(page.getByLabel(/Momento di consegna/)).toBeVisible();
      await expect(page.locator('form .invalid-feedback.d-block')).toContainText(
        /momento di consegna/i,
      );
      await expectNoAxeViolations(page);
    });
  });
}

test('the shell works from the keyboard alone', async ({ page }) => {
  await page.goto('/eventi/');
  await settle(page);
  // The first Tab reaches the skip link, which moves focus to the content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Vai al contenuto principale' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // The Eventi menu opens with Enter and its items are reached with the arrows.
  const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
  await nav.getByRole('button', { name: 'Eventi' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: 'Tutti gli eventi' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // The current season comes first.
  const anno = seasonOf(new Date().toISOString());
  const stagione = `Stagione ${anno - 1}-${anno}`;
  await expect(nav.getByRole('link', { name: stagione })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/eventi/anno/${anno}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Eventi - ${stagione}`);

  // The login form is filled and sent without a mouse.
  await page.goto('/accounts/login/?next=/sponsor/');
  await expect(page.getByLabel('Nome utente')).toBeFocused();
  await page.keyboard.type('docente');
  await page.keyboard.press('Tab');
  await page.keyboard.type('gas-demo');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/sponsor/');

  // Focused links show a visible focus ring.
  await page.goto('/sponsor/');
  await settle(page);
  for (const name of ['Vai al contenuto principale', 'GaS']) {
    await page.keyboard.press('Tab');
    const focused = page.getByRole('link', { name, exact: true });
    await expect(focused).toBeFocused();
    expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  }
});

test('the video of the home page loads only after a click (keyboard too)', async ({ page }) => {
  // The demo has no video configured: give the settings one.
  await page.route('**/api/gas/sito/', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { home: { video_url: string } };
    body.home.video_url = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    await route.fulfill({ response, json: body });
  });
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1')) external.push(r.url());
  });
  await page.route(/youtube/, (route) => route.fulfill({ body: '<html></html>' }));
  await page.goto('/');
  const play = page.getByRole('button', { name: /Guarda il video/ });
  await expect(play).toBeVisible();
  expect(external).toEqual([]);
  await expectNoAxeViolations(page);
  await play.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('iframe')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
  );
});
