// 'Valore dei problemi' on the scores page (issue 29 §4): the values, solvers
// and jokers the tab shows equal those @gas/scoring computes from the same
// data read through the API (and the server snapshot's `valori`), at 360 and
// 1280 px; a correct answer submitted through the API moves the problem's
// value and its solver count without a reload; no sideways scroll at 360 px;
// axe with 0 violations at both widths.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { problemValueHistory, type ScoringEvent, type ScoringInput } from '@gas/scoring';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/axe';
import { loadDemo } from './support/demo';
import { answer, liveEventForTests, MINUTE } from './support/punteggi-api';
import { graficoDisegnato } from './support/grafici';

test.describe.configure({ mode: 'serial' });

const SHOTS = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'test-results',
  'valore',
);
const WIDTHS = [360, 1280] as const;
const PARAMS = [
  'PTI_TOLTI_ERRORE',
  'PTI_BASE_MONTEPREMI',
  'MAX_ERRORI_RAISE_MONTEPREMI',
  'ERRORE_PUNTEGGI_RAISE',
  'PUNTEGGIO_BASE_PROBLEMI',
  'BONUS_VELOCITA',
  'SCALING_BONUS_VELOCITA',
  'SCALING_BONUS_MONTEPREMI',
] as const;

interface Snapshot {
  inizio: string;
  problemi: { id: number; nome: string }[];
  classifica: { id: number; nome: string; ospite: boolean; ordine_eta: number; penalita: number }[];
  valori: number[];
}

async function getJson<T>(api: APIRequestContext, url: string): Promise<T> {
  const response = await api.get(url);
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The ranking's input as the page builds it: the event's parameters, the
 * snapshot's problems and teams, every answer and joker of the session.
 */
async function scoringData(api: APIRequestContext, sessioneId: number) {
  const sessione = await getJson<{ evento: number }>(api, `/api/gas/sessione/${sessioneId}/`);
  const evento = await getJson<Record<string, unknown>>(api, `/api/gas/evento/${sessione.evento}/`);
  const snap = await getJson<{ results: { json: Snapshot }[] }>(
    api,
    `/api/gas/sessione/${sessioneId}/punteggi/`,
  );
  const json = snap.results[0]!.json;
  const eventi: ScoringEvent[] = [];
  let next: string | null = `/api/gas/risposta-all/?squadra__sessione=${sessioneId}&limit=1000`;
  while (next) {
    const url = new URL(next, 'http://x');
    const page: { results: (ScoringEvent & Record<string, unknown>)[]; next: string | null } =
      await getJson(api, url.pathname + url.search);
    for (const { id, k, s, p, c, d } of page.results) {
      eventi.push(k === 'r' ? { id, k, s, p, c, d } : { id, k, s, p, d });
    }
    next = page.next;
  }
  const params = Object.fromEntries(
    PARAMS.filter((k) => typeof evento[k] === 'number').map((k) => [k, evento[k] as number]),
  );
  const input: ScoringInput = {
    params,
    inizio: json.inizio,
    problemi: json.problemi.map((p) => ({ id: p.id, nome: p.nome })),
    squadre: json.classifica.map((e) => ({
      id: e.id,
      nome: e.nome,
      ospite: e.ospite,
      ordine_eta: e.ordine_eta,
      penalita: e.penalita,
    })),
    eventi,
  };
  return { input, snapshotValori: json.valori };
}

/** What the tab shows per problem id: value, solvers, jokers. */
async function shownRows(page: Page) {
  return page.locator('.valore-tabella tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cell = (id: string) =>
        row.querySelector(`[data-testid="${id}"]`)?.textContent?.trim().replace(/\./g, '');
      return {
        id: Number((row as HTMLElement).dataset.testid!.replace('valore-', '')),
        valore: Number(cell('valore-attuale')),
        risolutori: Number(cell('valore-risolutori')),
        jolly: Number(cell('valore-jolly')),
      };
    }),
  );
}

function expectedRows(input: ScoringInput) {
  return problemValueHistory(input).problemi.map((p) => ({
    id: p.id,
    valore: p.valore,
    risolutori: p.risolutori.length,
    jolly: p.jolly.length,
  }));
}

async function openTab(page: Page, sessioneId: number) {
  await page.goto(`/sessione/${sessioneId}/punteggi/#valore`);
  await expect(page.locator('.valore-tabella tbody tr').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Andamento del valore di / })).toBeVisible();
  await graficoDisegnato(page, 'grafico-valore');
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

for (const width of WIDTHS) {
  test(`a concluded demo session at ${width} px: the values of @gas/scoring, readable, accessible`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width < 576 ? 780 : 900 });
    const demo = await loadDemo(request);
    const sessioneId = demo.passato.sessioni[0]!.id;
    const { input, snapshotValori } = await scoringData(request, sessioneId);
    const expected = expectedRows(input);
    // The package agrees with the server's own ranking.
    expect(expected.map((r) => r.valore)).toEqual(snapshotValori);
    expect(expected.some((r) => r.risolutori > 1)).toBe(true);

    await openTab(page, sessioneId);
    if (width < 576) {
      await expect(page.getByLabel(/^Scheda/)).toHaveValue('valore');
    } else {
      await expect(page.getByRole('tab', { name: 'Valore dei problemi' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    }
    expect(await shownRows(page)).toEqual(expected);

    // The chosen problem's changes, newest first, as a table; choosing another from the keyboard.
    const first = input.problemi[0]!;
    await expect(
      page.getByRole('table', {
        name: `Variazioni del valore di ${first.nome}, dalla più recente`,
      }),
    ).toBeVisible();
    // The problem whose value moved most often (after the first).
    const series = problemValueHistory(input).problemi.slice(1);
    const moved = series.reduce((m, p) => (p.punti.length > m.punti.length ? p : m));
    expect(moved.punti.length).toBeGreaterThan(1);
    const second = input.problemi.find((p) => p.id === moved.id)!;
    const button = page.getByRole('button', {
      name: `${second.nome}: mostra l'andamento del valore`,
    });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('heading', { name: `Andamento del valore di ${second.nome}` }),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: /^Variazioni del valore di/ }).locator('tbody tr'),
    ).toHaveCount(Math.min(moved.punti.length - 1, 15) + 1);

    // On a phone the chart spans the panel; on a wide screen it sits beside the list.
    const chart = (await page.getByTestId('grafico-valore').boundingBox())!;
    const panel = (await page.locator('.punteggi-pannello').boundingBox())!;
    const list = (await page.locator('.valore-tabella').boundingBox())!;
    if (width < 576) {
      expect(chart.width).toBeGreaterThan(panel.width - 2);
    } else {
      expect(chart.width).toBeGreaterThan(panel.width / 2);
      expect(chart.x).toBeGreaterThan(list.x + list.width);
      expect(chart.y).toBeLessThan(list.y + list.height);
    }
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(SHOTS, `valore-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  });
}

test('during the replay the tab shows the values at the replayed instant', async ({
  page,
  request,
}) => {
  const demo = await loadDemo(request);
  const sessioneId = demo.passato.sessioni[0]!.id;
  const { input } = await scoringData(request, sessioneId);
  await openTab(page, sessioneId);
  const final = await shownRows(page);
  await page.getByLabel('Durata del replay (secondi)').fill('20');
  await page.getByRole('button', { name: 'Avvia il replay' }).click();
  const marker = page.getByTestId('valore-replay');
  await expect(marker).toBeVisible();
  // Some way into the session: some problems solved, not all answers in.
  await expect
    .poll(async () => (await shownRows(page)).reduce((n, r) => n + r.risolutori, 0), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  // The instant and the rows read in one go, from the same rendering.
  const { t, rows } = await page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="valore-replay"]');
    const cells = [...document.querySelectorAll('.valore-tabella tbody tr')].map((row) => {
      const cell = (id: string) =>
        row.querySelector(`[data-testid="${id}"]`)?.textContent?.trim().replace(/\./g, '');
      return {
        id: Number((row as HTMLElement).dataset.testid!.replace('valore-', '')),
        valore: Number(cell('valore-attuale')),
        risolutori: Number(cell('valore-risolutori')),
        jolly: Number(cell('valore-jolly')),
      };
    });
    return { t: Number(el?.dataset.t), rows: cells };
  });
  expect(rows).toEqual(expectedRows({ ...input, at: new Date(t).toISOString() }));
  expect(rows).not.toEqual(final);
  await page.getByRole('button', { name: 'Ferma il replay' }).click();
  await expect(marker).toHaveCount(0);
  expect(await shownRows(page)).toEqual(final);
});

test.describe('live', () => {
  const evento = liveEventForTests({
    titolo: `Prova valore dei problemi ${Date.now()}`,
    teams: 6,
    problems: 3,
    qualificati: 2,
    startedAgoMs: 30 * MINUTE,
  });

  test('correct answers through the API move the value and the solvers without a reload', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const [a, b, c] = evento.live.squadre;
    const p1 = evento.live.problemi[0]!;
    await answer(evento.admin, { squadra: a!.id, problema: p1.id, valore: String(p1.soluzione) });
    await openTab(page, evento.live.sessioneId);
    const row = page.getByTestId(`valore-${p1.id}`);
    await expect(row.getByTestId('valore-risolutori')).toHaveText('1');
    const before = Number(await row.getByTestId('valore-attuale').textContent());
    expect(await shownRows(page)).toEqual(
      expectedRows((await scoringData(request, evento.live.sessioneId)).input),
    );

    // A wrong answer raises the prize pool, a second solver lowers the value.
    await answer(evento.admin, { squadra: b!.id, problema: p1.id, valore: '987654' });
    await answer(evento.admin, { squadra: c!.id, problema: p1.id, valore: String(p1.soluzione) });
    await expect(row.getByTestId('valore-risolutori')).toHaveText('2');
    const { input } = await scoringData(request, evento.live.sessioneId);
    const expected = expectedRows(input);
    await expect.poll(() => shownRows(page)).toEqual(expected);
    expect(expected[0]!.valore).toBeLessThan(before);
    const motivi = page.getByRole('table', { name: /^Variazioni del valore di P1/ });
    await expect(motivi.locator('tbody tr').first()).toContainText(
      `Risposta corretta di ${c!.nome}`,
    );
    await expect(motivi).toContainText(`Risposta errata di ${b!.nome}: sale il montepremi`);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });
});
