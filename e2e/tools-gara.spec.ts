// One whole contest through the browser (issue 8 item 7): `docente` creates a
// public event with problems and the PDF text, signs up teams and invites an
// inseritore; the inseritore enters answers and jokers through the form; the
// public scores page shows exactly the ranking `npm run -s score` computes
// from the same answers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiJson, apiList, login, romeWall, type EventoApi } from './support/tools-helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MINUTE = 60_000;
const TITOLO = 'Gara a squadre di prova (e2e)';
const SQUADRE = ['Alfa e2e', 'Beta e2e', 'Gamma e2e', 'Delta e2e'];
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type Riga = {
  posizione: number | null;
  id: number;
  nome: string;
  totale: number;
  punti_parziali: number[];
  jolly: number | null;
};

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function creaEvento(page: Page): Promise<number> {
  await page.goto('/nuovo-evento/');
  const now = Date.now();
  const inizio = now - 2 * MINUTE;
  await field(page, 'Titolo').fill(TITOLO);
  await field(page, 'Tipologia').selectOption('pub');
  await field(page, 'Inizio').fill(romeWall(inizio));
  await field(page, 'Fine').fill(romeWall(inizio + 90 * MINUTE));
  await field(page, 'Termine per la scelta del jolly').fill(romeWall(inizio + 90 * MINUTE));
  await field(page, 'Inizio iscrizioni').fill(romeWall(now - 10 * MINUTE));
  await field(page, 'Fine iscrizioni').fill(romeWall(inizio));
  await field(page, 'Termine per modificare le squadre').fill(romeWall(inizio));
  const soluzioni: [string, string][] = [
    ['1.5', '0'],
    ['2', '3'],
    ['9.81', '0'],
  ];
  for (const [i, [valore, esponente]] of soluzioni.entries()) {
    await page.getByRole('button', { name: 'Aggiungi problema' }).click();
    await field(page, `Soluzione di P${i + 1}`).fill(valore);
    await field(page, `Esponente di P${i + 1}`).fill(esponente);
  }
  await page.getByRole('button', { name: 'Crea evento' }).click();
  await expect(page).toHaveURL(/\/evento\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: TITOLO })).toBeVisible();
  return Number(/\/evento\/(\d+)\//.exec(page.url())![1]);
}

async function prepara(page: Page, id: number) {
  await page.goto(`/modifica-evento/${id}/`);
  const files = page.getByRole('region', { name: 'Testo e soluzioni' });
  await files
    .getByLabel('Testo dei problemi (PDF)')
    .setInputFiles({ name: 'testo.pdf', mimeType: 'application/pdf', buffer: PDF });
  await files.getByRole('button', { name: 'Carica' }).first().click();
  await expect(files.getByText('File caricato.')).toBeVisible();

  await page.getByLabel('Aggiungi inseritore (e-mail)').fill('inseritore@gas.example');
  await page
    .locator('form')
    .filter({ has: page.getByLabel('Aggiungi inseritore (e-mail)') })
    .getByRole('button', { name: 'Aggiungi' })
    .click();
  await expect(page.getByText(/ora è inseritore dell’evento/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Amministratori e inseritori' }).getByText('Ines Inserti'),
  ).toBeVisible();

  for (const nome of SQUADRE) {
    await page.goto(`/nuova-squadra/?evento=${id}`);
    await field(page, 'Nome').fill(nome);
    await page.getByRole('button', { name: 'Iscrivi la squadra' }).click();
    await expect(page.getByText(`Hai iscritto la squadra ${nome} con successo`)).toBeVisible();
  }
}

type Consegna =
  | {
      squadra: string;
      problema: string;
      valore: string;
      esponente?: string;
      esito: 'Corretto!' | 'Errato!';
      momento?: number;
    }
  | { squadra: string; problema: string; jolly: true };

async function consegna(page: Page, c: Consegna) {
  await field(page, 'Squadra').selectOption({ label: c.squadra });
  await field(page, 'Problema').selectOption({ label: c.problema });
  if ('jolly' in c) {
    await page.getByRole('button', { name: 'Imposta come jolly' }).click();
    await expect(page.getByText('Jolly impostato correttamente.')).toBeVisible();
  } else {
    await field(page, 'Valore').fill(c.valore);
    await field(page, 'Esponente').fill(c.esponente ?? '0');
    if (c.momento !== undefined) {
      await field(page, 'Orario automatico').uncheck();
      await page.getByLabel(/Momento di consegna/).fill(romeWall(c.momento));
    }
    await field(page, 'Valore').press('Enter');
    await expect(
      page.getByText(new RegExp(`^${c.esito} Risposta correttamente consegnata`)),
    ).toBeVisible();
    if (c.momento !== undefined) await field(page, 'Orario automatico').check();
  }
  // Cleared for the next slip; the notice is closed so that the next one is new.
  await expect(field(page, 'Squadra')).toHaveValue('');
  await page.locator('.alert').getByRole('button', { name: 'Chiudi' }).click();
  await expect(page.locator('.alert')).toHaveCount(0);
}

test('a whole contest: the scores page ranks the teams as the scoring CLI does', async ({
  page,
}) => {
  test.slow();
  await login(page, 'docente');
  const id = await creaEvento(page);
  await prepara(page, id);
  const evento = await apiJson<EventoApi>(page, `/api/gas/evento/${id}/`);
  expect(evento.tipologia).toBe('pub');
  expect(evento.file_problemi).toBeTruthy();
  const sessione = evento.sessioni[0]!.id;

  // The inseritore, invited through the form, enters everything with it.
  await login(page, 'inseritore');
  await page.goto(`/sessione/${sessione}/consegna-risposte/`);
  const consegne: Consegna[] = [
    { squadra: 'Alfa e2e', problema: 'P2', jolly: true },
    { squadra: 'Alfa e2e', problema: 'P1', valore: '1,5', esito: 'Corretto!' },
    { squadra: 'Beta e2e', problema: 'P1', valore: '1.6', esito: 'Errato!' },
    { squadra: 'Beta e2e', problema: 'P1', valore: '1.5', esito: 'Corretto!' },
    { squadra: 'Gamma e2e', problema: 'P2', valore: '2', esponente: '3', esito: 'Corretto!' },
    { squadra: 'Alfa e2e', problema: 'P2', valore: '2000', esito: 'Corretto!' },
    // A paper slip handed in a minute ago, keyed in with its time.
    {
      squadra: 'Delta e2e',
      problema: 'P3',
      valore: '9,81',
      esito: 'Corretto!',
      momento: Date.now() - MINUTE,
    },
    { squadra: 'Gamma e2e', problema: 'P3', jolly: true },
    { squadra: 'Delta e2e', problema: 'P1', valore: '3', esito: 'Errato!' },
    { squadra: 'Gamma e2e', problema: 'P3', valore: '9.5', esito: 'Errato!' },
  ];
  for (const c of consegne) await consegna(page, c);
  await expect(
    page.getByRole('table', { name: 'Risposte consegnate' }).locator('tbody tr'),
  ).toHaveCount(consegne.length);

  // The same answers through the scoring CLI.
  const params = Object.fromEntries(
    [
      'PTI_TOLTI_ERRORE',
      'PTI_BASE_MONTEPREMI',
      'MAX_ERRORI_RAISE_MONTEPREMI',
      'ERRORE_PUNTEGGI_RAISE',
      'PUNTEGGIO_BASE_PROBLEMI',
      'BONUS_VELOCITA',
      'SCALING_BONUS_VELOCITA',
      'SCALING_BONUS_MONTEPREMI',
    ].map((k) => [k, evento[k]]),
  );
  const squadre = await apiList<{ id: number; nome: string; ospite: boolean; ordine_eta?: number }>(
    page,
    `/api/gas/squadra/in_sessione/?sessione=${sessione}`,
  );
  const eventi = await apiList<Record<string, unknown>>(
    page,
    `/api/gas/risposta-all/?squadra__sessione=${sessione}`,
  );
  expect(eventi).toHaveLength(consegne.length);
  const snapshot = await apiJson<{ results: { ora: string; json: { classifica: Riga[] } }[] }>(
    page,
    `/api/gas/sessione/${sessione}/punteggi/`,
  );
  const input = {
    params,
    inizio: evento.inizio,
    problemi: [...evento.problemi]
      .sort((a, b) => a.ordine - b.ordine)
      .map((p) => ({ id: p.id, nome: p.nome })),
    squadre: squadre.map((s) => ({
      id: s.id,
      nome: s.nome,
      ospite: s.ospite,
      ...(typeof s.ordine_eta === 'number' && { ordine_eta: s.ordine_eta }),
    })),
    eventi: eventi.map(({ id: eid, k, s, p, c, d }) => ({
      id: eid,
      k,
      s,
      p,
      ...(k === 'r' && { c }),
      d,
    })),
    at: snapshot.results[0]!.ora,
  };
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gas-e2e-')), 'sessione.json');
  writeFileSync(file, JSON.stringify(input));
  const cli = JSON.parse(
    execFileSync('npm', ['run', '-s', 'score', '--', file], { cwd: root, encoding: 'utf8' }),
  ) as { classifica: Riga[] };
  const shape = (r: Riga) => ({
    posizione: r.posizione,
    id: r.id,
    nome: r.nome,
    totale: r.totale,
    punti_parziali: r.punti_parziali,
    jolly: r.jolly,
  });
  const attesa = cli.classifica.map(shape);
  expect(attesa.map((r) => r.nome)).toHaveLength(SQUADRE.length);
  // The server's snapshot agrees with the CLI...
  expect(snapshot.results[0]!.json.classifica.map(shape)).toEqual(attesa);

  // ...and so does the public scores page, seen by a visitor.
  await page.context().clearCookies();
  await page.goto(`/sessione/${sessione}/punteggi/`);
  const rows = page.locator('tr.score-row');
  await expect(rows).toHaveCount(SQUADRE.length);
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      id: Number(tr.getAttribute('data-squadra')),
      posizione: tr.querySelector('.col-pos')?.textContent?.trim() ?? '',
      nome: tr.querySelector('.col-nome .team-btn')?.textContent?.trim() ?? '',
      totale: Number(tr.querySelector('.col-tot')?.textContent?.trim()),
    })),
  );
  expect(shown).toEqual(
    attesa.map((r) => ({
      id: r.id,
      posizione: String(r.posizione),
      nome: r.nome,
      totale: r.totale,
    })),
  );
});
