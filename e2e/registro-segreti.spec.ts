// The audit log names secrets without their values (issue 26): a password
// link issued from the back office reads as changed, '*** → ***', on the
// account's history and in the log, which also filters the error inbox.
import { expect, test } from '@playwright/test';
import { casellaDiPosta, smtpPort } from './support/posta';
import { apiCall, login } from './support/tools-helpers';

// The link also leaves by e-mail: the SMTP server the app sends to.
const posta = casellaDiPosta();
test.beforeAll(async () => {
  await posta.start(smtpPort());
});
test.afterAll(async () => {
  await posta.stop();
});

test('a password link issued is in the log, without the link', async ({ page }) => {
  await login(page, 'admin', '/admin/');
  const users = await (await apiCall(page, 'GET', '/api/admin/user/?search=secondario')).json();
  const id = (users as { results: { id: number; username: string }[] }).results.find(
    (u) => u.username === 'secondario',
  )!.id;
  const res = await apiCall(page, 'POST', `/api/admin/user/${id}/invito-password/`);
  expect(res.status()).toBe(200);
  const { link } = (await res.json()) as { link: string };

  await page.goto(`/admin/log/?risorsa=user&oggetto=${id}`);
  const registro = page.getByTestId('registro');
  await expect(registro).toContainText('Link per scegliere la password: *** → ***');
  await expect(registro).toContainText('link per scegliere la password inviato (valido 7 giorni)');
  await expect(registro).not.toContainText(link.split('/').filter(Boolean).at(-1)!);
  await expect(
    page.getByLabel('Risorsa').locator('option', { hasText: 'Errori segnalati' }),
  ).toHaveCount(1);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/registro-segreti-${width}.png`, fullPage: true });
  }
});

test('an error group marked resolved shows who did it', async ({ page }) => {
  await login(page, 'admin', '/admin/');
  const report = await apiCall(page, 'POST', '/api/errori/', {
    tipo: 'errore',
    messaggio: 'Errore del registro e2e',
  });
  expect(report.status()).toBe(202);
  const gruppi = (await (
    await apiCall(page, 'GET', '/api/admin/errori/?risolto=false')
  ).json()) as {
    results: { id: number; messaggio: string }[];
  };
  const id = gruppi.results.find((g) => g.messaggio === 'Errore del registro e2e')!.id;
  await page.goto(`/admin/errori/${id}/`);
  await page.getByRole('button', { name: 'Segna come risolto' }).click();
  const storia = page.getByTestId('storia');
  await expect(storia).toContainText('admin · amministrazione');
  await expect(storia).toContainText('Risolto: no → sì');
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/errore-storia-${width}.png`, fullPage: true });
  }
});
