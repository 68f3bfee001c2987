// Answer submission (issue 8 item 1) on the demo national event, which has
// not started yet: nobody's answer counts before the start, its staff's
// included (issue 12 item 9); while it runs its staff and its teams' managers
// deliver; a teacher without the official flag never.
import { expect, test } from '@playwright/test';
import {
  apiJson,
  demoEventi,
  login,
  withEventRunning,
  type EventoApi,
} from './support/tools-helpers';

test('an inseritore delivers answers and a joker with the keyboard alone, and deletes one', async ({
  page,
}) => {
  await login(page, 'inseritore');
  const { nazionale } = await demoEventi(page);
  const evento = await apiJson<EventoApi>(page, `/api/gas/evento/${nazionale.id}/`);
  const sessione = nazionale.sessioni[0]!;
  const id = (nome: string) => String(evento.problemi.find((p) => p.nome === nome)!.id);
  const p3 = evento.problemi.find((p) => p.nome === 'P3')!;

  await page.goto(`/sessione/${sessione.id}/consegna-risposte/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Consegna risposte' })).toBeVisible();
  const squadra = page.getByLabel('Squadra', { exact: true });
  await expect(squadra).toBeFocused();
  const teamName = (await squadra.locator('option').nth(1).textContent())!;

  // Before the start not even the staff's answer is accepted.
  await squadra.selectOption({ label: teamName });
  await page.getByLabel('Problema', { exact: true }).selectOption(id('P3'));
  await page.getByLabel('Valore', { exact: true }).fill(String(p3.soluzione!).replace('.', ','));
  await page.getByLabel('Esponente', { exact: true }).fill(String(p3.soluzione_exp));
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByText(/La gara non è in corso/)).toBeVisible();
  await expect(page.getByText(/^Corretto!/)).toHaveCount(0);

  await withEventRunning(page, evento, async () => {
    await page.reload();
    await expect(squadra).toBeFocused();

    // Team, Tab, problem, Tab, value, Tab, exponent, Enter: no mouse.
    await squadra.selectOption({ label: teamName });
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Problema', { exact: true })).toBeFocused();
    await page.getByLabel('Problema', { exact: true }).selectOption(id('P3'));
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Valore', { exact: true })).toBeFocused();
    await page.keyboard.type(String(p3.soluzione!).replace('.', ','));
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Esponente', { exact: true })).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(p3.soluzione_exp));
    await page.keyboard.press('Enter');
    await expect(
      page.getByText(/^Corretto! Risposta correttamente consegnata oggi alle \d\d:\d\d:\d\d\.$/),
    ).toBeVisible();
    // Many teams: the form is cleared and the cursor is back on the team.
    await expect(squadra).toHaveValue('');
    await expect(squadra).toBeFocused();

    // A wrong answer, sent with Enter from the problem select.
    await squadra.selectOption({ label: teamName });
    await page.getByLabel('Valore', { exact: true }).fill('12345');
    await page.getByLabel('Problema', { exact: true }).selectOption(id('P3'));
    await page.getByLabel('Problema', { exact: true }).press('Enter');
    await expect(page.getByText(/^Errato! Risposta correttamente consegnata/)).toBeVisible();

    // The joker needs no value.
    await squadra.selectOption({ label: teamName });
    await page.getByLabel('Problema', { exact: true }).selectOption(id('P5'));
    await page.getByRole('button', { name: 'Imposta come jolly' }).click();
    await expect(page.getByText('Jolly impostato correttamente.')).toBeVisible();

    // A second joker for the team is refused by the server, shown as a notice.
    await squadra.selectOption({ label: teamName });
    await page.getByLabel('Problema', { exact: true }).selectOption(id('P6'));
    await page.getByRole('button', { name: 'Imposta come jolly' }).click();
    await expect(page.getByText('La squadra ha già scelto il problema jolly.')).toBeVisible();

    // The list shows the three deliveries; the wrong one is deleted after 'Sei sicuro?'.
    const rows = page
      .getByRole('table', { name: 'Risposte consegnate' })
      .locator('tbody tr')
      .filter({ hasText: teamName });
    await expect(rows).toHaveCount(3);
    const wrong = rows.filter({ hasText: 'Errata' });
    await wrong.getByRole('button', { name: /Cancella la risposta/ }).click();
    await expect(page.getByRole('dialog', { name: 'Sei sicuro?' })).toBeVisible();
    await page.getByRole('button', { name: 'Conferma' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Errata' })).toHaveCount(0);
  });
});

test('the staff may key in a paper slip with its delivery time, to the second', async ({
  page,
}) => {
  await login(page, 'amministratore');
  const { nazionale } = await demoEventi(page);
  await page.goto(`/evento/${nazionale.id}/consegna-risposte/`);
  await page.getByLabel('Squadra', { exact: true }).selectOption({ index: 2 });
  await page.getByLabel('Problema', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Valore', { exact: true }).fill('1');
  await expect(page.getByLabel(/Momento di consegna/)).toHaveCount(0);
  await page.getByLabel('Orario automatico', { exact: true }).uncheck();
  const momento = page.getByLabel(/Momento di consegna/);
  await expect(momento).toHaveAttribute('step', '1');
  // The event has not started: a time outside it is refused on the field.
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(
    page.getByText(
      'Il momento di consegna deve essere compreso tra l’inizio e la fine della gara.',
    ),
  ).toBeVisible();
});

test('managers and teachers: what they may not do', async ({ page }) => {
  // A visitor goes to the login page and comes back.
  await page.goto('/evento/1/consegna-risposte/');
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=%2Fevento%2F1%2Fconsegna-risposte%2F/);

  // A teacher without the official flag cannot deliver in the official event.
  await login(page, 'docente');
  const { nazionale } = await demoEventi(page);
  await page.goto(`/evento/${nazionale.id}/consegna-risposte/`);
  await expect(page.getByText('Non puoi consegnare risposte in questo evento.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invia' })).toHaveCount(0);

  // A main manager delivers for his own teams, but only while the contest runs.
  await login(page, 'principale');
  await page.goto(`/evento/${nazionale.id}/consegna-risposte/`);
  await page.getByLabel('Squadra', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Problema', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Valore', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByText(/La gara non è in corso/)).toBeVisible();
  // Managers neither choose the delivery time nor delete answers.
  await expect(page.getByLabel('Orario automatico', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Cancella la risposta/ })).toHaveCount(0);
});
