// The scores page of the demo data: every tab with its visibility rule, the
// tab kept in the hash, sorting, the `colori` highlight state, the replay,
// the standard-model recompute, the school path and the commentary view.
import { expect, test, type Page } from '@playwright/test';
import { loadDemo, type Demo } from './support/demo';
import { serverRanking } from './support/punteggi-api';
import { openScores, tableNames, tableRanking, tabNames } from './support/punteggi-page';
import { graficoDisegnato } from './support/grafici';

let demo: Demo;
/** The concluded official session (20 teams, answers, no venues). */
let passato: number;
/** The upcoming national session (over 20 teams, venues, no answers). */
let nazionale: number;

test.beforeAll(async ({ request }) => {
  demo = await loadDemo(request);
  passato = demo.passato.sessioni[0]!.id;
  nazionale = demo.nazionale.sessioni[0]!.id;
});

async function loginApi(page: Page, username: string) {
  await page.request.get('/api/time/');
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await page.request.post('/api/auth/login/', {
    data: { username, password: 'gas-demo' },
    headers: { 'X-CSRFToken': token },
  });
  expect(response.ok()).toBe(true);
}

/**
 * The national event's tabs, with 'Messaggi importanti' once its start is
 * less than a day away. The demo starts it at the next full hour a day after
 * the seed, so a run that crosses the hour sees the tab: the expectation
 * follows the clock, as the page does.
 */
async function conMessaggi(page: Page, tabs: string[], dopo: string): Promise<string[]> {
  const { evento } = (await (await page.request.get(`/api/gas/sessione/${nazionale}/`)).json()) as {
    evento: number;
  };
  const { inizio } = (await (await page.request.get(`/api/gas/evento/${evento}/`)).json()) as {
    inizio: string;
  };
  if (Date.now() < Date.parse(inizio) - 24 * 3_600_000) return tabs;
  const i = tabs.indexOf(dopo) + 1;
  return [...tabs.slice(0, i), 'Messaggi importanti', ...tabs.slice(i)];
}

test('a concluded session: status, tabs in the hash, every tab renders', async ({ page }) => {
  await openScores(page, `/sessione/${passato}/punteggi/`);
  await expect(page.getByTestId('stato-evento')).toHaveText(
    /^L'evento si è concluso .+ ed è durato 2 ore\.$/,
  );
  await expect(page.getByText('La gara è terminata!')).toBeVisible();
  await expect(page.getByText(/La pagina si aggiorna da sola/)).toBeVisible();
  await expect
    .poll(() => tabNames(page))
    .toEqual([
      'Classifica',
      'Grafico',
      'Grafico a barre',
      'Istogramma punteggi',
      'Valore dei problemi',
      'Mappa',
      'Messaggi importanti',
    ]);
  await expect(page.getByRole('tab', { name: 'Classifica' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('tab', { name: 'Grafico', exact: true }).click();
  await expect(page).toHaveURL(/#grafico$/);
  await graficoDisegnato(page, 'grafico-punteggi');

  await page.getByRole('tab', { name: 'Grafico a barre' }).click();
  await expect(page).toHaveURL(/#barre$/);
  await graficoDisegnato(page, 'grafico-barre');

  await page.getByRole('tab', { name: 'Istogramma punteggi' }).click();
  await expect(page).toHaveURL(/#istogramma$/);
  await graficoDisegnato(page, 'istogramma');

  // Tiles cannot load here (no network): the markers and the list still work.
  await page.getByRole('tab', { name: 'Mappa' }).click();
  await expect(page).toHaveURL(/#mappa$/);
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.locator('path.leaflet-interactive').first()).toBeVisible();
  await expect(page.getByText(/Elenco dei luoghi/)).toBeVisible();
  // Tiles come from the server's MAP_TILE_URL (set by the e2e config).
  await expect(page.locator('img.leaflet-tile').first()).toHaveAttribute(
    'src',
    /^https:\/\/127\.0\.0\.1:9\/tiles\/7\//,
  );

  await page.getByRole('tab', { name: 'Messaggi importanti' }).click();
  await expect(page).toHaveURL(/#messaggi$/);
  await expect(page.getByTestId('messaggi')).toContainText(
    'Mancano 20 minuti alla fine della gara.',
  );
  await expect(page.getByTestId('messaggi')).toContainText(/giorni fa/);

  // The hash survives a reload; an unknown or hidden tab falls back to the table.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Messaggi importanti' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.goto(`/sessione/${passato}/punteggi/#latenza`);
  await expect(page.getByRole('tab', { name: 'Classifica' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('sorting by name and problem toggles on a repeated click; colori kept in the query', async ({
  page,
  request,
}) => {
  await openScores(page, `/sessione/${passato}/punteggi/`);
  // The table is the server's ranking.
  expect(await tableRanking(page)).toEqual(await serverRanking(request, passato));

  const collator = new Intl.Collator('it', { numeric: true });
  const squadra = page.getByRole('columnheader', { name: /^Squadra/ });
  await squadra.getByRole('button').click();
  await expect(squadra).toHaveAttribute('aria-sort', 'ascending');
  const asc = await tableNames(page);
  expect(asc).toEqual([...asc].sort(collator.compare));
  await squadra.getByRole('button').click();
  await expect(squadra).toHaveAttribute('aria-sort', 'descending');
  expect(await tableNames(page)).toEqual([...asc].reverse());

  const p1 = page.locator('.score-table thead th.col-prob').first();
  await expect(p1).toContainText('P1');
  await p1.getByRole('button').click();
  await expect(p1).toHaveAttribute('aria-sort', 'descending');
  const points = async () =>
    (
      await page
        .locator('.score-table tbody tr[data-squadra] td.col-prob:nth-of-type(3)')
        .allTextContents()
    ).map((t) => Number(t.replace('J', '').trim() || 0));
  const desc = await points();
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await p1.getByRole('button').click();
  await expect(p1).toHaveAttribute('aria-sort', 'ascending');
  const ascPoints = await points();
  expect(ascPoints).toEqual([...ascPoints].sort((a, b) => a - b));

  const pos = page.getByRole('columnheader', { name: /^Pos/ });
  await pos.getByRole('button').click();
  await expect(pos).toHaveAttribute('aria-sort', 'ascending');

  // Highlight a team: the colour goes in ?colori= and survives a reload.
  const [first] = await tableRanking(page);
  const name = (await tableNames(page))[0]!;
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: 'giallo' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?colori=${first!.id}:giallo$`));
  await page.getByRole('tab', { name: 'Istogramma punteggi' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?colori=${first!.id}:giallo#istogramma$`));
  await page.goto(`/sessione/${passato}/punteggi/?colori=${first!.id}:giallo`);
  const row = page.locator(`tr[data-squadra="${first!.id}"]`);
  await expect(row).toHaveCSS('background-color', 'rgb(255, 243, 163)');
  await row.locator('td').nth(1).click();
  await page.getByRole('button', { name: 'Nessuno' }).click();
  await expect(page).toHaveURL(new RegExp(`/sessione/${passato}/punteggi/$`));
});

test('replay plays the session again and stops after the end', async ({ page }) => {
  await openScores(page, `/sessione/${passato}/punteggi/`);
  const final = await tableRanking(page);
  await page.getByLabel('Durata del replay (secondi)').fill('3');
  await page.getByRole('button', { name: 'Avvia il replay' }).click();
  await expect(page.getByTestId('replay-ora')).toBeVisible();
  // Early in the replay nobody has the final total yet.
  const early = await tableRanking(page);
  expect(early[0]!.totale).toBeLessThan(final[0]!.totale);
  await expect(page.getByTestId('replay-ora')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Avvia il replay' })).toBeVisible();
  expect(await tableRanking(page)).toEqual(final);
});

test('standard model: Ricalcola recomputes locally, the real results stay', async ({
  page,
  request,
}) => {
  await openScores(page, `/sessione/${passato}/punteggi/standard-model/`);
  await expect(page.getByRole('heading', { name: 'Opzioni sviluppatore' })).toBeVisible();
  const before = await tableRanking(page);
  const serverBefore = await serverRanking(request, passato);
  expect(before).toEqual(serverBefore);

  // Base points 30 → 100: every solved problem is worth 70 more (twice on the joker).
  const first = page.locator('.score-table tbody tr[data-squadra]').first();
  const id = Number(await first.getAttribute('data-squadra'));
  const solved = await first.locator('td.cell-solved').count();
  const jokerSolved = await first.locator('td.cell-solved .jolly-badge').count();
  await page.getByLabel(/Punteggio base dei problemi/).fill('100');
  await page.getByRole('button', { name: 'Ricalcola' }).click();
  await expect(page.getByTestId('ricalcolo-attivo')).toBeVisible();
  const after = await tableRanking(page);
  const old = before.find((r) => r.id === id)!.totale;
  expect(after.find((r) => r.id === id)!.totale).toBe(old + 70 * (solved + jokerSolved));
  expect(await serverRanking(request, passato)).toEqual(serverBefore);

  await page.getByRole('button', { name: "Ripristina i parametri dell'evento" }).click();
  await expect(page.getByTestId('ricalcolo-attivo')).toHaveCount(0);
  expect(await tableRanking(page)).toEqual(serverBefore);
});

test('school path and commentary view', async ({ page, request }) => {
  const teams = (await (
    await request.get(`/api/gas/squadra/in_sessione/?sessione=${passato}`)
  ).json()) as { results: { id: number; nome: string; scuola: { id: number; nome: string } }[] };
  const team = teams.results[0]!;
  await openScores(page, `/sessione/${passato}/punteggi/scuola/${team.scuola.id}/`);
  await expect(
    page.getByRole('heading', { name: `Le squadre di ${team.scuola.nome}` }),
  ).toBeVisible();
  await expect(page.getByTestId('squadre-scuola')).toContainText(team.nome);
  await expect(page.locator(`tr[data-squadra="${team.id}"]`)).toHaveClass(/row-emphasis/);

  await page.goto(`/sessione/${passato}/punteggi/telecronaca/`);
  const view = page.getByTestId('telecronaca');
  for (const heading of ['Classifica', 'Ultime risposte', 'Problemi', 'Ultimi messaggi']) {
    await expect(view.getByRole('heading', { name: heading })).toBeVisible();
  }
  const ranking = view.getByRole('table', { name: 'Prime 20 squadre' });
  await expect(ranking.locator('tbody tr')).toHaveCount(20);
  await expect(ranking.locator('tbody tr').first()).toHaveClass(/fw-bold/);
  await expect(ranking.locator('tbody tr').nth(3)).not.toHaveClass(/fw-bold/);
  await expect(view.getByTestId('cronologia').locator('li')).not.toHaveCount(0);
  await expect(view.getByTestId('problemi').locator('tbody tr')).toHaveCount(20);
});

/** A visitor's tabs of a session with venues and over 20 teams (before the messages). */
const TAB_CON_POLI = [
  'Classifica semplificata',
  'Classifica polo',
  'Classifica',
  'Grafico',
  'Grafico a barre',
  'Istogramma punteggi',
  'Valore dei problemi',
  'Mappa',
  'Mappa poli',
];

test('a session with venues and over 20 teams: simplified and venue rankings, venue map', async ({
  page,
}) => {
  await openScores(page, `/sessione/${nazionale}/punteggi/`);
  await expect(page.getByTestId('stato-evento')).toHaveText(
    /^L'evento non è ancora iniziato\. Inizierà .+ e durerà 2 ore\.$/,
  );
  await expect(page.getByRole('timer', { name: "Tempo all'inizio" }).first()).toBeVisible();
  await expect
    .poll(() => tabNames(page))
    .toEqual(await conMessaggi(page, TAB_CON_POLI, 'Mappa poli'));
  await page.getByRole('tab', { name: 'Classifica semplificata' }).click();
  await expect(page).toHaveURL(/#semplificata$/);
  await expect(page.getByRole('table', { name: 'Classifica semplificata' })).toBeVisible();

  await page.getByRole('tab', { name: 'Classifica polo' }).click();
  const polo = page.getByLabel('Polo', { exact: true });
  // The session's venues only (those of its teams).
  const sessione = (await (await page.request.get(`/api/gas/sessione/${nazionale}/`)).json()) as {
    poli: number[];
  };
  await expect(polo.locator('option')).toHaveCount(sessione.poli.length);
  await polo.selectOption({ index: 1 });
  // The demo's venues are named 'Polo di …': the word is not doubled.
  const table = page.getByRole('table', { name: /^Classifica del Polo di / });
  await expect(table).toBeVisible();
  await expect(page.getByText(/squadre del Polo di /)).toBeVisible();
  await expect(page.getByText(/polo polo/i)).toHaveCount(0);
  // Every team of the venue is listed.
  const chosen = Number(await polo.inputValue());
  const teams = (await (
    await page.request.get(`/api/gas/squadra/in_sessione/?sessione=${nazionale}&page_size=500`)
  ).json()) as { results: { nome: string; polo: number | null }[] };
  const ofVenue = teams.results.filter((t) => t.polo === chosen);
  expect(ofVenue.length).toBeGreaterThan(0);
  for (const t of ofVenue) await expect(table).toContainText(t.nome);

  await page.getByRole('tab', { name: 'Mappa poli' }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.locator('path.leaflet-interactive')).toHaveCount(sessione.poli.length);
});

test('superusers also see the delivery slips and the answer latency with its download', async ({
  page,
}) => {
  await loginApi(page, 'admin');
  await openScores(page, `/sessione/${nazionale}/punteggi/`);
  await expect.poll(() => tabNames(page)).toContain('Bigliettini consegna');
  await expect.poll(() => tabNames(page)).toContain('Latenza arrivo risposte');
  await page.getByRole('tab', { name: 'Bigliettini consegna' }).click();
  await expect(page).toHaveURL(/#bigliettini$/);
  await expect(page.getByRole('tabpanel')).not.toBeEmpty();

  await page.goto(`/sessione/${passato}/punteggi/#latenza`);
  await expect(page.getByTestId('latenza-statistiche')).toContainText('risposte · mediana');
  await graficoDisegnato(page, 'latenza');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica gli eventi grezzi (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^eventi-sessione-\d+-.+\.json$/);
  const events = JSON.parse(
    await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  );
  expect(events.length).toBeGreaterThan(100);
  expect(events[0]).toHaveProperty('date_received');
});

test.describe('every tab is in view and reachable, keyboard included', () => {
  /** A superuser on the session with venues: eleven tabs. */
  const ELEVEN = [...TAB_CON_POLI, 'Bigliettini consegna', 'Latenza arrivo risposte'];

  test('at 1280 px the strip wraps: every tab whole and inside the page; arrows move', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginApi(page, 'admin');
    await openScores(page, `/sessione/${nazionale}/punteggi/`);
    const tutte = await conMessaggi(page, ELEVEN, 'Bigliettini consegna');
    await expect.poll(() => tabNames(page)).toEqual(tutte);
    const strip = page.getByRole('tablist');
    const box = (await strip.boundingBox())!;
    // Nothing hidden in a sideways scroll.
    expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const name of tutte) {
      const tab = strip.getByRole('tab', { name, exact: true });
      await expect(tab).toBeVisible();
      const b = (await tab.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(box.x - 1);
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 1);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toHaveAttribute(
        'aria-labelledby',
        (await tab.getAttribute('id'))!,
      );
    }

    // ARIA tabs: only the chosen tab is in the Tab order; arrows, Home and End move.
    await strip.getByRole('tab', { name: 'Classifica', exact: true }).click();
    await expect(strip.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('ArrowRight');
    const grafico = strip.getByRole('tab', { name: 'Grafico', exact: true });
    await expect(grafico).toBeFocused();
    await expect(grafico).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/#grafico$/);
    await page.keyboard.press('End');
    await expect(strip.getByRole('tab', { name: 'Latenza arrivo risposte' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(strip.getByRole('tab', { name: 'Classifica semplificata' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(strip.getByRole('tab', { name: 'Latenza arrivo risposte' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Home');
    await expect(strip.getByRole('tab', { name: 'Classifica semplificata' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Tab leaves the strip for the panel's content.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(strip.getByRole('tab', { name: 'Classifica semplificata' })).toBeFocused();
  });

  test('at 360 px a select offers every tab; keyboard too', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await loginApi(page, 'admin');
    await openScores(page, `/sessione/${nazionale}/punteggi/`);
    const select = page.getByLabel(/^Scheda/);
    await expect(select).toBeVisible();
    // In view: not cut by the page's edge.
    const b = (await select.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(360);
    const attese = await conMessaggi(page, ELEVEN, 'Bigliettini consegna');
    await expect.poll(() => select.locator('option').allTextContents()).toEqual(attese);
    await expect(select).toHaveValue('tabella');
    for (const [key, name] of [
      ['mappa-poli', 'Mappa poli'],
      ['latenza', 'Latenza arrivo risposte'],
      ['semplificata', 'Classifica semplificata'],
    ] as const) {
      await select.selectOption({ label: name });
      await expect(page).toHaveURL(new RegExp(`#${key}$`));
      await expect(page.getByRole('tabpanel')).toHaveAttribute('id', `pannello-${key}`);
    }
    // From the keyboard: focus the select and move with the arrows.
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/#polo$/);
    await expect(select).toHaveValue('polo');
    await expect(page.getByLabel('Polo', { exact: true })).toBeVisible();
  });
});
