// The back office /admin/ (issue 14), as a person uses it: a superuser creates
// a venue of the official demo event, a school, and a team of that event
// assigned to the venue; finds them by search, edits one, reads its history,
// downloads the list as CSV, deletes the school; a teacher gets the 403 page.
import { expect, test, type Page } from '@playwright/test';
import { serverRanking } from './support/punteggi-api';
import { openScores, tableRanking } from './support/punteggi-page';
import { apiCall, login, romeWall } from './support/tools-helpers';

/** Sets a reference field as a person does: types part of a title, clicks the match. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp = typed) {
  await page.getByLabel(label, { exact: true }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();

test('a teacher gets the 403 page', async ({ page }) => {
  await login(page, 'docente', '/admin/');
  await expect(page.getByRole('heading', { name: '403: Permesso negato' })).toBeVisible();
});

test('a superuser creates a venue, a school and a team, edits, reads the history, downloads CSV, deletes', async ({
  page,
}) => {
  await login(page, 'admin', '/admin/');
  await expect(page.getByRole('heading', { level: 1, name: 'Amministrazione' })).toBeVisible();
  for (const gruppo of ['Gare', 'Partecipanti', 'Persone', 'Sito', 'Registro']) {
    await expect(page.getByRole('heading', { level: 2, name: gruppo })).toBeVisible();
  }

  // A venue of the official demo event.
  await page
    .getByRole('navigation', { name: 'Risorse' })
    .getByRole('link', { name: 'Poli', exact: true })
    .click();
  await page.getByRole('link', { name: 'Aggiungi' }).click();
  await page.getByRole('button', { name: 'Crea' }).click();
  await expect(page.getByText('Correggi i campi evidenziati.')).toBeVisible();
  await choose(page, 'Evento *', 'gara nazionale', /^Gara nazionale a squadre/);
  await page.getByLabel('Nome breve *').fill(`Polo di prova ${stamp}`);
  await page.getByLabel('Capacità massima (squadre)').fill('12');
  // Its manager, found among the accounts by typing part of the name.
  // Accounts read 'Nome Cognome (username)'.
  await choose(page, 'Responsabili del polo', 'referente.bol', /referente\.bologna/);
  const togliReferente = page.getByRole('button', { name: /^Togli .*referente\.bologna/ });
  await expect(togliReferente).toBeVisible();
  await page.getByRole('button', { name: 'Crea' }).click();
  await expect(page.getByRole('heading', { name: `Polo: Polo di prova ${stamp}` })).toBeVisible();
  await expect(page.getByLabel('Evento *')).toHaveValue(/^Gara nazionale a squadre/);
  await expect(togliReferente).toBeVisible();
  const poloId = /\/admin\/polo\/(\d+)\/$/.exec(page.url())![1];
  const { evento: eventoScelto, responsabili } = (await (
    await apiCall(page, 'GET', `/api/admin/polo/${poloId}/`)
  ).json()) as { evento: number; responsabili: number[] };
  expect(responsabili).toHaveLength(1);

  // A school.
  await page.goto('/admin/scuola/nuovo/');
  await page.getByLabel('Nome *').fill(`Liceo di prova ${stamp}`);
  await page.getByLabel('Tipologia').selectOption('LS');
  await page.getByLabel('Codice meccanografico').fill('abc');
  await page.getByRole('button', { name: 'Crea' }).click();
  await expect(page.getByText('Il codice meccanografico è di 10 lettere e cifre.')).toBeVisible();
  await page.getByLabel('Codice meccanografico').fill('PIPS01000Z');
  await page.getByRole('button', { name: 'Crea' }).click();
  await expect(
    page.getByRole('heading', { name: `Scuola: Liceo di prova ${stamp}` }),
  ).toBeVisible();

  // A team of that event, at that venue.
  await page.goto('/admin/squadra/nuovo/');
  await page.getByLabel('Nome *').fill(`Squadra di prova ${stamp}`);
  await choose(page, 'Evento *', 'gara nazionale', /^Gara nazionale a squadre/);
  // The session is chosen among the sessions of the team's event only, each
  // named with its event ('Gara nazionale … — Sessione Nord').
  const sessioni = (await (
    await page.request.get(`/api/admin/sessione/?evento=${eventoScelto}`)
  ).json()) as { results: { id: number; nome: string }[] };
  const { titolo: titoloEvento } = (await (
    await page.request.get(`/api/admin/evento/${eventoScelto}/`)
  ).json()) as { titolo: string };
  const nomiSessioni = sessioni.results.map((s) => `${titoloEvento} — ${s.nome}`);
  await page.getByLabel('Sessione *').focus();
  await expect(page.getByRole('option')).toHaveText(nomiSessioni);
  await page.getByRole('option', { name: nomiSessioni[0]!, exact: true }).click();
  await choose(page, 'Polo', `Polo di prova ${stamp}`);
  await choose(page, 'Scuola', `Liceo di prova ${stamp}`);
  await page.getByLabel('Capitano', { exact: true }).fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Crea' }).click();
  await expect(
    page.getByRole('heading', { name: `Squadra: Squadra di prova ${stamp}` }),
  ).toBeVisible();
  await expect(page.getByLabel('Polo', { exact: true })).toHaveValue(
    `${titoloEvento} — Polo di prova ${stamp}`,
  );
  // Its creation in the log names the session and the venue, not their ids.
  const squadraId = /\/admin\/squadra\/(\d+)\/$/.exec(page.url())![1];
  await page.goto(`/admin/log/?risorsa=squadra&oggetto=${squadraId}`);
  const creazione = page.getByTestId('registro');
  await expect(creazione).toContainText(`Squadra «${titoloEvento} — Squadra di prova ${stamp}»`);
  await expect(creazione).toContainText(`Sessione: — → ${nomiSessioni[0]}`);
  await expect(creazione).toContainText(`Polo: — → ${titoloEvento} — Polo di prova ${stamp}`);
  await expect(creazione).not.toContainText(/#\d/);

  // The school: found by search, edited, its history.
  await page.goto('/admin/scuola/');
  await page.getByLabel('Cerca').fill(`prova ${stamp}`);
  await expect(page).toHaveURL(/search=prova/);
  await page.getByRole('link', { name: `Liceo di prova ${stamp}` }).click();
  await page.getByLabel('Tipologia').selectOption('LC');
  await page.getByRole('button', { name: 'Salva' }).click();
  const storia = page.getByTestId('storia');
  await expect(storia).toContainText('Modifica');
  await expect(storia).toContainText('Tipologia: LS → LC');
  await expect(storia).toContainText('Creazione');

  // The CSV of the filtered list.
  await page.goto(`/admin/scuola/?search=prova+${stamp}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Scarica CSV' }).click(),
  ]);
  const text = await (await download.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString('utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(`;Liceo di prova ${stamp};LC;`);

  // Deleted with its confirmation (its team, if any, stays without school).
  await page.getByRole('link', { name: `Liceo di prova ${stamp}` }).click();
  await page.getByRole('button', { name: 'Elimina' }).click();
  await page.getByRole('button', { name: 'Conferma eliminazione' }).click();
  await expect(page).toHaveURL(/\/admin\/scuola\/$/);

  // The global log lists it; its filter offers every resource an entry may name.
  await page.goto('/admin/log/?risorsa=scuola');
  await expect(
    page.getByLabel('Risorsa').getByRole('option', { name: 'Digitazioni (doppia digitazione)' }),
  ).toBeAttached();
  await expect(page.getByTestId('registro')).toContainText(`«Liceo di prova ${stamp}»`);
  await expect(page.getByTestId('registro')).toContainText('Eliminazione');

  // Bulk action: the first two teams of the venue's event go to the venue.
  const before = (await (
    await apiCall(
      page,
      'GET',
      `/api/admin/squadra/?evento=${eventoScelto}&ordering=nome&page_size=2`,
    )
  ).json()) as { results: { id: number; polo: number | null }[] };
  await page.goto(`/admin/squadra/?evento=${eventoScelto}&ordering=nome`);
  const rows = page.locator('tbody tr');
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByLabel('Imposta').selectOption({ label: 'Polo' });
  await choose(page, 'a', `Polo di prova ${stamp}`);
  await page.getByRole('button', { name: 'Applica ai selezionati' }).click();
  await expect(page.getByText('Modificati: 2.')).toBeVisible();
  await expect(rows.nth(0)).toContainText(`Polo di prova ${stamp}`);

  // The demo event as the other specs know it: teams back at their venues,
  // the new team and venue gone.
  for (const team of before.results) {
    await apiCall(page, 'PATCH', `/api/admin/squadra/${team.id}/`, { polo: team.polo });
  }
  const mine = (await (
    await apiCall(
      page,
      'GET',
      `/api/admin/squadra/?search=${encodeURIComponent(`Squadra di prova ${stamp}`)}`,
    )
  ).json()) as { results: { id: number; polo: number }[] };
  const [squadra] = mine.results;
  expect((await apiCall(page, 'DELETE', `/api/admin/squadra/${squadra!.id}/`)).status()).toBe(204);
  expect((await apiCall(page, 'DELETE', `/api/admin/polo/${squadra!.polo}/`)).status()).toBe(204);
});

test('filters name the records of other resources with their event; the log reads by name', async ({
  page,
}) => {
  await login(page, 'admin', '/admin/squadra/');
  // Two events have a 'Sessione Nord': the filter tells them apart.
  await page.getByLabel('Sessione', { exact: true }).fill('Nord');
  const opzioni = page.getByRole('option', { name: / — Sessione Nord$/ });
  await expect(opzioni).toHaveCount(2);
  const testi = await opzioni.allTextContents();
  expect(new Set(testi).size).toBe(2);
  await opzioni.first().click();
  await expect(page).toHaveURL(/sessione=\d+/);

  await page.goto('/admin/log/');
  await expect(page.getByTestId('registro')).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: test.info().outputPath(`registro-${width}.png`),
      fullPage: true,
    });
  }

  // An event's page explains its school year and official flag.
  await page.goto('/admin/evento/1/');
  await expect(page.getByText(/2027 per il 2026-2027/)).toBeVisible();
  await expect(page.getByText(/^Segue la tipologia/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('evento-360.png'), fullPage: true });
});

test('a corrected solution shows what it changes before it is saved, then the public ranking follows', async ({
  page,
  browser,
}) => {
  await login(page, 'admin', '/admin/');
  // A wrong answer of a concluded official event: its value becomes the solution.
  const wrong = (await (
    await page.request.get('/api/admin/risposta/?corretto=false&kind=r&page_size=1')
  ).json()) as {
    results: {
      problema: number;
      squadra: number;
      sessione: number;
      valore: string;
      valore_exp: number;
    }[];
  };
  const answer = wrong.results[0]!;
  const original = (await (
    await apiCall(page, 'GET', `/api/admin/problema/${answer.problema}/`)
  ).json()) as { soluzione: number; soluzione_exp: number; intervallo_validita: number };
  const totale = async () =>
    (await serverRanking(page.request, answer.sessione)).find((r) => r.id === answer.squadra)
      ?.totale;
  const before = await totale();

  await page.goto(`/admin/problema/${answer.problema}/`);
  await page.getByLabel('Soluzione (mantissa)').fill(answer.valore.replace(',', '.'));
  await page.getByLabel('Esponente (10^)').fill(String(answer.valore_exp));
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(
    page.getByText(/Con la nuova soluzione \d+ risposte diventano corrette/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Annulla' }).click();
  await expect(page.getByText(/Con la nuova soluzione/)).toHaveCount(0);
  expect(await totale()).toBe(before);

  // Confirmed: the stored answers are re-checked and the public ranking changes.
  await page.getByRole('button', { name: 'Salva' }).click();
  await page.getByRole('button', { name: 'Conferma la correzione' }).click();
  await expect(page.getByText('Modifiche salvate.')).toBeVisible();
  await expect.poll(totale).not.toBe(before);
  const viewer = await browser.newPage();
  try {
    await openScores(viewer, `/sessione/${answer.sessione}/punteggi/`);
    const server = await serverRanking(page.request, answer.sessione);
    const shown = await tableRanking(viewer);
    expect(shown.length).toBeGreaterThan(0);
    for (const row of shown) expect(row).toEqual(server.find((r) => r.id === row.id));
  } finally {
    await viewer.close();
    // The demo as the other specs know it.
    await apiCall(page, 'PATCH', `/api/admin/problema/${answer.problema}/`, {
      soluzione: original.soluzione,
      soluzione_exp: original.soluzione_exp,
      intervallo_validita: original.intervallo_validita,
    });
  }
  expect(await totale()).toBe(before);
});

test('the site content is edited from the back office and shows on the home page', async ({
  page,
}) => {
  await login(page, 'admin', '/admin/impostazioni-sito/');
  const home = page.getByLabel('Pagina iniziale (notizie, video, anteprime)');
  const original = JSON.parse(await home.inputValue()) as unknown;
  const valore = JSON.parse(await home.inputValue()) as { notizie: unknown[] };
  valore.notizie = [{ titolo: `Notizia ${stamp}`, testo: 'Dal back office.', data: '2026-11-24' }];
  await home.fill(JSON.stringify(valore, null, 2));
  await page.getByRole('button', { name: 'Salva' }).first().click();
  await expect(page.getByText('Salvato')).toBeVisible();
  await home.fill('{ rotto');
  await page.getByRole('button', { name: 'Salva' }).first().click();
  await expect(page.getByText('Il testo non è JSON valido')).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(`Notizia ${stamp}`)).toBeVisible();
  // The demo's news again, for the public pages' specs.
  const restored = await apiCall(page, 'PATCH', '/api/admin/impostazioni-sito/home/', {
    valore: original,
  });
  expect(restored.status()).toBe(200);
});

test('date-times are edited on Rome’s clock', async ({ page }) => {
  await login(page, 'admin', '/admin/');
  const inizio = Date.UTC(2031, 0, 10, 9, 0);
  const created = await apiCall(page, 'POST', '/api/admin/evento/', {
    titolo: `Evento di prova ${stamp}`,
    tipologia: 'priv',
    anno: 2030,
    inizio: new Date(inizio).toISOString(),
    fine: new Date(inizio + 2 * 3_600_000).toISOString(),
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/admin/evento/${id}/`);
  // 10:00 in Rome for 09:00 UTC (the browser may drop ':00' seconds).
  await expect(page.getByLabel('Inizio *')).toHaveValue(
    new RegExp(`^${romeWall(inizio).slice(0, 16)}(:00)?$`),
  );
  const jolly = inizio + 30 * 60_000;
  await page.getByLabel('Fine consegna jolly').fill(romeWall(jolly));
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByTestId('storia')).toContainText('Fine consegna jolly');
  const saved = (await (await apiCall(page, 'GET', `/api/admin/evento/${id}/`)).json()) as {
    fine_consegna_jolly: string;
  };
  expect(Date.parse(saved.fine_consegna_jolly)).toBe(jolly);
  expect((await apiCall(page, 'DELETE', `/api/admin/evento/${id}/`)).status()).toBe(204);
});

test('staff open a superuser’s account and find no password, e-mail or link controls', async ({
  page,
}) => {
  await login(page, 'staff', '/admin/');
  const found = (await (await apiCall(page, 'GET', '/api/admin/user/?search=admin')).json()) as {
    results: { id: number; username: string }[];
  };
  const admin = found.results.find((u) => u.username === 'admin')!;
  await page.goto(`/admin/user/${admin.id}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Utente: admin' })).toBeVisible();
  await expect(
    page.getByText('Solo un superutente può modificare l’account di un superutente'),
  ).toBeVisible();
  // The data is there to read, with nothing to change it or take the account over.
  await expect(page.getByText('admin@gas.example')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
  await expect(page.getByLabel('Nuova password')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salva' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Elimina' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Invia il link per la password' })).toHaveCount(0);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`account-superutente-${width}.png`) });
  }
  // An ordinary account: its data and its link, still no roles or password.
  const docente = (await (
    await apiCall(page, 'GET', '/api/admin/user/?search=docente')
  ).json()) as {
    results: { id: number; username: string }[];
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/user/${docente.results.find((u) => u.username === 'docente')!.id}/`);
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invia il link per la password' })).toBeVisible();
  await expect(page.getByLabel('Nuova password')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Superutente' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('account-docente-1280.png') });
});
