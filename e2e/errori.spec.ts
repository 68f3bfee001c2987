// Error reporting as people meet it (issue 16): a visitor's page that fails
// to render shows the error page, and its report reaches GaS's error inbox
// (once), the superuser's mailbox (a real SMTP server here) and Sentry (a
// stand-in for its ingestion); staff then find it in the back office, read
// its stack and mark it resolved.
import { expect, test } from '@playwright/test';
import { loginAs } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { loadDemo } from './support/demo';
import { casellaDiPosta, smtpPort } from './support/posta';
import { fintoSentry, sentryPort } from './support/sentry';

test.describe.configure({ mode: 'serial' });
// The page's own request is broken below (page.route); the service worker
// would fetch the event itself, out of page.route's reach.
test.use({ serviceWorkers: 'block' });

const posta = casellaDiPosta();
const sentry = fintoSentry();
test.beforeAll(async () => {
  await Promise.all([posta.start(smtpPort()), sentry.start(sentryPort())]);
});
test.afterAll(async () => {
  await Promise.all([posta.stop(), sentry.stop()]);
});

test('a page that crashes is reported once: inbox, superuser e-mail, Sentry; staff resolve it', async ({
  page,
  request,
}) => {
  const { nazionale } = await loadDemo(request);
  const mailPrima = posta.per('admin@gas.example').length;
  // The event's answer is broken on its way to the page: its render throws.
  await page.route(`**/api/gas/evento/${nazionale.id}/`, async (route) => {
    const risposta = await route.fetch();
    const evento = (await risposta.json()) as Record<string, unknown>;
    await route.fulfill({ response: risposta, json: { ...evento, sessioni: 'rotto' } });
  });
  const segnalazioni: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/errori/')) segnalazioni.push(r.postData() ?? '');
  });

  await page.goto(`/evento/${nazionale.id}/`);
  await expect(
    page.getByRole('heading', { level: 1, name: "L'applicazione è crashata" }),
  ).toBeVisible();
  await expect(
    page.getByText(/segnalato automaticamente agli amministratori del sito/),
  ).toBeVisible();

  // One report, whatever React re-renders.
  await expect.poll(() => segnalazioni.length).toBe(1);
  const inviata = JSON.parse(segnalazioni[0]!) as Record<string, string>;
  expect(inviata).toMatchObject({
    tipo: 'render',
    percorso: `/evento/${nazionale.id}/`,
    versione: '1.6.0',
  });
  expect(inviata.messaggio).toMatch(/^TypeError: /);
  await page.waitForTimeout(500);
  expect(segnalazioni).toHaveLength(1);

  // The superuser's e-mail, with the link to the group in the back office.
  await expect
    .poll(() => posta.per('admin@gas.example').length, { timeout: 15_000 })
    .toBe(mailPrima + 1);
  const mail = posta.per('admin@gas.example')[mailPrima]!;
  expect(mail.subject).toContain('nuovo errore: TypeError');
  expect(mail.text).toContain(`Percorso: /evento/${nazionale.id}/`);
  expect(mail.text).toContain('Utente: Anonymous');
  const link = /\/admin\/errori\/(\d+)\//.exec(mail.text ?? '');
  expect(link).not.toBeNull();

  // Sentry: one event envelope from the browser's SDK, tagged as the spec says.
  await expect
    .poll(() => sentry.buste.filter((b) => b.corpo.includes('"type":"event"')).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const busta = sentry.buste.find((b) => b.corpo.includes('"type":"event"'))!;
  expect(busta.percorso).toMatch(/^\/api\/1\/envelope\/\?.*sentry_key=chiavee2e/);
  expect(busta.corpo).toContain('"release":"gas@1.6.0"');
  expect(busta.corpo).toContain('"id":"Anonymous"');
  expect(busta.corpo).toContain(`/evento/${nazionale.id}/`);

  // Staff find it in the back office, read the stack and resolve it.
  await page.unrouteAll();
  await loginAs(page, 'staff', '/admin/errori/');
  // Its group, by the id the e-mail links to (other specs may leave reports of their own).
  const riga = page
    .getByTestId('errori')
    .getByRole('row')
    .filter({ has: page.locator(`a[href$="/admin/errori/${link![1]}/"]`) });
  await expect(riga).toHaveCount(1);
  await expect(riga).toContainText('TypeError');
  await expect(riga.getByRole('cell').nth(2)).toHaveText('1');
  await expectNoAxeViolations(page);
  await riga.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/errori/${link![1]}/$`));
  await expect(page.getByText('pagina non visualizzata')).toBeVisible();
  await expect(page.locator('pre').first()).toContainText('TypeError');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Segna come risolto' }).click();
  await expect(page.getByRole('button', { name: 'Riapri' })).toBeVisible();
  // Who marked it is in the audit log, on the group's page.
  await expect(page.getByTestId('storia')).toContainText('staff');
  await page
    .getByRole('navigation', { name: 'Percorso' })
    .getByRole('link', { name: 'Errori segnalati' })
    .click();
  // Open errors are listed by default: this one is no longer among them.
  await expect(page.getByRole('combobox', { name: 'Stato' })).toHaveValue('false');
  await expect(page.locator(`a[href$="/admin/errori/${link![1]}/"]`)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Stato' }).selectOption('Risolti');
  await expect(riga).toContainText('risolto');
});
