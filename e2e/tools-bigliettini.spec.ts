// Delivery slips (issue 8 item 6): the 'Bigliettini consegna' tab of the
// scores page, for a venue's manager; not for a teacher.
import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiList, demoEventi, login } from './support/tools-helpers';

type Polo = { id: number; nome_breve: string };
type Squadra = { nome: string; polo: number | null };

/** The Pisa venue (managed by `principale`) and a session with its teams. */
async function pisa(page: Page) {
  const { nazionale } = await demoEventi(page);
  const poli = await apiList<Polo>(page, `/api/gas/polo/?evento=${nazionale.id}`);
  const polo = poli.find((p) => p.nome_breve === 'Polo di Pisa')!;
  for (const s of nazionale.sessioni) {
    const squadre = await apiList<Squadra>(page, `/api/gas/squadra/in_sessione/?sessione=${s.id}`);
    const nomi = squadre.filter((q) => q.polo === polo.id).map((q) => q.nome);
    if (nomi.length > 0) return { polo, sessione: s.id, nomi };
  }
  throw new Error('nessuna squadra nel polo di Pisa');
}

test('a venue manager renders the PDF inline, and gets the LaTeX source to copy or download', async ({
  page,
}) => {
  test.slow(); // pdflatex runs for real
  await login(page, 'principale');
  const { polo, sessione } = await pisa(page);
  await page.goto(`/sessione/${sessione}/punteggi/`);
  await page.getByRole('tab', { name: 'Bigliettini consegna' }).click();
  await expect(page).toHaveURL(/#bigliettini$/);
  await expect(page.getByText(/può richiedere fino a circa un minuto/)).toBeVisible();
  await page.getByLabel('Polo', { exact: true }).selectOption(String(polo.id));
  await page.getByLabel('PDF', { exact: true }).check();
  await page.getByRole('button', { name: 'Renderizza' }).click();
  await expect(page.locator('object[type="application/pdf"]')).toBeVisible({ timeout: 70_000 });
  await expect(
    page.getByText('La generazione del PDF è in corso e richiede tempo, attendi.'),
  ).toHaveCount(0);

  await page.getByLabel('Codice sorgente', { exact: true }).check();
  await page.getByRole('button', { name: 'Renderizza' }).click();
  await expect(page.getByText(/\\documentclass/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copia il sorgente' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('bigliettini-Polo-di-Pisa.tex');
});

test('a teacher has no slips tab and the API refuses him', async ({ page }) => {
  await login(page, 'principale');
  const { sessione, nomi } = await pisa(page);
  await login(page, 'docente');
  await page.goto(`/sessione/${sessione}/punteggi/`);
  await expect(page.getByRole('tab', { name: 'Classifica', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bigliettini consegna' })).toHaveCount(0);
  const res = await apiCall(page, 'POST', '/api/gas/biglietti-consegna/', {
    squadre: nomi,
    content: 'source',
    sessione,
  });
  expect(res.status()).toBe(403);
});
