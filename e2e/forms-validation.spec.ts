// Every form of the web app (routes.tsx) sent empty and with wrong values:
// each message shown must be a sentence for people, never zod's schema
// language ("Troppo piccolo: string deve avere >=1 caratteri", "Input non
// valido: indirizzo email"), and no form page may break the Content Security
// Policy (zod's compiled parsers need eval: the app runs it jitless).
// Only refused submissions are sent: nothing this spec does changes the data
// other specs rely on.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCHEMA_WORDS } from '../packages/contracts/src/zod-italian';
import { loadDemo } from './support/demo';
import { apiList, demoEventi, login } from './support/tools-helpers';

/** What the app shows as a message: field feedback, alerts, toasts. */
const MESSAGES = '.invalid-feedback, .alert, [role="alert"], .toast';

async function shownMessages(page: Page): Promise<string[]> {
  return page.locator(MESSAGES).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).checkVisibility())
      .map((el) => (el as HTMLElement).innerText.trim())
      .filter((text) => text !== ''),
  );
}

/**
 * After a submission: at least one message appears (the form did refuse),
 * and none contains schema words. Returns the messages for finer checks.
 */
async function expectMessagesForPeople(page: Page, what: string): Promise<string[]> {
  await expect
    .poll(async () => (await shownMessages(page)).length, { message: `${what}: nessun messaggio` })
    .toBeGreaterThan(0);
  // Server answers arrive a moment later than the form's own checks.
  await page.waitForLoadState('networkidle');
  const messages = await shownMessages(page);
  if (process.env.E2E_SHOW_MESSAGES) console.log(`[${what}]`, JSON.stringify(messages));
  for (const message of messages) {
    expect(message, `${what}: messaggio con parole dello schema`).not.toMatch(SCHEMA_WORDS);
  }
  return messages;
}

const TEXT_INPUTS =
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]):not([type=submit]):not([type=button]):not([readonly]):not([disabled]), textarea:not([readonly]):not([disabled])';

/** Empties every text, number, date and password field of `form`. */
async function emptyAll(form: Locator): Promise<void> {
  await expect(form.locator(TEXT_INPUTS).first()).toBeVisible();
  for (const input of await form.locator(TEXT_INPUTS).all()) {
    if (await input.isVisible()) await input.fill('');
  }
}

/** Puts a wrong value of its kind in every field of `form`. */
async function wrongAll(form: Locator): Promise<void> {
  await expect(form.locator(TEXT_INPUTS).first()).toBeVisible();
  for (const input of await form.locator(TEXT_INPUTS).all()) {
    if (!(await input.isVisible())) continue;
    const type = (await input.getAttribute('type')) ?? 'text';
    if (type === 'number') await input.fill('-1.5');
    else if (type === 'email') await input.fill('non-una-email');
    else if (type === 'password') await input.fill('x');
    else if (type === 'datetime-local' || type === 'date' || type === 'time') await input.fill('');
    else await input.fill('x'.repeat(400));
  }
}

/** Sends `form` as it is, empty, then with wrong values, checking the messages each time. */
async function walkForm(page: Page, form: Locator, submit: Locator, what: string) {
  await submit.click();
  await expectMessagesForPeople(page, `${what} (così com'è)`);
  await emptyAll(form);
  await submit.click();
  await expectMessagesForPeople(page, `${what} (vuoto)`);
  await wrongAll(form);
  await submit.click();
  await expectMessagesForPeople(page, `${what} (valori sbagliati)`);
}

// Content Security Policy: every violation is reported to the page and logged.
let violations: string[] = [];
test.beforeEach(async ({ page }) => {
  violations = [];
  page.on('console', (msg) => {
    if (/Refused to|Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation(t: string): void })
        .reportCspViolation;
      report(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
});
test.afterEach(() => {
  expect(violations, 'violazioni della Content Security Policy').toEqual([]);
});

test('login form', async ({ page }) => {
  await page.goto('/accounts/login/');
  const form = page.locator('main form');
  await walkForm(page, form, page.getByRole('button', { name: 'Accedi' }), 'login');
  // Credentials that match nobody: the server's answer.
  await page.getByLabel('Nome utente').fill('nessuno');
  await page.getByLabel('Password').fill('sbagliata');
  await page.getByRole('button', { name: 'Accedi' }).click();
  expect(await expectMessagesForPeople(page, 'login sbagliato')).toContain(
    'Impossibile eseguire il login con le credenziali immesse.',
  );
});

test('password change form', async ({ page }) => {
  await login(page, 'secondario', '/accounts/password/');
  const form = page.locator('main form');
  const submit = page.getByRole('button', { name: /Cambia password|Salva/ });
  await submit.click();
  const empty = await expectMessagesForPeople(page, 'password vuota');
  expect(empty).toContain('Questo campo è obbligatorio.');
  await wrongAll(form);
  await submit.click();
  await expectMessagesForPeople(page, 'password sbagliata');
  // A wrong current password (the server's check): nothing changes.
  await page.getByLabel('Password attuale').fill('non-e-questa');
  await page.getByLabel('Nuova password').fill('una-password-lunga');
  await page.getByLabel('Conferma password').fill('una-password-diversa');
  await submit.click();
  expect(await expectMessagesForPeople(page, 'password diverse')).toContain(
    'Le due password non corrispondono',
  );
  await page.getByLabel('Conferma password').fill('una-password-lunga');
  await submit.click();
  await expectMessagesForPeople(page, 'password attuale sbagliata');
});

test('chat token form', async ({ page }) => {
  await login(page, 'principale', '/accounts/profile/chat-token/');
  const form = page.locator('main form');
  const submit = form.getByRole('button');
  await emptyAll(form);
  await submit.click();
  expect(await expectMessagesForPeople(page, 'token vuoto')).toContain(
    'Questo campo è obbligatorio.',
  );
  await wrongAll(form);
  await submit.click();
  await expectMessagesForPeople(page, 'token con nome troppo lungo');
});

test('team sign-up form', async ({ page }) => {
  await login(page, 'docente', '/nuova-squadra/');
  const form = page.locator('main form');
  await walkForm(page, form, page.getByRole('button', { name: 'Iscrivi la squadra' }), 'squadra');
});

test('secondary manager forms (new and edit)', async ({ page }) => {
  await login(page, 'principale', '/nuovo-responsabile/');
  const form = page.locator('main form');
  const submit = form.locator('button[type=submit]');
  await walkForm(page, form, submit, 'nuovo responsabile');
  const messages = await shownMessages(page);
  expect(messages).toContain('Inserisci un indirizzo e-mail valido.');
  // The passwords differ: the schema's own message.
  await page.getByLabel('Password', { exact: true }).fill('password-sicura');
  await page.getByLabel('Conferma password').fill('altra-password');
  await submit.click();
  expect(await expectMessagesForPeople(page, 'password diverse')).toContain(
    'Le due password non corrispondono',
  );

  // The edit form has no text fields: sent unchanged, it shows no schema words either.
  const managers = await apiList<{ id: number; username: string }>(page, '/api/gas/user/');
  const secondario = managers.find((m) => m.username === 'secondario')!;
  await page.goto(`/modifica-responsabile/${secondario.id}/`);
  await page.locator('main form button[type=submit]').click();
  await page.waitForLoadState('networkidle');
  for (const message of await shownMessages(page)) expect(message).not.toMatch(SCHEMA_WORDS);
});

test('event form (new): title, dates, scoring parameters, problems', async ({ page }) => {
  await login(page, 'docente', '/nuovo-evento/');
  const form = page.locator('main form');
  await page.getByLabel('Mostra parametri liberi del sistema di punteggi').check();
  await page.getByRole('button', { name: 'Aggiungi problema' }).click();
  const submit = page.getByRole('button', { name: 'Crea evento' });
  await walkForm(page, form, submit, 'nuovo evento');
  const messages = await shownMessages(page);
  expect(messages).toContain('Al massimo 200 caratteri.');
  await emptyAll(form);
  await submit.click();
  expect(await expectMessagesForPeople(page, 'evento vuoto')).toContain(
    'Questo campo è obbligatorio.',
  );
});

test('event edit page: event form, invitations, files', async ({ page }) => {
  await login(page, 'docente');
  const { aperto } = await demoEventi(page);
  await page.goto(`/modifica-evento/${aperto.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const eventForm = page.locator('main form').filter({ has: page.getByLabel('Titolo') });
  await emptyAll(eventForm);
  await page.getByRole('button', { name: 'Salva modifiche' }).click();
  await expectMessagesForPeople(page, 'modifica evento vuota');
  await wrongAll(eventForm);
  await page.getByRole('button', { name: 'Salva modifiche' }).click();
  await expectMessagesForPeople(page, 'modifica evento sbagliata');
  await page.reload();

  // Invitations: one form per role.
  for (const label of [/Aggiungi amministratore/, /Aggiungi inseritore/]) {
    const field = page.getByLabel(label);
    const form = page.locator('main form').filter({ has: field });
    const submit = form.getByRole('button');
    await submit.click();
    expect(await expectMessagesForPeople(page, `invito vuoto ${label}`)).toContain(
      'Questo campo è obbligatorio.',
    );
    await field.fill('non-una-email');
    await submit.click();
    expect(await expectMessagesForPeople(page, `invito sbagliato ${label}`)).toContain(
      'Inserisci un indirizzo e-mail valido.',
    );
  }

  // Files: nothing chosen, then a file that is not a PDF.
  const problemi = page.getByLabel(/Testo dei problemi/);
  const group = page.locator('.mb-3, div').filter({ has: problemi }).last();
  await group.getByRole('button').first().click();
  await expectMessagesForPeople(page, 'file mancante');
  await problemi.setInputFiles({
    name: 'testo.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('non sono un pdf'),
  });
  await expectMessagesForPeople(page, 'file non pdf');
});

test('answer and joker form', async ({ page }) => {
  await login(page, 'inseritore');
  const { nazionale } = await demoEventi(page);
  const sessione = nazionale.sessioni[0]!;
  await page.goto(`/sessione/${sessione.id}/consegna-risposte/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Consegna risposte' })).toBeVisible();
  const form = page.locator('main form').first();
  const invia = form.locator('button[type=submit]');
  const jolly = page.getByRole('button', { name: 'Imposta come jolly' });
  await invia.click();
  await expectMessagesForPeople(page, 'risposta vuota');
  await jolly.click();
  await expectMessagesForPeople(page, 'jolly vuoto');
  await wrongAll(form);
  await invia.click();
  await expectMessagesForPeople(page, 'risposta sbagliata');
  // A team and a problem, a value that is not a number.
  const squadra = page.getByLabel('Squadra', { exact: true });
  await squadra.selectOption({ index: 1 });
  await page.getByLabel('Problema', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Valore', { exact: true }).fill('nove virgola otto');
  await page.getByLabel('Esponente', { exact: true }).fill('0');
  await invia.click();
  expect(await expectMessagesForPeople(page, 'valore non numerico')).toContain(
    'Inserisci un numero valido (la virgola o il punto come separatore decimale).',
  );
});

test('admin actions', async ({ page }) => {
  await login(page, 'staff', '/admin-actions/');
  const { nazionale } = await demoEventi(page);
  await page.getByRole('button', { name: 'Resetta la cache' }).click();
  await expectMessagesForPeople(page, 'cache senza sessione');
  const sessione = nazionale.sessioni[0]!;
  await page.getByLabel('Filtra Sessione').fill(`${nazionale.titolo}.*${sessione.nome}`);
  await page.getByLabel('Sessione', { exact: true }).selectOption(String(sessione.id));
  const intervallo = page.getByLabel('Intervallo (secondi)');
  for (const [wrong, message] of [
    ['', 'Questo campo è obbligatorio.'],
    ['-1.5', 'Inserisci un numero intero.'],
    ['-5', 'Il valore deve essere almeno 0.'],
    ['100000', 'Il valore deve essere al massimo 3600.'],
  ] as const) {
    await intervallo.fill(wrong);
    await page.getByRole('button', { name: 'Richiedi il refresh' }).click();
    expect(
      await expectMessagesForPeople(page, `refresh con intervallo ${JSON.stringify(wrong)}`),
    ).toContain(message);
  }
});

test('delivery slips form', async ({ page }) => {
  await login(page, 'principale');
  const { nazionale } = await demoEventi(page);
  await page.goto(`/sessione/${nazionale.sessioni[0]!.id}/punteggi/#bigliettini`);
  await page.getByRole('tab', { name: 'Bigliettini consegna' }).click();
  await page.getByRole('button', { name: 'Renderizza' }).click();
  expect(await expectMessagesForPeople(page, 'bigliettini senza polo')).toContain(
    'Scegli un polo.',
  );
});

test('scoring model parameters (standard-model scores page)', async ({ page }) => {
  const { passato } = await loadDemo(page.request);
  await page.goto(`/sessione/${passato.sessioni[0]!.id}/punteggi/standard-model/`);
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Ricalcola' }) });
  await walkForm(page, form, page.getByRole('button', { name: 'Ricalcola' }), 'parametri');
});
