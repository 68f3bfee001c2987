import { expect, test } from '@playwright/test';

test('the real server on a fresh database serves the home page with the navbar', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/GaS/);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Regolamento' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Eventi' })).toBeVisible();
});

test('an unknown path returns the app, which shows its 404 page', async ({ page, request }) => {
  const raw = await request.get('/una/pagina/che/non/esiste/');
  expect(raw.status()).toBe(200);
  expect(raw.headers()['content-type']).toContain('text/html');
  await page.goto('/una/pagina/che/non/esiste/');
  await expect(page.getByText('Error 404')).toBeVisible();
  await expect(page.getByText('Nessun risultato per')).toBeVisible();
});

test('the API lists the demo events and the server time', async ({ request }) => {
  const eventi = await request.get('/api/gas/evento/');
  expect(eventi.ok()).toBeTruthy();
  const body = await eventi.json();
  expect(body.count).toBeGreaterThanOrEqual(2);
  expect(body.results.map((e: { tipologia: string }) => e.tipologia)).toContain('o');
  const time = await request.get('/api/time/');
  const { epoch_ms } = await time.json();
  expect(Math.abs(epoch_ms - Date.now())).toBeLessThan(60_000);
});
