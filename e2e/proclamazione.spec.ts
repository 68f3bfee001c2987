// The proclamation of a concluded demo session (issue 29 items 5-6): an
// administrator steps through it while two anonymous viewers (1280 and
// 360 px) follow live without reloading; before the start they see the
// waiting screen and no team; a viewer opening the page mid-way starts at the
// current step, and so does one reloading; 'Indietro' goes back; guests close
// the ceremony without a position; axe at both widths; screenshots under
// test-results/proclamazione-*.png.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/axe';
import { loadDemo, type Demo } from './support/demo';
import { apiCall, login } from './support/tools-helpers';

type Riga = { posizione: number | null; nome: string; ospite: boolean; totale: number };

const shots = path.resolve(import.meta.dirname, '..', 'test-results');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `proclamazione-${name}.png`), fullPage: true });

let demo: Demo;
test.beforeAll(async ({ request }) => {
  demo = await loadDemo(request);
});

/**
 * The step a page shows: 0 for the waiting screen, -1 between two screens.
 * Read at once in the page (polled by the caller): a locator's getAttribute
 * would wait for a stage the page has just taken away.
 */
function passoMostrato(page: Page): Promise<number> {
  return page.evaluate(() => {
    if (document.querySelector('[data-testid="attesa"]')?.checkVisibility()) return 0;
    const palco = document.querySelector('[data-testid="palco"]');
    return palco ? Number(palco.getAttribute('data-passo')) : -1;
  });
}

const mostraPasso = async (page: Page, passo: number, passi: number) => {
  if (passo === 0) {
    await expect(page.getByTestId('attesa')).toBeVisible();
    return;
  }
  await expect(page.getByTestId('palco')).toHaveAttribute('data-passo', String(passo));
  await expect(page.getByTestId('palco')).toContainText(`Passo ${passo} di ${passi}`);
};

test('an administrator steps through the proclamation while viewers follow live', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const sessione = demo.passato.sessioni[0]!;
  const url = `/sessione/${sessione.id}/proclamazione/`;
  const classifica = (
    await (await request.get(`/api/gas/sessione/${sessione.id}/punteggi/`)).json()
  ).results[0].json.classifica as Riga[];
  expect(classifica.length).toBeGreaterThan(3);
  const iniziale = await (
    await request.get(`/api/gas/sessione/${sessione.id}/proclamazione/`)
  ).json();
  expect(iniziale).toMatchObject({ passo: 0, corrente: null, rivelati: [] });
  const passi = iniziale.passi as number;
  expect(passi).toBeGreaterThan(3);

  // Two anonymous viewers: the hall's projector and a phone.
  const proiettore = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 } })
  ).newPage();
  const telefono = await (
    await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    })
  ).newPage();
  for (const viewer of [proiettore, telefono]) {
    await viewer.goto(url);
    await expect(viewer.getByRole('heading', { level: 1 })).toHaveText(
      `Proclamazione – ${sessione.nome}`,
    );
    await expect(
      viewer.getByRole('heading', { name: 'La proclamazione non è ancora iniziata' }),
    ).toBeVisible();
    // Before the start nothing of the ranking is on the page.
    const testo = await viewer.locator('main').innerText();
    for (const r of classifica) expect(testo).not.toContain(r.nome);
    await expect(viewer.getByRole('button', { name: 'Avanti' })).toHaveCount(0);
    // A marker that a reload would wipe: the viewers must follow without one.
    await viewer.evaluate(
      () => ((window as unknown as { senzaRicarica: boolean }).senzaRicarica = true),
    );
  }
  await expectNoAxeViolations(proiettore);
  await expectNoAxeViolations(telefono);
  await expectNoHorizontalScroll(telefono);
  await shot(proiettore, 'attesa-1280');
  await shot(telefono, 'attesa-360');

  // The administrator, on a laptop, from the results page's link.
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, 'admin', `/sessione/${sessione.id}/risultati/`);
  await page.getByRole('link', { name: 'Proclamazione' }).click();
  await expect(page).toHaveURL(url);
  const avanti = page.getByRole('button', { name: 'Avanti' });
  const indietro = page.getByRole('button', { name: 'Indietro' });
  await expect(indietro).toBeDisabled();

  // Step 1: the last position, on every page.
  await avanti.click();
  await mostraPasso(page, 1, passi);
  const ultimo = Math.max(...classifica.map((r) => r.posizione ?? 0));
  const ultimi = classifica.filter((r) => r.posizione === ultimo);
  for (const viewer of [proiettore, telefono]) {
    await mostraPasso(viewer, 1, passi);
    for (const r of ultimi) await expect(viewer.getByTestId('palco')).toContainText(r.nome);
  }

  // Step 2 from the keyboard.
  await page.keyboard.press('ArrowRight');
  await mostraPasso(page, 2, passi);
  await mostraPasso(proiettore, 2, passi);
  await mostraPasso(telefono, 2, passi);

  // A viewer opening the page now starts at the current step.
  const tardi = await (
    await browser.newContext({ viewport: { width: 360, height: 740 } })
  ).newPage();
  await tardi.goto(url);
  await mostraPasso(tardi, 2, passi);
  await expect(tardi.getByTestId('rivelata').getByRole('listitem')).toHaveCount(
    await proiettore.getByTestId('rivelata').getByRole('listitem').count(),
  );

  // 'Indietro': every page goes back to step 1.
  await indietro.click();
  await mostraPasso(page, 1, passi);
  await mostraPasso(proiettore, 1, passi);
  await mostraPasso(telefono, 1, passi);
  await mostraPasso(tardi, 1, passi);

  // A reload shows the step the server keeps.
  await tardi.reload();
  await mostraPasso(tardi, 1, passi);
  await page.reload();
  await mostraPasso(page, 1, passi);

  // On to the end, one step at a time; the viewers keep up.
  for (let passo = 2; passo <= passi; passo++) {
    await avanti.click();
    await mostraPasso(page, passo, passi);
    await mostraPasso(telefono, passo, passi);
    const titolo = (await proiettore.getByTestId('palco').locator('h2').innerText()).trim();
    if (titolo === '3° posto') {
      await expectNoAxeViolations(proiettore);
      await shot(proiettore, 'podio-3-1280');
    }
  }
  await mostraPasso(proiettore, passi, passi);
  await expect(avanti).toBeDisabled();
  await expect(page.getByText('La proclamazione è conclusa.')).toBeVisible();

  // The winner had a step of its own; guests close the ceremony, without a position.
  const vincitori = classifica.filter((r) => r.posizione === 1);
  const ospiti = classifica.filter((r) => r.ospite);
  const palco = proiettore.getByTestId('palco');
  if (ospiti.length > 0) {
    await expect(palco.locator('h2')).toHaveText('Squadre ospiti');
    for (const r of ospiti) await expect(palco).toContainText(r.nome);
    await expect(palco.locator('.proclamata-posizione')).toHaveCount(0);
    const righeOspiti = proiettore
      .getByTestId('rivelata')
      .getByRole('listitem')
      .filter({ hasText: 'Ospite' });
    await expect(righeOspiti).toHaveCount(ospiti.length);
    await mostraPasso(telefono, passi, passi);
    await expectNoAxeViolations(telefono);
    await shot(telefono, 'ospiti-360');
    await indietro.click();
    await mostraPasso(proiettore, passi - 1, passi);
  }
  await expect(palco.locator('h2')).toHaveText('1° posto');
  await expect(palco).toContainText('Medaglia d’oro');
  for (const r of vincitori) await expect(palco).toContainText(r.nome);
  await expect(telefono.getByTestId('palco').locator('h2')).toHaveText('1° posto');

  // The whole ranking is now revealed below, as the API ranks it.
  const rivelata = proiettore.getByTestId('rivelata').getByRole('listitem');
  await expect(rivelata).toHaveCount(classifica.length - ospiti.length);

  for (const viewer of [proiettore, telefono]) {
    expect(
      await viewer.evaluate(() => (window as unknown as { senzaRicarica?: boolean }).senzaRicarica),
    ).toBe(true);
  }
  await expectNoAxeViolations(proiettore);
  await expectNoAxeViolations(telefono);
  await expectNoHorizontalScroll(telefono);
  await expectNoAxeViolations(page);
  await shot(proiettore, 'vincitore-1280');
  await shot(telefono, 'vincitore-360');
  await shot(page, 'amministratore-1280');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await shot(page, 'amministratore-360');

  // Back to the start for whoever runs next (the API refuses nobody here: admin).
  const reset = await apiCall(page, 'POST', `/api/gas/sessione/${sessione.id}/proclamazione/`, {
    passo: 0,
  });
  expect(reset.ok()).toBe(true);
  await expect(proiettore.getByTestId('attesa')).toBeVisible();
  await expect.poll(() => passoMostrato(telefono)).toBe(0);
});
