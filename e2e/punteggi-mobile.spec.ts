// The scores page on a phone (issue 29): at 360 px the 'Classifica' tab is a
// list with full names, no sideways scroll, a team's detail in a dialog,
// up to three followed teams kept across a reload, the school route's teams
// on top, movement arrows since the last look, one clock, toasts that leave
// the title and the list uncovered; keyboard-only use; axe at 360 and 1280.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/axe';
import { loadDemo, type Demo } from './support/demo';
import {
  answer,
  apiAs,
  createLiveEvent,
  MINUTE,
  retireEvent,
  serverRanking,
  type Api,
  type LiveEvent,
} from './support/punteggi-api';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 360, height: 800 } });

let admin: Api;
let live: LiveEvent;
let demo: Demo;
let scuola: { id: number; nome: string };
const titolo = `Prova punteggi telefono ${Date.now()}`;

/** A school of the demo data (of the first session that has one). */
async function unaScuola(api: Api): Promise<{ id: number; nome: string }> {
  const sessioni = await api.get<{ results: { id: number }[] }>('/api/gas/sessione/?page_size=50');
  for (const s of sessioni.results) {
    const { results } = await api.get<{ results: { id: number; nome: string }[] }>(
      `/api/gas/sessione/${s.id}/scuole/?page_size=5`,
    );
    if (results.length >= 1) return results[0]!;
  }
  throw new Error('nessuna sessione demo con una scuola');
}

test.beforeAll(async ({ baseURL, request }) => {
  admin = await apiAs(baseURL!, 'admin');
  demo = await loadDemo(request);
  scuola = await unaScuola(admin);
  live = await createLiveEvent(admin, {
    titolo,
    teams: 6,
    problems: 4,
    qualificati: 3,
    startedAgoMs: 30 * MINUTE,
    // Teams 2 and 5 of the school.
    scuole: [null, scuola.id, null, null, scuola.id, null],
  });
  const sol = (i: number) => String(live.problemi[i]!.soluzione);
  const [a, b, c] = live.squadre;
  const [p1, p2, p3] = live.problemi;
  // Some answers, so the ranking has distinct places and a detail has content.
  await answer(admin, { squadra: a!.id, problema: p1!.id, valore: sol(0) });
  await answer(admin, { squadra: a!.id, problema: p2!.id, valore: '999' });
  await answer(admin, { squadra: b!.id, problema: p3!.id, valore: sol(2) });
  await answer(admin, { squadra: c!.id, problema: p2!.id, valore: '998' });
});

test.afterAll(async () => {
  if (live) await retireEvent(admin, live.eventoId);
  await admin?.dispose();
});

const scores = () => `/sessione/${live.sessioneId}/punteggi/`;
const list = (page: Page) => page.getByTestId('elenco-classifica');
const item = (page: Page, id: number) => list(page).locator(`li[data-squadra="${id}"]`);
const opener = (page: Page, id: number) => item(page, id).locator('.elenco-voce__apri');
const seguite = (page: Page) => page.getByRole('region', { name: 'Squadre seguite' });

async function openList(page: Page, path = scores()) {
  await page.goto(path);
  await expect(list(page).locator('li').first()).toBeVisible();
  await expect(page.getByText('Caricamento delle risposte…')).toHaveCount(0);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
}

/**
 * The dialog's fade-in over: axe measures contrast with the opacity of the
 * moment, so a check mid-transition reports the text as too pale.
 */
async function dialogFermo(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const modal = document.querySelector('.modal.show');
    return (
      modal !== null &&
      getComputedStyle(modal).opacity === '1' &&
      modal.getAnimations({ subtree: true }).every((a) => a.playState !== 'running')
    );
  });
}

test('at 360 px the ranking is a list: full names, school, total, no sideways scroll', async ({
  page,
  request,
}) => {
  // The demo's concluded session: real (long) team names.
  const sessione = demo.passato.sessioni[0]!.id;
  await openList(page, `/sessione/${sessione}/punteggi/`);
  await expect(page.locator('.score-table')).toHaveCount(0);
  const response = await request.get(`/api/gas/sessione/${sessione}/punteggi/`);
  const server = (
    (await response.json()) as {
      results: { json: { classifica: { id: number; nome: string; totale: number }[] } }[];
    }
  ).results[0]!.json.classifica;
  const shown = list(page).locator('li');
  const first = Math.min(10, server.length);
  for (let i = 0; i < first; i++) {
    const row = shown.nth(i);
    await expect(row.locator('.elenco-nome__squadra')).toHaveText(server[i]!.nome);
    await expect(row.locator('.elenco-tot')).toHaveText(`${server[i]!.totale} punti`);
  }
  // Names wrapped, never cut: nothing overflows its box.
  const cut = await list(page)
    .locator('.elenco-nome__squadra')
    .evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
  expect(cut).toEqual([]);
  await expect(shown.first().locator('.elenco-nome__scuola')).not.toBeEmpty();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, 'elenco-360.png');
});

test('one clock at 360 px (the live tile), the flip clock too at 1280 px', async ({ page }) => {
  await openList(page);
  await expect(page.getByTestId('stato-evento')).toHaveText(/^L'evento è in corso e finirà /);
  await expect(page.getByRole('timer')).toHaveCount(1);
  await expect(page.locator('.flip-clock')).toBeHidden();
  await expect(page.getByTestId('live-tile')).toContainText('Tempo rimanente');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('.flip-clock')).toBeVisible();
});

test('a team detail opens in a dialog and closing it returns to the team', async ({ page }) => {
  const a = live.squadre[0]!;
  await openList(page);
  await opener(page, a.id).click();
  const dialog = page.getByRole('dialog', { name: a.nome });
  await expect(dialog).toBeVisible();
  const righe = dialog.getByTestId('dettaglio-problemi').locator('tbody tr');
  await expect(righe).toHaveCount(4);
  await expect(righe.nth(0)).toContainText('✓ risolto');
  await expect(righe.nth(1)).toContainText('✗ errato');
  await expect(righe.nth(2)).toContainText('– non tentato');
  const risposte = dialog.getByTestId('ultime-risposte').locator('li');
  await expect(risposte).toHaveCount(2);
  await expect(risposte.nth(0)).toContainText('P2');
  await expect(risposte.nth(0)).toContainText('errata');
  await expect(risposte.nth(1)).toContainText('corretta');
  await dialogFermo(page);
  await expectNoAxeViolations(page);
  await shot(page, 'dettaglio-360.png');
  await dialog.getByRole('button', { name: 'Chiudi' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(opener(page, a.id)).toBeFocused();
});

test('three teams followed, a fourth refused, kept across a reload', async ({ page }) => {
  const [a, b, c, d] = live.squadre;
  await openList(page);
  for (const s of [a!, b!, c!]) {
    await item(page, s.id)
      .getByRole('button', { name: `Segui ${s.nome}` })
      .click();
  }
  await expect(seguite(page).locator('li')).toHaveCount(3);
  const quarta = item(page, d!.id).getByRole('button', { name: `Segui ${d!.nome}` });
  await quarta.click();
  await expect(page.getByText(/Puoi seguire al massimo tre squadre/)).toBeVisible();
  await expect(quarta).toHaveAttribute('aria-pressed', 'false');
  await expect(seguite(page).locator('li')).toHaveCount(3);
  await shot(page, 'seguite-360.png');

  await page.reload();
  await expect(seguite(page).locator('li')).toHaveCount(3);
  const nomi = await seguite(page).locator('.elenco-nome__squadra').allTextContents();
  expect(nomi.sort()).toEqual([a!.nome, b!.nome, c!.nome].sort());
  // Unfollowed from the detail: a place frees up.
  await opener(page, b!.id).click();
  const dialog = page.getByRole('dialog', { name: b!.nome });
  const segui = dialog.getByRole('button', { name: 'Segui questa squadra' });
  await expect(segui).toHaveAttribute('aria-pressed', 'true');
  await segui.click();
  await expect(segui).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await expect(seguite(page).locator('li')).toHaveCount(2);
});

test("the school route follows the school's teams besides the viewer's three", async ({ page }) => {
  const [a, b, c, d, e] = live.squadre;
  await openList(page, `/sessione/${live.sessioneId}/punteggi/scuola/${scuola.id}/`);
  const top = seguite(page);
  await expect(top.locator('li')).toHaveCount(2);
  for (const s of [b!, e!]) await expect(top.locator(`li[data-squadra="${s.id}"]`)).toHaveCount(1);
  // They do not count against the three.
  for (const s of [a!, c!, d!]) {
    await item(page, s.id)
      .getByRole('button', { name: `Segui ${s.nome}` })
      .click();
  }
  await expect(top.locator('li')).toHaveCount(5);
  await expect(page.getByText(/Puoi seguire al massimo/)).toHaveCount(0);
});

test('keyboard only: the tabs select, the list, the detail and the follow button', async ({
  page,
}) => {
  const [a, b] = live.squadre;
  await openList(page);
  // The tabs at 360 px: a select, changed with the arrow keys.
  const select = page.getByLabel(/^Scheda/);
  await select.focus();
  await expect(select).toHaveValue('tabella');
  await page.keyboard.press('ArrowDown');
  await expect(select).not.toHaveValue('tabella');
  await expect(page).not.toHaveURL(/#tabella$/);
  await expect(list(page)).toHaveCount(0);
  await page.keyboard.press('ArrowUp');
  await expect(select).toHaveValue('tabella');
  await expect(list(page)).toBeVisible();

  // Tab reaches the list (through the toggle); arrows move between teams.
  const firstOpener = list(page).locator('.elenco-voce__apri').first();
  const elencoToggle = page.getByRole('button', { name: 'Elenco', exact: true });
  await elencoToggle.focus();
  await page.keyboard.press('Tab');
  await expect(firstOpener).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const second = list(page).locator('.elenco-voce__apri').nth(1);
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(firstOpener).toBeFocused();

  // Enter opens the detail, Escape closes it back onto the team.
  const id = Number(await firstOpener.locator('xpath=..').getAttribute('data-squadra'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(opener(page, id)).toBeFocused();
  // Space on the opener too.
  await page.keyboard.press(' ');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // Tab to the follow button, Space follows.
  await opener(page, a!.id).focus();
  await page.keyboard.press('Tab');
  const follow = item(page, a!.id).getByRole('button', { name: `Segui ${a!.nome}` });
  await expect(follow).toBeFocused();
  await page.keyboard.press(' ');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await opener(page, b!.id).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: b!.nome })).toBeVisible();
});

test('at 1280 px the table by default, the list on request, the choice kept', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(scores());
  await expect(page.locator('.score-table tbody tr[data-squadra]').first()).toBeVisible();
  const tabella = page.getByRole('button', { name: 'Tabella', exact: true });
  const elenco = page.getByRole('button', { name: 'Elenco', exact: true });
  await expect(tabella).toHaveAttribute('aria-pressed', 'true');
  await expect(list(page)).toHaveCount(0);
  await elenco.click();
  await expect(list(page).locator('li').first()).toBeVisible();
  await expect(page.locator('.score-table')).toHaveCount(0);
  await expect(page.locator('.flip-clock')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'elenco-1280.png');
  await page.reload();
  await expect(list(page).locator('li').first()).toBeVisible();
  await expect(elenco).toHaveAttribute('aria-pressed', 'true');
  await opener(page, live.squadre[0]!.id).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await dialogFermo(page);
  await expectNoAxeViolations(page);
  await shot(page, 'dettaglio-1280.png');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  // The tab strip from the keyboard: arrows move and choose, back with the other arrow.
  const strip = page.getByRole('tablist');
  const classifica = strip.getByRole('tab', { selected: true });
  await classifica.focus();
  await page.keyboard.press('ArrowRight');
  const next = strip.getByRole('tab', { selected: true });
  await expect(next).toBeFocused();
  await expect(list(page)).toHaveCount(0);
  await page.keyboard.press('ArrowLeft');
  await expect(list(page).locator('li').first()).toBeVisible();
  await page.getByRole('button', { name: 'Tabella', exact: true }).click();
  await expect(page.locator('.score-table tbody tr[data-squadra]').first()).toBeVisible();
});

test('movement since the last look after answers submitted meanwhile', async ({ page }) => {
  await openList(page);
  const before = await serverRanking(page.request, live.sessioneId);
  // No arrows on a first look.
  await expect(list(page).getByTestId('movimento')).toHaveCount(0);
  // The last team climbs: it solves two problems while the viewer is away.
  const last = before.at(-1)!;
  await page.goto('about:blank');
  const sol = (i: number) => String(live.problemi[i]!.soluzione);
  await answer(admin, { squadra: last.id, problema: live.problemi[0]!.id, valore: sol(0) });
  await answer(admin, { squadra: last.id, problema: live.problemi[3]!.id, valore: sol(3) });
  const after = await serverRanking(page.request, live.sessioneId);
  await openList(page);
  const posOf = (rows: typeof before, id: number) => rows.find((r) => r.id === id)!.posizione!;
  const gained = posOf(before, last.id) - posOf(after, last.id);
  expect(gained).toBeGreaterThan(0);
  const mov = item(page, last.id).getByTestId('movimento');
  await expect(mov).toContainText(`▲${gained}`);
  await expect(mov).toContainText(`salita di ${gained} posizion`);
  // A team overtaken shows its loss.
  const down = before.find((r) => r.id !== last.id && posOf(after, r.id) > r.posizione!)!;
  const lost = posOf(after, down.id) - down.posizione!;
  await expect(item(page, down.id).getByTestId('movimento')).toContainText(`▼${lost}`);
  await expect(item(page, down.id).getByTestId('movimento')).toContainText(`scesa di ${lost}`);
  await shot(page, 'movimento-360.png');
});

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('nessun riquadro');
  return b;
}

test('at 360 px a toast covers neither the title nor, scrolled to the end, the list', async ({
  page,
}) => {
  await page.route('**/api/gas/messaggi-importanti/**', (route) =>
    route.fulfill({ status: 429, json: { detail: 'Troppe richieste.' } }),
  );
  await openList(page);
  const toast = page.locator('.toast').filter({ hasText: 'Calma' });
  await expect(toast).toBeVisible();
  const t = await box(toast);
  const h1 = await box(page.getByRole('heading', { level: 1 }));
  expect(t.y).toBeGreaterThanOrEqual(h1.y + h1.height);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const ultimo = await box(list(page).locator('li').last());
  const t2 = await box(toast);
  expect(ultimo.y + ultimo.height).toBeLessThanOrEqual(t2.y + 1);
  await shot(page, 'toast-360.png');
  await toast.getByRole('button', { name: 'Chiudi' }).click();
  await expect(toast).toBeHidden();
});
