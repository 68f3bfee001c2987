// The scores page for every viewer (issue 29): rank changes announced to
// screen readers after answers submitted through the API, gathered (at most
// one announcement every 10 s) and silenced by a switch kept across a
// reload; sorting, row highlight and the charts' legends from the keyboard
// alone; no blinking under reduced motion; the joker not by colour alone;
// axe with 0 violations on the table and chart tabs at 1280 and 360 px.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { answer, liveEventForTests, MINUTE } from './support/punteggi-api';
import { openScores, tableNames } from './support/punteggi-page';
import { graficoDisegnato } from './support/grafici';

test.describe.configure({ mode: 'serial' });

const titolo = `Prova punteggi accessibili ${Date.now()}`;
const evento = liveEventForTests({
  titolo,
  teams: 6,
  problems: 4,
  qualificati: 3,
  startedAgoMs: 30 * MINUTE,
});

const scores = () => `/sessione/${evento.live.sessioneId}/punteggi/`;
const squadra = (i: number) => evento.live.squadre[i]!;
const problema = (i: number) => evento.live.problemi[i]!;

/** Correct answers of a team to the given problems (by index). */
async function solve(team: number, problems: number[]) {
  for (const p of problems) {
    const r = await answer(evento.admin, {
      squadra: squadra(team).id,
      problema: problema(p).id,
      valore: String(problema(p).soluzione),
    });
    expect(r.corretto).toBe(true);
  }
}

/** Records every text the live region takes, with the page's time. */
async function recordAnnouncements(page: Page) {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="annunci-classifica"]')!;
    const said: { at: number; text: string }[] = [];
    (window as unknown as { annunci: typeof said }).annunci = said;
    new MutationObserver(() => {
      const text = region.textContent ?? '';
      if (text !== '' && text !== said[said.length - 1]?.text) said.push({ at: Date.now(), text });
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
}

const announcements = (page: Page) =>
  page.evaluate(() => (window as unknown as { annunci: { at: number; text: string }[] }).annunci);

const firstTeam = (page: Page) => page.locator('.score-table tbody .team-btn').first();

test('rank changes are announced politely, gathered at most one every 10 s', async ({ page }) => {
  await openScores(page, scores());
  const region = page.getByRole('status').and(page.getByTestId('annunci-classifica'));
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveClass(/visually-hidden/);
  await expect(page.getByLabel('Annunci per lettori di schermo')).toBeChecked();
  await expect(region).toHaveText('');
  await recordAnnouncements(page);

  // The last team solves P1: first, announced at once.
  await solve(5, [0]);
  await expect(firstTeam(page)).toHaveText(squadra(5).nome);
  await expect(region).toContainText(`${squadra(5).nome} sale al 1° posto.`);

  // Straight after, two teams climb past it: they wait for the 10 s window,
  // then are said together, each at its latest place.
  await solve(4, [0, 1]);
  await expect(firstTeam(page)).toHaveText(squadra(4).nome);
  await solve(3, [0, 1, 2]);
  await expect(firstTeam(page)).toHaveText(squadra(3).nome);
  const first = (await announcements(page))[0]!;
  expect(await region.textContent()).toBe(first.text);
  await expect(region).toContainText(`${squadra(3).nome} sale al 1° posto.`, { timeout: 15_000 });
  const said = await announcements(page);
  expect(said).toHaveLength(2);
  expect(said[1]!.at - said[0]!.at).toBeGreaterThanOrEqual(9_900);
  expect(said[1]!.text).toContain(`${squadra(4).nome} sale al 2° posto.`);
  expect(said[1]!.text).toContain(`${squadra(5).nome} scende al 3° posto.`);
  // Squadra 4 is never said at an intermediate 1st place.
  expect(said[1]!.text).not.toContain(`${squadra(4).nome} sale al 1° posto`);
});

test('the switch silences the announcements and is kept across a reload', async ({ page }) => {
  await openScores(page, scores());
  const region = page.getByTestId('annunci-classifica');
  const toggle = page.getByLabel('Annunci per lettori di schermo');
  await expect(toggle).toBeChecked();
  // Keyboard: the switch is a checkbox, Space turns it off.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await recordAnnouncements(page);

  await solve(2, [0, 1, 2, 3]);
  await expect(firstTeam(page)).toHaveText(squadra(2).nome);
  // Past any window that could still be open: nothing said at all.
  await page.waitForTimeout(11_000);
  expect(await announcements(page)).toEqual([]);
  await expect(region).toHaveText('');

  await page.reload();
  await expect(page.locator('.score-table tbody tr[data-squadra]').first()).toBeVisible();
  await expect(page.getByLabel('Annunci per lettori di schermo')).not.toBeChecked();
  await page.getByLabel('Annunci per lettori di schermo').check();
  await page.reload();
  await expect(page.getByLabel('Annunci per lettori di schermo')).toBeChecked();
});

/** Presses Tab until the focus is on an element matching `selector` (at most `max` times). */
async function tabTo(page: Page, selector: string, max = 30) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${selector}: not reached with Tab`);
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const style = el ? getComputedStyle(el) : null;
    return {
      text: el?.textContent?.trim() ?? '',
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
    };
  });

test('sorting, row highlight and tabs from the keyboard alone, focus in view', async ({ page }) => {
  await openScores(page, scores());
  // From the tab strip into the table: the chosen tab is in the Tab order.
  await page.getByRole('tab', { name: 'Classifica' }).focus();
  await tabTo(page, '.score-table-scroll');
  await tabTo(page, '.sort-btn');
  expect((await focused(page)).text).toMatch(/^Pos\./);
  await page.keyboard.press('Tab');
  expect((await focused(page)).text).toBe('Squadra');
  expect((await focused(page)).outline).toMatch(/^solid [1-9]/);
  await page.keyboard.press('Enter');
  const nameHeader = page.locator('.score-table thead th.col-nome');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  const names = evento.live.squadre.map((s) => s.nome);
  expect(await tableNames(page)).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await tableNames(page)).toEqual([...names].sort((a, b) => b.localeCompare(a, 'it')));

  // Highlight: Enter on the first team's button opens the colours with the focus on them.
  await tabTo(page, '.team-btn');
  const team = await focused(page);
  expect(team.outline).toMatch(/^solid [1-9]/);
  const row = page.locator('.score-table tbody tr', { has: page.locator('.team-btn:focus') });
  const id = await row.getAttribute('data-squadra');
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: `Evidenzia ${team.text}` });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('button', { name: 'giallo' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(picker.getByRole('button', { name: 'verde' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`colori=${id}(%3A|:)verde`));
  await expect(page.locator(`tr[data-squadra="${id}"]`)).toHaveCSS(
    'background-color',
    'rgb(195, 240, 200)',
  );
  // The focus is back on the team, and Escape closes the colours without a choice.
  await expect(page.locator(`tr[data-squadra="${id}"] .team-btn`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(page.locator(`tr[data-squadra="${id}"] .team-btn`)).toBeFocused();

  // Tabs: arrows move between them (ARIA tabs pattern).
  await page.getByRole('tab', { name: 'Classifica' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Grafico', exact: true })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Grafico', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The chart's window from the keyboard: the zoom buttons.
  const zoomIn = page.getByRole('button', { name: 'Ingrandisci' });
  await expect(zoomIn).toBeVisible();
  await tabTo(page, 'button.btn-outline-secondary');
  await expect(zoomIn).toBeFocused();
  await page.keyboard.press('Enter');
  await graficoDisegnato(page, 'grafico-punteggi');
});

test("the charts' legends from the keyboard: a line or a bar's part hidden and shown again", async ({
  page,
}) => {
  await solve(0, [0, 1]);
  await solve(1, [0]);
  const canvasImage = (testId: string) =>
    page
      .getByTestId(testId)
      .locator('canvas')
      .first()
      .evaluate((c: HTMLCanvasElement) => c.toDataURL());

  for (const { hash, testId, group, entry } of [
    {
      hash: '#grafico',
      testId: 'grafico-punteggi',
      group: 'Squadre nel grafico',
      entry: squadra(0).nome,
    },
    {
      hash: '#barre',
      testId: 'grafico-barre',
      group: 'Parti del punteggio nel grafico',
      entry: 'Punteggio base',
    },
  ]) {
    await openScores(page, scores());
    await page.goto(`${scores()}${hash}`);
    await graficoDisegnato(page, testId);
    const legend = page.getByRole('group', { name: group });
    const button = legend.getByRole('button', { name: entry, exact: true });
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    // The chart settles (lazy update) before it is compared.
    let drawn = '';
    await expect
      .poll(async () => {
        const before = drawn;
        drawn = await canvasImage(testId);
        return drawn === before;
      })
      .toBe(true);

    // Tab to the legend, then along it to the entry.
    await tabTo(page, '.legenda-grafico__voce');
    for (
      let i = 0;
      i < 20 && !(await button.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(button).toBeFocused();
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button).toHaveCSS('text-decoration-line', 'line-through');
    await expect.poll(() => canvasImage(testId)).not.toBe(drawn);
    const hidden = await canvasImage(testId);

    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => canvasImage(testId)).not.toBe(hidden);
  }
});

test('reduced motion: a new cell does not blink, and it does otherwise', async ({ page }) => {
  const cell = () => page.locator(`tr[data-squadra="${squadra(0).id}"] td.col-prob`).first();
  const animation = () => cell().evaluate((el) => getComputedStyle(el).animationName);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openScores(page, scores());
  await solve(0, [0]);
  await expect(cell()).toHaveClass(/cell-new/);
  expect(await animation()).toBe('none');
  // Still marked as new: a steady border instead of the blinking one.
  expect(await cell().evaluate((el) => getComputedStyle(el).boxShadow)).toContain('inset');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await animation()).toBe('cell-blink');
});

test('the joker: a hatched cell and a spoken word, the live tile a mark', async ({ page }) => {
  await openScores(page, scores());
  await evento.admin.post('/api/gas/jolly/', { squadra: squadra(0).id, problema: problema(0).id });
  const tile = page.getByTestId('live-tile');
  await expect(tile).toHaveClass(/live-tile--altro/);
  await expect(tile).toContainText('JUltima risposta · Jolly');
  await expect(tile.locator('.live-tile__mark')).toHaveAttribute('aria-hidden', 'true');
  const cell = page.locator(`tr[data-squadra="${squadra(0).id}"] td.col-prob`).first();
  await expect(cell).toHaveClass(/cell-jolly/);
  expect(await cell.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
    'repeating-linear-gradient',
  );
  await expect(cell.locator('.jolly-badge .visually-hidden')).toHaveText('jolly');
  await expect(cell.locator('.jolly-badge [aria-hidden="true"]')).toHaveText('J');
});

for (const width of [1280, 360]) {
  test(`axe: table and chart tabs with 0 violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openScores(page, `${scores()}?colori=${squadra(1).id}:azzurro`);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`tabella-${width}.png`) });
    await page.goto(`${scores()}#grafico`);
    await graficoDisegnato(page, 'grafico-punteggi');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`grafico-${width}.png`), fullPage: true });
    await page.goto(`${scores()}#barre`);
    await graficoDisegnato(page, 'grafico-barre');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`barre-${width}.png`), fullPage: true });
  });
}
