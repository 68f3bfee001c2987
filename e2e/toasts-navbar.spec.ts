// Notifications never hide the navbar: they start below it, and an open menu
// of the navbar (the user menu) stays on top of them, at 1280 and 360 px;
// nor do they cover the page's title (on a phone they rise from the bottom).
import { expect, test, type Page } from '@playwright/test';
import { loginAs, openMobileMenu } from './support/auth';

/** True when the element's centre is the element itself (or inside it), not something on top. */
async function onTop(page: Page, name: string) {
  const item = page
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('navigation').getByRole('link', { name, exact: true }));
  await expect(item.first()).toBeVisible();
  return item.first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
}

for (const width of [1280, 360]) {
  test(`at ${width} px toasts sit below the navbar and under its user menu`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, 'admin', '/regolamento/');
    // Every call answers 429 for a moment: the 'Calma' toast appears.
    await page.route('**/api/gas/sito/**', (route) =>
      route.fulfill({ status: 429, json: { detail: 'Troppe richieste.' } }),
    );
    await page.goto('/');
    const toast = page.locator('.toast').filter({ hasText: 'Calma' });
    await expect(toast).toBeVisible();

    const navbar = page.getByRole('navigation', { name: 'Navigazione principale' });
    const navBox = (await navbar.boundingBox())!;
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(navBox.y + navBox.height);
    // Nor the page's title (its text; on a phone they sit at the bottom).
    const title = await page
      .getByRole('heading', { level: 1 })
      .first()
      .evaluate((h1) => {
        const range = document.createRange();
        range.selectNodeContents(h1);
        const r = range.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
    const apart = (a: typeof title, b: typeof title) =>
      a.x + a.width <= b.x ||
      b.x + b.width <= a.x ||
      a.y + a.height <= b.y ||
      b.y + b.height <= a.y;
    expect(
      apart(toastBox, title),
      `toast ${JSON.stringify(toastBox)} over the title ${JSON.stringify(title)}`,
    ).toBe(true);

    await openMobileMenu(page);
    await navbar.getByRole('button', { name: 'admin' }).click();
    for (const name of ['Profilo personale', 'Cambia password', 'Amministrazione', 'Esci']) {
      expect(await onTop(page, name), `${name} is covered`).toBe(true);
    }
  });
}
