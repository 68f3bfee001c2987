// 'Importa dal sito olimpiadi' (issue 15), as staff use it: upload the
// external site's document, review the dry run, apply it; a document with
// errors shows each one with its place; a re-import after a change on the
// external side shows the changed fields, old → new. The demo is left as the
// other specs know it.
import { expect, test, type Page } from '@playwright/test';
import { casellaDiPosta, percorsoDelLink, smtpPort } from './support/posta';
import { apiCall, apiJson, login } from './support/tools-helpers';

test.describe.configure({ mode: 'serial' });

const posta = casellaDiPosta();
test.beforeAll(async () => {
  await posta.start(smtpPort());
});
test.afterAll(async () => {
  await posta.stop();
});

const stamp = Date.now();
const codice = `TS${String(stamp).slice(-8)}`;

type Pagina<T> = { results: T[] };

async function documento(page: Page, capitano: string) {
  const eventi = await apiJson<Pagina<{ id: number; titolo: string }>>(
    page,
    '/api/admin/evento/?tipologia=o&search=nazionale&ordering=-inizio',
  );
  const evento = eventi.results[0]!.id;
  const sessioni = await apiJson<Pagina<{ nome: string }>>(
    page,
    `/api/admin/sessione/?evento=${evento}`,
  );
  return {
    formato: 1,
    generato: '2026-11-20T10:00:00Z',
    evento,
    scuole: [
      {
        codice_meccanografico: codice,
        nome: `Liceo «Sant’Anna» ${stamp}`,
        tipologia: 'LS',
        citta: 'Pisa',
        provincia: 'PI',
        regione: 'Toscana',
      },
    ],
    responsabili: [
      {
        id_esterno: `u-${stamp}`,
        username: `import.${stamp}`,
        email: `import.${stamp}@example.it`,
        first_name: 'Maria',
        last_name: 'D’Angelo',
        scuole: [codice],
      },
    ],
    squadre: [
      {
        id_esterno: `t-${stamp}`,
        nome: `Squadra importata ${stamp}`,
        scuola: codice,
        sessione: sessioni.results[0]!.nome,
        polo: null,
        capitano,
        anno_capitano: 5,
        responsabili: [`u-${stamp}`],
      },
    ],
  };
}

/** The demo as the other specs know it: what a test imported goes (as a superuser). */
async function rimuoviImportati(page: Page) {
  await login(page, 'admin', '/admin/');
  const squadre = await apiJson<Pagina<{ id: number }>>(
    page,
    `/api/admin/squadra/?search=${encodeURIComponent(`Squadra importata ${stamp}`)}`,
  );
  const responsabili = await apiJson<Pagina<{ user: number }>>(
    page,
    `/api/admin/responsabile/?search=u-${stamp}`,
  );
  const scuole = await apiJson<Pagina<{ id: number }>>(page, `/api/admin/scuola/?search=${codice}`);
  const urls = [
    ...squadre.results.map((s) => `/api/admin/squadra/${s.id}/`),
    ...responsabili.results.map((r) => `/api/admin/user/${r.user}/`),
    ...scuole.results.map((s) => `/api/admin/scuola/${s.id}/`),
  ];
  for (const url of urls) expect((await apiCall(page, 'DELETE', url)).status()).toBe(204);
}

async function carica(page: Page, content: unknown, name = 'olimpiadi.json') {
  await page.getByLabel('Documento (JSON, al massimo 20 MB)').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(content)),
  });
}

test('staff upload a document, review the dry run, apply it, and see a later change', async ({
  page,
}) => {
  await login(page, 'staff', '/admin/');
  await page
    .getByRole('navigation', { name: 'Risorse' })
    .getByRole('link', { name: 'Importa dal sito olimpiadi' })
    .click();
  await expect(page.getByRole('heading', { name: 'Importa dal sito olimpiadi' })).toBeVisible();

  // A document with errors of every kind, all in one answer (a wrong school
  // type does not hide the team's references): each with the record as a
  // person reads it and its machine path, nothing to apply.
  const rotto = await documento(page, 'Luca Bianchi');
  rotto.scuole[0]!.tipologia = 'XX';
  rotto.squadre[0]!.sessione = 'Sessione che non esiste';
  rotto.squadre[0]!.responsabili = ['u-nessuno'];
  await carica(page, rotto);
  const errori = page.getByTestId('errori-import');
  const squadra1 = `Squadra 1 «Squadra importata ${stamp}» (id_esterno t-${stamp})`;
  await expect(errori).toContainText(
    `Scuola 1 «Liceo «Sant’Anna» ${stamp}» (codice ${codice}), campo tipologia scuole[0].tipologia: Tipologia di scuola non valida`,
  );
  await expect(errori).toContainText(
    `${squadra1}, campo sessione squadre[0].sessione: L’evento ${rotto.evento} non ha una sessione «Sessione che non esiste».`,
  );
  await expect(errori).toContainText(
    `${squadra1}, campo responsabili (voce 1) squadre[0].responsabili[0]: Responsabile sconosciuto`,
  );
  await expect(page.getByText('Il documento ha 3 errori: nulla è stato importato.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Applica l’importazione' })).toHaveCount(0);

  // The dry run: three new records, nothing written yet.
  const doc = await documento(page, 'Luca Bianchi');
  await carica(page, doc);
  const revisione = page.getByTestId('revisione-import');
  await expect(revisione.locator(':scope > li')).toHaveCount(3);
  await expect(revisione).toContainText(`Squadra importata ${stamp}`);
  await expect(revisione.getByText('nuovo')).toHaveCount(3);
  // On a phone the summary fits the screen: nothing clipped, no sideways scroll.
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByTestId('prova-import').screenshot({ path: `test-results/import-${width}.png` });
    const conteggi = await page.getByTestId('conteggi-import').boundingBox();
    expect(conteggi!.x + conteggi!.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  const cercaSquadra = `/api/admin/squadra/?search=${encodeURIComponent(`Squadra importata ${stamp}`)}`;
  expect((await apiJson<Pagina<unknown>>(page, cercaSquadra)).results).toHaveLength(0);

  await page.getByRole('button', { name: 'Applica l’importazione' }).click();
  await expect(page.getByTestId('esito-import')).toContainText('Importazione applicata.');
  expect((await apiJson<Pagina<unknown>>(page, cercaSquadra)).results).toHaveLength(1);

  // The external site changed the captain: the re-import shows it, old → new.
  await carica(page, await documento(page, 'Luca Bianchini'), 'olimpiadi-2.json');
  await expect(revisione.locator(':scope > li')).toHaveCount(1);
  await expect(revisione).toContainText('capitano: Luca Bianchi → Luca Bianchini');
  await expect(revisione.getByText('cambia')).toBeVisible();
  await page.getByLabel(/Mostra anche gli invariati/).check();
  await expect(revisione.getByText('invariato')).toHaveCount(2);
  await page.getByRole('button', { name: 'Applica l’importazione' }).click();
  await expect(page.getByTestId('esito-import')).toContainText('Importazione applicata.');

  // The team's history says the import did it.
  const [squadra] = (await apiJson<Pagina<{ id: number }>>(page, cercaSquadra)).results;
  await page.goto(`/admin/squadra/${squadra!.id}/`);
  await expect(page.getByTestId('storia')).toContainText('Luca Bianchi → Luca Bianchini');

  await rimuoviImportati(page);
});

test('the sync section says how to configure it when it is not', async ({ page }) => {
  await login(page, 'staff', '/admin/import/');
  await expect(page.getByText(/Non configurata: imposta GAS_SYNC_URL/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sincronizza ora' })).toBeDisabled();
});

test('the imported manager gets the e-mail, sets a password through the link, logs in and sees the team', async ({
  page,
}) => {
  await login(page, 'staff', '/admin/import/');
  const doc = await documento(page, 'Ada Lovelace');
  const email = doc.responsabili[0]!.email;
  // The first test's import wrote to this address too.
  const prima = posta.per(email).length;
  await carica(page, doc);
  await page.getByRole('button', { name: 'Applica l’importazione' }).click();
  await expect(page.getByTestId('esito-import')).toContainText('Importazione applicata.');

  await expect.poll(() => posta.per(email).length, { timeout: 15_000 }).toBe(prima + 1);
  const invito = posta.per(email)[prima]!;
  expect(invito.subject).toBe('GaS - Gara a Squadre di Fisica: scegli la tua password');
  expect(invito.text).toContain(`Il tuo nome utente è «${doc.responsabili[0]!.username}»`);

  // The manager, in a fresh browser session, follows the link.
  await page.context().clearCookies();
  await page.goto(percorsoDelLink(invito));
  await expect(page.getByRole('heading', { name: 'Scegli la tua password' })).toBeVisible();
  await page.getByLabel('Nuova password').fill('password');
  await page.getByLabel('Conferma password').fill('password');
  await page.getByRole('button', { name: 'Imposta la password' }).click();
  await expect(page.getByText('Questa password è troppo comune')).toBeVisible();
  const scelta = `Squadre di fisica ${stamp}`;
  await page.getByLabel('Nuova password').fill(scelta);
  await page.getByLabel('Conferma password').fill(scelta);
  await page.getByRole('button', { name: 'Imposta la password' }).click();
  await expect(page.getByText('Password impostata.')).toBeVisible();

  await page.getByRole('link', { name: 'accedere' }).click();
  await page.getByLabel('Nome utente').fill(doc.responsabili[0]!.username);
  await page.getByLabel('Password').fill(scelta);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('button', { name: doc.responsabili[0]!.username })).toBeVisible();
  const sessioni = await apiJson<Pagina<{ id: number; nome: string }>>(
    page,
    `/api/gas/sessione/?evento=${doc.evento}`,
  );
  const sessione = sessioni.results.find((s) => s.nome === doc.squadre[0]!.sessione)!;
  await page.goto(`/sessione/${sessione.id}/le-tue-squadre/`);
  await expect(page.getByText(`Squadra importata ${stamp}`)).toBeVisible();

  // The link is spent.
  await page.context().clearCookies();
  await page.goto(percorsoDelLink(invito));
  await expect(page.getByRole('alert')).toContainText('Il link non è valido');

  // 'Password dimenticata?' from the login page: a neutral answer, a new link.
  await page.goto('/accounts/login/');
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Mandami il link' }).click();
  await expect(page.getByRole('status')).toContainText('Se l’indirizzo appartiene a un account');
  await expect.poll(() => posta.per(email).length, { timeout: 15_000 }).toBe(prima + 2);
  await page.goto(percorsoDelLink(posta.per(email)[prima + 1]!));
  await expect(page.getByRole('heading', { name: 'Nuova password' })).toBeVisible();

  await rimuoviImportati(page);
});
