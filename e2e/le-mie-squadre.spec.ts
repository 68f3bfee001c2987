// A manager's way in (issue 26): 'Le mie squadre' in the navbar lists all his
// teams of the current events, and 'Evento corrente' takes a user to an event
// where he has teams or a role before the usual one.
import { expect, test } from '@playwright/test';
import { loadDemo } from './support/demo';
import { openMobileMenu } from './support/auth';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/axe';
import { apiCall, apiJson, login } from './support/tools-helpers';

type Pagina<T> = { results: T[] };

test("a main manager finds his teams through 'Le mie squadre'", async ({ page, request }) => {
  const demo = await loadDemo(request);
  await login(page, 'principale', '/');
  const mie = await apiJson<Pagina<{ nome: string; evento: number }>>(
    page,
    '/api/gas/squadra/mie/?page_size=1000',
  );
  const nazionali = mie.results.filter((s) => s.evento === demo.nazionale.id);
  expect(nazionali.length).toBeGreaterThan(0);

  const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
  await openMobileMenu(page);
  await nav.getByRole('link', { name: 'Le mie squadre' }).click();
  await expect(page).toHaveURL(/\/le-mie-squadre\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Le mie squadre' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: demo.nazionale.titolo })).toBeVisible();
  for (const s of nazionali)
    await expect(page.getByRole('heading', { name: s.nome })).toBeVisible();
  // The past event's teams are not among the current ones.
  await expect(page.getByRole('heading', { level: 2, name: demo.passato.titolo })).toHaveCount(0);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    if (width === 360) await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/le-mie-squadre-${width}.png` });
  }
  await page.getByRole('link', { name: 'Consegna risposte' }).first().click();
  await expect(page).toHaveURL(/\/sessione\/\d+\/consegna-risposte\/$/);
});

test("'Evento corrente' is the user's own event before the official one", async ({
  page,
  request,
}) => {
  const demo = await loadDemo(request);
  await login(page, 'docente', '/');
  const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
  await openMobileMenu(page);
  await expect(nav.getByRole('link', { name: 'Evento corrente' })).toHaveAttribute(
    'href',
    `/evento/${demo.nazionale.id}/`,
  );
  // A private event of his, starting at the next full hour: he is its administrator.
  const created = await apiCall(page, 'POST', '/api/gas/evento/', {
    titolo: `Allenamento di oggi ${Date.now()}`,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    // The list of events may be kept by the browser for 10 s (cache 'stabile').
    await expect(async () => {
      await page.goto('/');
      await openMobileMenu(page);
      await expect(nav.getByRole('link', { name: 'Evento corrente' })).toHaveAttribute(
        'href',
        `/evento/${id}/`,
        { timeout: 2000 },
      );
    }).toPass({ timeout: 30_000 });
  } finally {
    await login(page, 'admin', '/');
    expect((await apiCall(page, 'DELETE', `/api/admin/evento/${id}/`)).status()).toBe(204);
  }
});
