// The results page of a concluded demo session (issue 28 item 3): reached
// from the event card, its podium and rows as the scores API has them, the
// link-preview tags in the HTML the server sends, no axe violations, and screenshots at 1280
// and 360 px plus the printed page (Chromium's PDF), under test-results/.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/axe';
import { loadDemo, type Demo } from './support/demo';

type Riga = { posizione: number | null; nome: string; ospite: boolean; totale: number };

let demo: Demo;
test.beforeAll(async ({ request }) => {
  demo = await loadDemo(request);
});

test('results of a concluded session: podium, ranking, preview, screen and paper', async ({
  page,
  request,
}) => {
  const sessione = demo.passato.sessioni[0]!;
  const api = await request.get(`/api/gas/sessione/${sessione.id}/punteggi/`);
  const classifica = (await api.json()).results[0].json.classifica as Riga[];
  expect(classifica.length).toBeGreaterThan(3);

  // From the event card, once the contest is over.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/eventi/');
  const card = page.getByRole('article', { name: demo.passato.titolo });
  await card.getByRole('link', { name: `Risultati – ${sessione.nome}` }).click();
  await expect(page).toHaveURL(`/sessione/${sessione.id}/risultati/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Risultati – ${sessione.nome}`);
  await expect(page.getByText('Classifica finale')).toBeVisible();

  // The podium: the first three positions of the API's ranking, guests left out.
  const podio = classifica.filter((r) => r.posizione !== null && r.posizione <= 3);
  const posti = page.getByTestId('podio').getByRole('listitem');
  await expect(posti).toHaveCount(podio.length);
  for (const [i, r] of podio.entries()) {
    await expect(posti.nth(i).locator('.podio-nome')).toHaveText(r.nome);
    await expect(posti.nth(i)).toContainText(`${r.totale} punti`);
  }

  // Every row of the full ranking as the API has it (guests 'osp.').
  const righe = page
    .getByRole('table', { name: /Classifica completa/ })
    .getByTestId('riga-risultato');
  await expect(righe).toHaveCount(classifica.length);
  const shown = await righe.evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim());
      return {
        posizione: cells[0],
        nome: tr.querySelector('th')!.firstChild!.textContent,
        totale: cells.at(-1),
      };
    }),
  );
  expect(shown).toEqual(
    classifica.map((r) => ({
      posizione: r.posizione === null ? 'osp.' : String(r.posizione),
      nome: r.nome,
      totale: String(r.totale),
    })),
  );
  await expect(
    page.getByRole('link', { name: 'Classifica della sessione in PDF' }),
  ).toHaveAttribute('href', `/api/gas/sessione/${sessione.id}/classifica/?formato=pdf`);

  // The HTML the server sends carries the preview, before any script.
  const html = await (await request.get(`/sessione/${sessione.id}/risultati/`)).text();
  const ogTitle = html.indexOf('property="og:title"');
  expect(ogTitle).toBeGreaterThan(0);
  expect(ogTitle).toBeLessThan(html.indexOf('<script'));
  expect(html).toContain(`content="${demo.passato.titolo} — ${sessione.nome}"`);
  const vincitore = classifica.find((r) => r.posizione === 1)!;
  expect(html).toMatch(
    new RegExp(`og:description" content="Gara del [^"]*vinc[^"]*${vincitore.nome}`),
  );
  expect(html).toContain('<meta name="twitter:card" content="summary">');

  const out = (name: string) => test.info().outputPath(name);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: out('risultati-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(posti.first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: out('risultati-360.png'), fullPage: true });

  // On paper: no navbar, footer or buttons; the ranking whole.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stampa' })).toBeHidden();
  await page.screenshot({ path: out('risultati-stampa.png'), fullPage: true });
  // Chromium's PDF, with the print media still emulated (as page.pdf() prints by default).
  const pdf = await page.pdf({ path: out('risultati.pdf'), format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
