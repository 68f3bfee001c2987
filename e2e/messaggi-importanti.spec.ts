// Important messages during the contest (issue 14, item 3): an administrator
// of the event writes, edits and deletes one from the scores page's
// 'Messaggi importanti' tab, and a visitor's scores page, already open in
// another browser, follows each change at once through the live feed.
import { expect, test } from '@playwright/test';
import { loginAs } from './support/auth';
import {
  apiAs,
  createLiveEvent,
  MINUTE,
  retireEvent,
  type Api,
  type LiveEvent,
} from './support/punteggi-api';
import { openScores } from './support/punteggi-page';

test.describe.configure({ mode: 'serial' });

let admin: Api;
let live: LiveEvent;
const titolo = `Prova messaggi ${Date.now()}`;

test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL!, 'admin');
  live = await createLiveEvent(admin, {
    titolo,
    teams: 3,
    problems: 2,
    qualificati: 1,
    startedAgoMs: 10 * MINUTE,
  });
});

test.afterAll(async () => {
  if (live) await retireEvent(admin, live.eventoId);
  await admin?.dispose();
});

test('an administrator posts, edits and deletes a message; an open page follows', async ({
  page,
  browser,
}) => {
  const path = `/sessione/${live.sessioneId}/punteggi/`;
  const visitor = await (await browser.newContext()).newPage();
  await openScores(visitor, path);
  await visitor.getByRole('tab', { name: 'Messaggi importanti' }).click();
  await expect(visitor.getByText('Nessun messaggio importante per questo evento.')).toBeVisible();
  // The visitor cannot write.
  await expect(visitor.getByRole('textbox', { name: 'Nuovo messaggio importante' })).toHaveCount(0);

  await loginAs(page, 'admin', path);
  await page.getByRole('tab', { name: 'Messaggi importanti' }).click();
  const nuovo = page.getByRole('textbox', { name: 'Nuovo messaggio importante' });
  await page.getByRole('button', { name: 'Pubblica' }).click();
  await expect(page.getByText('Scrivi il testo del messaggio.')).toBeVisible();
  await nuovo.fill('La gara finisce alle 12:00');
  await page.getByRole('button', { name: 'Pubblica' }).click();
  await expect(page.getByText('Messaggio pubblicato')).toBeVisible();
  await expect(nuovo).toHaveValue('');

  // The visitor gets it at once: in the list and as a toast.
  const list = visitor.getByTestId('messaggi');
  await expect(list).toContainText('La gara finisce alle 12:00');
  await expect(visitor.getByText('Messaggio importante', { exact: true })).toBeVisible();

  await page.getByTestId('messaggi').getByRole('button', { name: 'Modifica' }).click();
  await page.getByLabel('Testo del messaggio').fill('La gara finisce alle 12:30');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByTestId('messaggi')).toContainText('La gara finisce alle 12:30');
  await expect(list).toContainText('La gara finisce alle 12:30');
  // The old text is gone (the message's own date may read 12:00: the whole text is matched).
  await expect(list).not.toContainText('La gara finisce alle 12:00');

  await page.getByTestId('messaggi').getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('Eliminare questo messaggio?')).toBeVisible();
  await page.getByTestId('messaggi').getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('Nessun messaggio importante per questo evento.')).toBeVisible();
  await expect(visitor.getByText('Nessun messaggio importante per questo evento.')).toBeVisible();

  // The whole story is in the audit log.
  const log = await admin.get<{ results: { azione: string; origine: string }[] }>(
    `/api/admin/log/?risorsa=messaggio-importante&search=La gara finisce`,
  );
  expect(log.results.map((e) => e.azione)).toEqual(['elimina', 'modifica', 'crea']);
  await visitor.context().close();
});
