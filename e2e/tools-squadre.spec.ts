// le-tue-squadre, nuova-squadra and lista-poli (issue 8 item 2), each as a
// role that may use it and one that may not.
import { expect, test } from '@playwright/test';
import { apiList, demoEventi, login } from './support/tools-helpers';

type SquadraApi = { id: number; nome: string; sessione: number; evento: number };

test('le-tue-squadre: the cards of a main manager; the official-event hint where he has none', async ({
  page,
}) => {
  await login(page, 'principale');
  const { nazionale } = await demoEventi(page);
  const mie = (await apiList<SquadraApi>(page, '/api/gas/squadra/mie/')).filter(
    (s) => s.evento === nazionale.id,
  );
  const conSquadre = mie[0]!.sessione;
  await page.goto(`/sessione/${conSquadre}/le-tue-squadre/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Le tue squadre' })).toBeVisible();
  await expect(page.getByText('Sessione ufficiale')).toBeVisible();
  for (const s of mie.filter((x) => x.sessione === conSquadre)) {
    await expect(page.getByRole('heading', { name: s.nome })).toBeVisible();
  }
  // Official teams are registered on the olympiad site: no sign-up link.
  await expect(page.getByRole('link', { name: 'Registra una squadra' })).toHaveCount(0);

  const senza = nazionale.sessioni.find((s) => !mie.some((m) => m.sessione === s.id));
  if (senza) {
    await page.goto(`/sessione/${senza.id}/le-tue-squadre/`);
    await expect(page.getByText(/Vanno registrate su myOlifis/)).toBeVisible();
  }
});

test('le-tue-squadre: a secondary manager with teams in another session is told there are none here, with no warning', async ({
  page,
}) => {
  await login(page, 'secondario');
  const { aperto } = await demoEventi(page);
  await page.goto(`/sessione/${aperto.sessioni[0]!.id}/le-tue-squadre/`);
  await expect(page.getByText('Non hai squadre assegnate in questa sessione.')).toBeVisible();
  // The warning to ask the main manager is for those with no team at all.
  await expect(page.getByText(/contatta il responsabile principale/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Registra una squadra' })).toHaveCount(0);
});

test('le-tue-squadre and nuova-squadra need a login', async ({ page }) => {
  await page.goto('/sessione/1/le-tue-squadre/');
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=%2Fsessione%2F1%2Fle-tue-squadre%2F/);
  await page.goto('/nuova-squadra/');
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=%2Fnuova-squadra%2F/);
});

test("nuova-squadra: a teacher signs up a team ('Squadra iscritta'); it shows in le-tue-squadre", async ({
  page,
}) => {
  await login(page, 'docente');
  const { aperto } = await demoEventi(page);
  const sessione = aperto.sessioni[0]!.id;
  await page.goto(`/sessione/${sessione}/le-tue-squadre/`);
  await expect(page.getByText('Sessione non ufficiale')).toBeVisible();
  await page.getByRole('link', { name: 'Registra una squadra' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Iscrizione squadra' })).toBeVisible();
  // Only unofficial sessions with enrolment open: the demo training event.
  const select = page.getByLabel('Sessione', { exact: true });
  await expect(select).toHaveValue(String(sessione));
  // No official session among the choices.
  for (const s of (await demoEventi(page)).nazionale.sessioni) {
    await expect(select.locator(`option[value="${s.id}"]`)).toHaveCount(0);
  }
  await page.getByLabel('Nome', { exact: true }).fill('I Quanti di Playwright');
  await page.getByRole('button', { name: 'Iscrivi la squadra' }).click();
  await expect(page.getByText('Squadra iscritta')).toBeVisible();
  await expect(
    page.getByText('Hai iscritto la squadra I Quanti di Playwright con successo'),
  ).toBeVisible();
  // The same name twice is refused on the field.
  await page.getByLabel('Nome', { exact: true }).fill('I Quanti di Playwright');
  await page.getByRole('button', { name: 'Iscrivi la squadra' }).click();
  await expect(
    page.getByText('Esiste già una squadra con questo nome in questa sessione.'),
  ).toBeVisible();

  await page.goto(`/sessione/${sessione}/le-tue-squadre/`);
  await expect(page.getByRole('heading', { name: 'I Quanti di Playwright' })).toBeVisible();
});

test('nuova-squadra: a secondary manager cannot enrol teams', async ({ page }) => {
  await login(page, 'secondario');
  await page.goto('/nuova-squadra/');
  await expect(
    page.getByText(
      'Al momento non ci sono sessioni di eventi non ufficiali con le iscrizioni aperte per te.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iscrivi la squadra' })).toHaveCount(0);
});

test('lista-poli: the venue cards of the national event, for everyone', async ({ page }) => {
  await page.goto('/');
  const { nazionale } = await demoEventi(page);
  await page.goto(`/lista-poli/${nazionale.id}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lista poli' })).toBeVisible();
  const pisa = page
    .locator('.card')
    .filter({ has: page.getByRole('heading', { name: 'Polo di Pisa' }) });
  await expect(pisa.getByText('Indirizzo')).toBeVisible();
  await expect(pisa.getByText('Responsabili')).toBeVisible();
  await expect(pisa.getByText('Capacità massima')).toBeVisible();
  // Its teams (issue 26): their count, then each team by name.
  const squadrePisa = pisa.getByRole('region', { name: 'Squadre Polo di Pisa' });
  await expect(squadrePisa.getByRole('listitem').first()).toBeVisible();
  const quante = await squadrePisa.getByRole('listitem').count();
  await expect(
    pisa.getByText(`${quante} ${quante === 1 ? 'squadra' : 'squadre'}`, { exact: true }),
  ).toBeVisible();
  await expect(page.locator('.card')).toHaveCount(6);
  // The training event has no venues; a missing event is the 404 error page.
  const { aperto } = await demoEventi(page);
  await page.goto(`/lista-poli/${aperto.id}/`);
  await expect(page.getByText('Questo evento non ha poli.')).toBeVisible();
  await page.goto('/lista-poli/999999/');
  await expect(page.getByText('404: Oggetto non trovato')).toBeVisible();
});
