// The event form (issue 8 item 3): a teacher creates and edits an unofficial
// event; nobody else edits it.
import { expect, test } from '@playwright/test';
import { apiJson, demoEventi, login, type EventoApi } from './support/tools-helpers';

export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a teacher creates a private event with the defaults, problems and parameters, then edits it', async ({
  page,
}) => {
  await login(page, 'docente');
  await page.goto('/accounts/profile/');
  await page.getByRole('link', { name: 'Nuovo evento' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Creazione evento' })).toBeVisible();
  await expect(page.getByText('Con questo modulo puoi organizzare')).toBeVisible();

  // Defaults of spec §9: private, next full hour, 90 minutes, joker at the end.
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await expect(field('Tipologia')).toHaveValue('priv');
  const inizio = await field('Inizio').inputValue();
  const fine = await field('Fine').inputValue();
  expect(inizio).toMatch(/T\d\d:00(:00)?$/);
  expect(Date.parse(fine) - Date.parse(inizio)).toBe(90 * 60_000);
  await expect(field('Termine per la scelta del jolly')).toHaveValue(fine);
  await expect(page.getByText('Deve precedere l’inizio dell’evento.')).toBeVisible();

  await page.getByLabel('Mostra parametri liberi del sistema di punteggi').check();
  await expect(page.getByLabel(/^Bonus velocità/)).toHaveAttribute('step', '1');
  await expect(page.getByLabel(/^Scala del bonus velocità/)).toHaveAttribute('step', '0.001');
  await page.getByLabel(/^Bonus velocità/).fill('25');

  await field('Titolo').fill('Allenamento di prova e2e');
  const add = page.getByRole('button', { name: 'Aggiungi problema' });
  for (let i = 0; i < 3; i++) await add.click();
  await expect(field('Tolleranza di P3')).toHaveValue('0,005');
  await field('Soluzione di P1').fill('11');
  await field('Soluzione di P2').fill('22');
  await field('Soluzione di P3').fill('33');
  await page.getByRole('button', { name: 'Sposta P3 su' }).click();
  await expect(field('Soluzione di P2')).toHaveValue('33');
  await page.getByRole('button', { name: 'Elimina P1' }).click();
  await expect(field('Soluzione di P1')).toHaveValue('33');
  await expect(field('Soluzione di P2')).toHaveValue('22');
  await expect(field('Soluzione di P3')).toHaveCount(0);

  // An invalid date is refused on its field before anything is sent.
  await field('Fine').fill(inizio);
  await page.getByRole('button', { name: 'Crea evento' }).click();
  await expect(
    page.getByText("La fine dell'evento deve essere successiva all'inizio."),
  ).toBeVisible();
  await field('Fine').fill(fine);
  await page.getByRole('button', { name: 'Crea evento' }).click();
  await expect(page).toHaveURL(/\/evento\/\d+\/$/);
  const id = Number(/\/evento\/(\d+)\//.exec(page.url())![1]);
  const evento = await apiJson<EventoApi & { BONUS_VELOCITA: number }>(
    page,
    `/api/gas/evento/${id}/`,
  );
  expect(evento.tipologia).toBe('priv');
  expect(evento.BONUS_VELOCITA).toBe(25);
  expect(evento.problemi.map((p) => [p.nome, p.soluzione])).toEqual([
    ['P1', 33],
    ['P2', 22],
  ]);

  // Edit: the creator is an administrator; files and invitations are here.
  await page.goto(`/modifica-evento/${id}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Modifica evento' })).toBeVisible();
  await expect(field('Titolo')).toHaveValue('Allenamento di prova e2e');
  const staff = page.getByRole('region', { name: 'Amministratori e inseritori' });
  await expect(staff.getByText('Daniela Docenti')).toBeVisible();

  const files = page.getByRole('region', { name: 'Testo e soluzioni' });
  await files.getByLabel('Testo dei problemi (PDF)').setInputFiles({
    name: 'testo.docx',
    mimeType: 'application/msword',
    buffer: Buffer.from('non un pdf'),
  });
  await expect(files.getByText('Il file deve essere un PDF.')).toBeVisible();
  await files.getByLabel('Testo dei problemi (PDF)').setInputFiles({
    name: 'testo.pdf',
    mimeType: 'application/pdf',
    buffer: TINY_PDF,
  });
  await files.getByRole('button', { name: 'Carica' }).first().click();
  await expect(files.getByText('File caricato.')).toBeVisible();
  await expect(
    files.getByText(/È già stato caricato un file: caricandone uno nuovo lo sostituisci\./),
  ).toBeVisible();
  await expect(files.getByRole('button', { name: 'Sostituisci' })).toBeVisible();

  await field('Titolo').fill('Allenamento di prova e2e (modificato)');
  await page.getByRole('button', { name: 'Salva modifiche' }).click();
  await expect(page).toHaveURL(new RegExp(`/evento/${id}/$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Allenamento di prova e2e (modificato)' }),
  ).toBeVisible();
});

test('the event form is refused to those who may not use it', async ({ page }) => {
  // A visitor is sent to log in.
  await page.goto('/nuovo-evento/');
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=%2Fnuovo-evento%2F/);

  // A teacher cannot edit the official event, nor create an official one.
  await login(page, 'docente');
  const { nazionale } = await demoEventi(page);
  await page.goto(`/modifica-evento/${nazionale.id}/`);
  await expect(page.getByText('403: Permesso negato')).toBeVisible();
  await page.goto('/nuovo-evento/');
  await expect(
    page.getByLabel('Tipologia', { exact: true }).locator('option[value="o"]'),
  ).toHaveCount(0);
});
