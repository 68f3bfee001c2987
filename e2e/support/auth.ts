// Logging in and out through the real pages, as a person would.
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';

/** From `from`, follows 'Accedi' to the login page and comes back to `from` logged in. */
export async function loginAs(page: Page, username: string, from = '/eventi/'): Promise<void> {
  await page.goto(from);
  const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
  await openMobileMenu(page);
  await nav.getByRole('link', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  const path = from.split('#')[0]!;
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  await openMobileMenu(page);
  await expect(nav.getByRole('button', { name: username })).toBeVisible();
}

export async function logout(page: Page, username: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
  await openMobileMenu(page);
  await nav.getByRole('button', { name: username }).click();
  await nav.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await openMobileMenu(page);
  await expect(nav.getByRole('link', { name: 'Accedi' })).toBeVisible();
}

/** On narrow screens the navbar links sit behind the toggler. */
export async function openMobileMenu(page: Page): Promise<void> {
  const toggler = page.getByRole('button', { name: 'Apri o chiudi il menu' });
  if (!(await toggler.isVisible())) return;
  // A click on the frame index.html paints before the app takes over opens
  // nothing: clicked again until the app's menu opens.
  await expect(async () => {
    if ((await toggler.getAttribute('aria-expanded')) !== 'true') await toggler.click();
    // Wait for the end of the opening animation: links move while it runs.
    await expect(page.locator('#navbar-principale')).toHaveClass(/(^|\s)show(\s|$)/, {
      timeout: 3_000,
    });
  }).toPass();
}
