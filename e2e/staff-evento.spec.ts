// Appointing event staff (issue 26): the administrator of an event finds a
// freshly created account (no manager profile) by its e-mail and appoints it.
import { expect, test } from '@playwright/test';
import { loadDemo } from './support/demo';
import { apiCall, login } from './support/tools-helpers';

test('an event administrator appoints a new user found by e-mail', async ({ page, request }) => {
  const demo = await loadDemo(request);
  const stamp = Date.now();
  const email = `nuova.${stamp}@scuola.example`;
  await login(page, 'staff', '/');
  const created = await apiCall(page, 'POST', '/api/admin/user/', {
    username: `nuova.${stamp}`,
    email,
    first_name: 'Nuova',
    last_name: `Collega ${stamp}`,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    // 'amministratore' administers the national event.
    await login(page, 'amministratore', `/modifica-evento/${demo.nazionale.id}/`);
    const staff = page.getByRole('region', { name: 'Amministratori e inseritori' });
    await staff.getByLabel('Cerca chi nominare inseritore').fill(email.toUpperCase());
    await staff.getByRole('button', { name: `Nomina Nuova Collega ${stamp} inseritore` }).click();
    await expect(
      staff.getByText(`Fatto: Nuova Collega ${stamp} ora è inseritore dell’evento.`),
    ).toBeVisible();
    await expect(staff.getByText(`Nuova Collega ${stamp}`, { exact: true })).toBeVisible();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await staff.screenshot({ path: `test-results/staff-evento-${width}.png` });
    }
  } finally {
    await login(page, 'admin', '/');
    expect((await apiCall(page, 'DELETE', `/api/admin/user/${id}/`)).status()).toBe(204);
  }
});
