// Profile, secondary-manager form and chat token (issue 8 item 4), each as a
// role that may use it and one that may not.
import { expect, test } from '@playwright/test';
import { login } from './support/tools-helpers';

test('a main manager: profile, then a new secondary manager, then editing him', async ({
  page,
}) => {
  await login(page, 'principale');
  await expect(page.getByRole('heading', { level: 1, name: 'Profilo personale' })).toBeVisible();
  const mine = page.getByRole('region', { name: 'I tuoi dati' });
  await expect(mine.getByText('Responsabile principale')).toBeVisible();
  await expect(mine.getByText(/si modificano su myOlifis/)).toBeVisible();
  await expect(mine.getByText('La password si cambia dalla pagina')).toBeVisible();
  await expect(mine.getByText('Newsletter')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Eventi non ufficiali' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nuovo evento' })).toBeVisible();
  const altri = page.getByRole('region', { name: 'Altri responsabili delle tue scuole' });
  await expect(altri.getByRole('heading', { name: /Sergio Secondi/ })).toBeVisible();
  // Someone else's card: no password note, no newsletter.
  await expect(altri.getByText('La password si cambia dalla pagina')).toHaveCount(0);
  await expect(altri.getByText('Newsletter')).toHaveCount(0);

  await page.getByRole('link', { name: 'Crea un nuovo responsabile' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Nuovo responsabile di squadra' }),
  ).toBeVisible();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Nome').fill('Teresa');
  await field('Cognome').fill('Terzi');
  await field('Email').fill('teresa.terzi@example.org');
  await field('Username').fill('teresa.terzi@example.org');
  await expect(
    page.getByText('Può coincidere con l’e-mail; serve per accedere al sito.'),
  ).toBeVisible();
  await field('Password').fill('una-password-lunga');
  await field('Conferma password').fill('unaltra-password');
  const squadre = field('Squadre');
  const prima = (await squadre.locator('option').first().textContent())!;
  expect(prima).toMatch(/ - /); // 'scuola - squadra'
  await squadre.selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByText('Le due password non corrispondono')).toBeVisible();
  await field('Conferma password').fill('una-password-lunga');
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page).toHaveURL(/\/accounts\/profile\/$/);
  const card = altri.locator('.card').filter({ hasText: 'Teresa Terzi' });
  await expect(card.getByText('Responsabile squadra')).toBeVisible();

  await card.getByRole('link', { name: 'Modifica' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Modifica responsabile di squadra' }),
  ).toBeVisible();
  await expect(field('Username')).toHaveAttribute('readonly', '');
  await expect(field('Password')).toHaveCount(0);
  await expect(field('Squadre').locator('option:checked')).toHaveCount(1);
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page).toHaveURL(/\/accounts\/profile\/$/);
});

test('a secondary manager may not create managers; a visitor has no profile', async ({ page }) => {
  await page.goto('/accounts/profile/');
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=%2Faccounts%2Fprofile%2F/);

  await login(page, 'secondario');
  await expect(page.getByText('Responsabile squadra').first()).toBeVisible();
  await expect(page.getByText(/si modificano su myOlifis/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Crea un nuovo responsabile' })).toHaveCount(0);
  await page.goto('/nuovo-responsabile/');
  await expect(page.getByText('403: Permesso negato')).toBeVisible();
  await expect(
    page.getByText('Solo i responsabili principali possono creare responsabili di squadra.'),
  ).toBeVisible();
});

test('chat token: prefilled from ?user= (created only when asked), shown with copy and reset; login required', async ({
  page,
}) => {
  await page.goto('/accounts/profile/chat-token/?user=Dani');
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=/);

  await login(page, 'docente', '/accounts/profile/chat-token/?user=Dani');
  await expect(page.getByRole('heading', { level: 1, name: 'Token per la chat' })).toBeVisible();
  await expect(page.getByLabel('Nome utente nella chat')).toHaveValue('Dani');
  // Opening the link only prefills the name: no token until asked for.
  const token = page.getByLabel('Token', { exact: true });
  await expect(page.getByRole('button', { name: 'Ottieni il token' })).toBeVisible();
  await expect(token).toHaveCount(0);
  await page.getByRole('button', { name: 'Ottieni il token' }).click();
  await expect(token).not.toHaveValue('');
  const primo = await token.inputValue();
  await expect(page.getByRole('button', { name: 'Copia' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect(token).not.toHaveValue(primo);
  // The profile links here.
  await page.goto('/accounts/profile/');
  await page.getByRole('link', { name: 'Token per la chat della comunità' }).click();
  await expect(page).toHaveURL(/\/accounts\/profile\/chat-token\/$/);
});
