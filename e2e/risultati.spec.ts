// The results page of a concluded demo session (issue 28 item 3): reached
// from the event card, its podium and rows as the scores API has them, the
// link-preview tags in the HTML the server sends, no axe violations, and screenshots at 1280
// and 360 px plus the printed page (Chromium's PDF), under test-results/.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/axe';
import { loadDemo, type Demo } from './support/demo';
import { apiCall, apiJson, apiList, login } from './support/tools-helpers';

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

type Evento = { id: number; titolo: string; fine: string; sessioni: { id: number }[] };
type Squadra = { id: number; polo: number | null };

test('venue rankings, ranked within the venue, each on its own printed page', async ({ page }) => {
  // The previous season's final (concluded, no venues) gets two for this test
  // and is given back as it was: the other specs know the demo without them.
  await login(page, 'admin');
  const eventi = await apiList<Evento>(page, '/api/gas/evento/?tipologia=o');
  const finale = eventi
    .filter((e) => e.titolo.startsWith('Finale nazionale') && Date.parse(e.fine) < Date.now())
    .sort((a, b) => Date.parse(b.fine) - Date.parse(a.fine))[0]!;
  const sessione = finale.sessioni[0]!.id;
  const squadre = await apiList<Squadra>(page, `/api/admin/squadra/?evento=${finale.id}`);
  expect(squadre.every((s) => s.polo === null)).toBe(true);
  const poli: number[] = [];
  try {
    for (const nome of ['Polo di Trieste', 'Polo di Bari']) {
      const res = await apiCall(page, 'POST', '/api/admin/polo/', {
        evento: finale.id,
        nome_breve: nome,
      });
      expect(res.status(), await res.text()).toBe(201);
      poli.push(((await res.json()) as { id: number }).id);
    }
    for (const [i, s] of squadre.entries()) {
      const res = await apiCall(page, 'PATCH', `/api/admin/squadra/${s.id}/`, {
        polo: poli[i % 2],
      });
      expect(res.status()).toBe(200);
    }
    // The ranking as the API has it, once the snapshot has seen the venues.
    let classifica: (Riga & { polo: number | null })[] = [];
    await expect(async () => {
      const body = await apiJson<{ results: { json: { classifica: typeof classifica } }[] }>(
        page,
        `/api/gas/sessione/${sessione}/punteggi/`,
      );
      classifica = body.results[0]!.json.classifica;
      expect(classifica.every((r) => r.polo !== null)).toBe(true);
    }).toPass();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/sessione/${sessione}/risultati/`);
    // By name: Bari, then Trieste.
    const sezioni = page.locator('.classifica-polo');
    await expect(sezioni).toHaveCount(2);
    await expect(sezioni.nth(0).getByRole('heading')).toHaveText('Classifica del Polo di Bari');
    await expect(sezioni.nth(1).getByRole('heading')).toHaveText('Classifica del Polo di Trieste');
    for (const [n, polo] of [poli[1]!, poli[0]!].entries()) {
      // The venue's teams in the session's order, positions counted among them.
      let counted = 0;
      const expected = classifica
        .filter((r) => r.polo === polo)
        .map((r) => ({ nome: r.nome, posizione: r.ospite ? 'osp.' : String(++counted) }));
      const righe = sezioni.nth(n).getByTestId('riga-risultato');
      const shown = await righe.evaluateAll((trs) =>
        trs.map((tr) => ({
          nome: tr.querySelector('th')!.firstChild!.textContent,
          posizione: tr.querySelector('td')!.textContent!.trim(),
        })),
      );
      // No two demo teams share an age order, so no two share a position.
      expect(shown).toEqual(expected);
      await expect(sezioni.nth(n).getByRole('link', { name: /in PDF$/ })).toHaveAttribute(
        'href',
        `/api/gas/sessione/${sessione}/classifica/?formato=pdf&polo=${polo}`,
      );
      // The event's administrator gets each venue's certificates too.
      await expect(
        sezioni.nth(n).getByRole('link', { name: /^Attestati delle squadre/ }),
      ).toHaveAttribute('href', `/api/gas/sessione/${sessione}/attestati/?polo=${polo}`);
    }
    await expect(page.getByRole('columnheader', { name: 'Polo' })).toBeVisible();
    const out = (name: string) => test.info().outputPath(name);
    await page.screenshot({ path: out('risultati-poli-1280.png'), fullPage: true });

    await page.emulateMedia({ media: 'print' });
    expect(await sezioni.nth(1).evaluate((el) => getComputedStyle(el).breakBefore)).toBe('page');
    // Each venue's page says whose ranking it is.
    await expect(sezioni.nth(1).getByTestId('intestazione-polo')).toBeVisible();
    await expect(sezioni.nth(1).getByTestId('intestazione-polo')).toContainText(
      `${finale.titolo} — `,
    );
    await expect(sezioni.nth(1).getByTestId('intestazione-polo')).toContainText(
      'Classifica finale',
    );
    await page.screenshot({ path: out('risultati-poli-stampa.png'), fullPage: true });
    await page.pdf({ path: out('risultati-poli.pdf'), format: 'A4', printBackground: true });
  } finally {
    for (const s of squadre)
      await apiCall(page, 'PATCH', `/api/admin/squadra/${s.id}/`, { polo: null });
    for (const id of poli) await apiCall(page, 'DELETE', `/api/admin/polo/${id}/`);
  }
  // Given back: the final has no venue again.
  expect(await apiList<Squadra>(page, `/api/admin/squadra/?evento=${finale.id}`)).toEqual(
    squadre.map((s) => expect.objectContaining({ id: s.id, polo: null })),
  );
  expect(await apiList(page, `/api/admin/polo/?evento=${finale.id}`)).toEqual([]);
});
