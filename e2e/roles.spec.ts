// Every demo role logs in through the real login page and sees the shell and
// the event pages with the links and tiles its permissions allow (spec §6).
import { expect, test, type Page } from '@playwright/test';
import { loginAs, logout, openMobileMenu } from './support/auth';
import { loadDemo, ROLES, type Demo, type DemoEvento, type Role } from './support/demo';

let demo: Demo;
test.beforeAll(async ({ request }) => {
  demo = await loadDemo(request);
});

type Key = keyof Demo;
const KEYS: Key[] = ['nazionale', 'passato', 'aperto'];

/** Who may edit which demo event (spec §6: superuser, or administrators of the event). */
const MODIFICA: Record<Role, Key[]> = {
  admin: ['nazionale', 'passato', 'aperto'],
  staff: [],
  principale: [],
  secondario: [],
  docente: ['aperto'],
  amministratore: ['nazionale'],
  inseritore: [],
};

const STAFF: Role[] = ['admin', 'staff'];

interface Permessi {
  puo_modificare: boolean;
  puo_inserire: boolean;
  puo_consegnare: boolean;
  puo_iscrivere_squadre: boolean;
}

/** The permissions the server gives this browser's user (same cookies). */
async function permessi(page: Page, evento: DemoEvento): Promise<Permessi> {
  const response = await page.request.get(`/api/gas/evento/${evento.id}/`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { permessi: Permessi }).permessi;
}

async function expectTiles(page: Page, evento: DemoEvento, role: Role, key: Key) {
  await page.goto(`/evento/${evento.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(evento.titolo);
  const p = await permessi(page, evento);
  expect(p.puo_modificare, `${role} modifica ${key}`).toBe(MODIFICA[role].includes(key));

  const modifica = page.getByTestId('tile-modifica');
  await expect(modifica).toHaveCount(p.puo_modificare ? 1 : 0);
  if (p.puo_modificare)
    await expect(modifica).toHaveAttribute('href', `/modifica-evento/${evento.id}/`);
  const consegna = p.puo_consegnare || p.puo_inserire;
  await expect(page.getByTestId('tile-consegna')).toHaveCount(consegna ? 1 : 0);
  await expect(page.getByTestId('tile-iscrivi')).toHaveCount(p.puo_iscrivere_squadre ? 1 : 0);

  for (const sessione of evento.sessioni) {
    const card = page.getByTestId(`sessione-${sessione.id}`);
    await expect(card.getByRole('link', { name: 'Le tue squadre' })).toHaveAttribute(
      'href',
      `/sessione/${sessione.id}/le-tue-squadre/`,
    );
    await expect(card.getByRole('link', { name: 'Consegna risposte' })).toHaveCount(
      consegna ? 1 : 0,
    );
  }
}

for (const role of ROLES) {
  test(`${role}: user menu, staff links and event tiles`, async ({ page }) => {
    await loginAs(page, role, '/eventi/');
    const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
    await expect(nav.getByRole('link', { name: 'Accedi' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Evento corrente' })).toHaveAttribute(
      'href',
      `/evento/${demo.nazionale.id}/`,
    );

    await nav.getByRole('button', { name: role }).click();
    await expect(nav.getByRole('link', { name: 'Profilo personale' })).toHaveAttribute(
      'href',
      '/accounts/profile/',
    );
    await expect(nav.getByRole('link', { name: 'Cambia password' })).toHaveAttribute(
      'href',
      '/accounts/password/',
    );
    await expect(nav.getByRole('button', { name: 'Esci' })).toBeVisible();
    const staff = STAFF.includes(role);
    await expect(nav.getByRole('link', { name: 'Amministrazione' })).toHaveCount(staff ? 1 : 0);
    await expect(nav.getByRole('link', { name: 'Azioni amministrative' })).toHaveCount(
      staff ? 1 : 0,
    );
    await page.keyboard.press('Escape');

    // The private events a role may see would appear among the unofficial ones.
    await page.goto('/eventi/non-ufficiali/');
    await expect(page.getByRole('article', { name: demo.aperto.titolo })).toBeVisible();

    for (const key of KEYS) await expectTiles(page, demo[key], role, key);

    await logout(page, role);
    await page.goto(`/evento/${demo.aperto.id}/`);
    await expect(page.getByTestId('tile-modifica')).toHaveCount(0);
    await expect(page.getByTestId('tile-consegna')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Le tue squadre' })).toHaveCount(0);
  });
}

test('a wrong password shows the server message and keeps the visitor logged out', async ({
  page,
}) => {
  await page.goto('/accounts/login/?next=/sponsor/');
  await page.getByLabel('Nome utente').fill('docente');
  await page.getByLabel('Password').fill('sbagliata');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(
    page.getByText('Impossibile eseguire il login con le credenziali immesse.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/accounts\/login\//);
  await openMobileMenu(page);
  await expect(page.getByRole('link', { name: 'Accedi' })).toBeVisible();
});

test('the login page keeps the hash of next and refuses outside targets', async ({ page }) => {
  await loginAs(page, 'principale', '/regolamento/#anno-2024');
  await expect(page).toHaveURL('/regolamento/#anno-2024');
  await logout(page, 'principale');

  await page.goto('/accounts/login/?next=//example.org/');
  await page.getByLabel('Nome utente').fill('principale');
  await page.getByLabel('Password').fill('gas-demo');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL('/');
});

test('the change-password page shows server errors on their fields', async ({ page }) => {
  await loginAs(page, 'secondario', '/accounts/password/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cambia password');
  await page.getByLabel('Password attuale').fill('non-la-mia');
  await page.getByLabel('Nuova password').fill('una-nuova-password');
  await page.getByLabel('Conferma password').fill('una-diversa');
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText('Le due password non corrispondono')).toBeVisible();
  await page.getByLabel('Conferma password').fill('una-nuova-password');
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText('La password attuale non è corretta.')).toBeVisible();
  await expect(page.getByLabel('Password attuale')).toHaveAttribute('aria-invalid', 'true');
});
