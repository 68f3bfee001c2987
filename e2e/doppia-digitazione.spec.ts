// Double entry of paper slips (issue 17) as a venue uses it: the event's
// administrator switches it on in the event form; an inseritore and the
// administrator each type the slips at their own desk. The same reading
// stores the answer once; different readings wait on the 'Doppia
// digitazione' page, where the administrator accepts one of them and the
// answer counts.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import {
  apiCall,
  apiJson,
  apiList,
  demoEventi,
  login,
  withEventRunning,
  type EventoApi,
} from './support/tools-helpers';

type RispostaApi = { id: number; valore: string; squadra: number; problema: number };

async function digita(page: Page, squadra: string, problema: number, valore: string) {
  await page.getByLabel('Squadra', { exact: true }).selectOption({ label: squadra });
  await page.getByLabel('Problema', { exact: true }).selectOption(String(problema));
  await page.getByLabel('Valore', { exact: true }).fill(valore);
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByLabel('Squadra', { exact: true })).toHaveValue('');
}

test('two typists: agreeing readings store the answer, disagreeing ones are decided by the administrator', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await login(page, 'amministratore');
  const { nazionale } = await demoEventi(page);
  const evento = await apiJson<EventoApi & { doppia_digitazione: boolean }>(
    page,
    `/api/gas/evento/${nazionale.id}/`,
  );
  const sessione = nazionale.sessioni[0]!;
  const problema = evento.problemi.find((p) => p.nome === 'P9')!;

  // The administrator switches double entry on in the event form.
  await page.goto(`/modifica-evento/${evento.id}/`);
  await page.getByLabel('Doppia digitazione delle risposte').check();
  await page.getByRole('button', { name: 'Salva modifiche' }).click();
  await expect(page).toHaveURL(new RegExp(`/evento/${evento.id}/$`));
  expect(
    (await apiJson<{ doppia_digitazione: boolean }>(page, `/api/gas/evento/${evento.id}/`))
      .doppia_digitazione,
  ).toBe(true);

  const altro = await browser.newContext({ serviceWorkers: 'block' });
  const inseritore = await altro.newPage();
  const creati: number[] = [];
  try {
    await withEventRunning(page, evento, async () => {
      const url = `/sessione/${sessione.id}/consegna-risposte/`;
      await login(inseritore, 'inseritore', url);
      await page.goto(url);
      for (const p of [page, inseritore]) {
        await expect(p.getByText(/^Doppia digitazione: ogni foglio va inserito/)).toBeVisible();
      }
      const squadre = (
        await inseritore.getByLabel('Squadra', { exact: true }).locator('option').allTextContents()
      ).filter((s) => s.trim() !== '' && !s.startsWith('Scegli'));
      // Teams the other specs leave alone (they use the first ones).
      const [concorde, discorde] = squadre.slice(-5, -3);

      // The same slip, the same reading from both desks: one answer.
      await digita(inseritore, concorde!, problema.id, '4321');
      await expect(inseritore.getByText(/^Prima digitazione registrata/)).toBeVisible();
      await digita(page, concorde!, problema.id, '4321,0');
      await expect(
        page.getByText(/^(Corretto|Errato)! Risposta correttamente consegnata/),
      ).toBeVisible();

      // Another slip read two ways: nothing counts yet.
      await digita(inseritore, discorde!, problema.id, '17');
      await digita(page, discorde!, problema.id, '71');
      await expect(page.getByText(/^Questa digitazione non coincide/)).toBeVisible();
      const coda = page.getByTestId('coda-invii');
      await expect(coda.getByText('Digitazioni discordanti')).toBeVisible();

      const risposte = async () =>
        (
          await apiList<RispostaApi>(
            page,
            `/api/gas/risposta/?squadra__sessione=${sessione.id}&problema=${problema.id}`,
          )
        ).filter((r) => ['4321,0', '4321', '17', '71'].includes(r.valore));
      await expect.poll(async () => (await risposte()).map((r) => r.valore)).toHaveLength(1);

      // The administrator decides on the 'Doppia digitazione' page.
      await page.getByRole('link', { name: 'Vedi le digitazioni della sessione' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Doppia digitazione' }),
      ).toBeVisible();
      const coppia = page.getByRole('listitem').filter({ hasText: discorde! });
      await expect(coppia).toContainText('17');
      await expect(coppia).toContainText('71');
      await expectNoAxeViolations(page);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: test.info().outputPath(`doppia-digitazione-${width}.png`),
          fullPage: true,
        });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await coppia.getByRole('button', { name: 'Accetta 71' }).click();
      await expect(
        page.getByText('Nessuna coppia di digitazioni discordanti da risolvere.'),
      ).toBeVisible();
      const decisioni = page.getByRole('table', { name: 'Decisioni degli amministratori' });
      // One row per slip: both readings, which one was accepted, the value stored, who decided.
      const decisa = decisioni.getByRole('row').filter({ hasText: discorde! });
      await expect(decisa).toHaveCount(1);
      const celle = decisa.getByRole('cell');
      await expect(celle.nth(2)).toContainText('17');
      await expect(celle.nth(2)).toContainText(/71.*accettata/);
      await expect(celle.nth(3)).toHaveText('Accettata la lettura di Aldo Amati');
      await expect(celle.nth(4)).toHaveText('71');
      await expect(celle.nth(5)).toContainText('Aldo Amati');
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await decisioni.screenshot({ path: test.info().outputPath(`decisioni-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      // Two answers now: the agreed one and the decided one, each once.
      await expect
        .poll(async () => (await risposte()).map((r) => r.valore).sort())
        .toEqual(['4321,0', '71']);
      creati.push(...(await risposte()).map((r) => r.id));
    });
  } finally {
    for (const id of creati) await apiCall(page, 'DELETE', `/api/gas/risposta/${id}/`);
    const off = await apiCall(page, 'PATCH', `/api/gas/evento/${evento.id}/`, {
      doppia_digitazione: false,
    });
    expect(off.ok()).toBeTruthy();
    await altro.close();
  }
});
