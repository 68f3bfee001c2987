// Admin actions (issue 8 item 5): staff only.
import { expect, test } from '@playwright/test';
import { demoEventi, login } from './support/tools-helpers';

test("staff: 'Seleziona una sessione', 'Cache resettata', 'Refresh schedulato'", async ({
  page,
}) => {
  await login(page, 'staff');
  const { nazionale } = await demoEventi(page);
  await page.goto('/admin-actions/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Azioni amministrative' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Resetta la cache' }).click();
  await expect(page.getByText('Seleziona una sessione')).toBeVisible();
  // Error messages clear after 10 s.
  await expect(page.getByText('Seleziona una sessione')).toHaveCount(0, { timeout: 12_000 });

  const sessione = nazionale.sessioni[0]!;
  await page.getByLabel('Filtra Sessione').fill(`${nazionale.titolo}.*${sessione.nome}`);
  await page.getByLabel('Sessione', { exact: true }).selectOption(String(sessione.id));
  await page.getByRole('button', { name: 'Resetta la cache' }).click();
  await expect(page.getByText('Cache resettata')).toBeVisible();
  const intervallo = page.getByLabel('Intervallo (secondi)');
  await expect(intervallo).toHaveValue('30');
  await expect(intervallo).toHaveAttribute('step', '5');
  await page.getByRole('button', { name: 'Richiedi il refresh' }).click();
  await expect(page.getByText('Refresh schedulato')).toBeVisible();
});

test('the admin actions are refused to a teacher and to visitors', async ({ page }) => {
  await page.goto('/admin-actions/');
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=%2Fadmin-actions%2F/);
  await login(page, 'docente');
  await page.goto('/admin-actions/');
  await expect(page.getByText('403: Permesso negato')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resetta la cache' })).toHaveCount(0);
});
