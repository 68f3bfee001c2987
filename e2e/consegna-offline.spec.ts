// An answer desk that survives the venue's Wi-Fi (issue 17): an inseritore
// types answers with the network gone; they wait on the device through a
// reload in the dead Wi-Fi (the service worker serves the page), another
// reload and a closed tab, while the server cannot be reached; a response
// lost after the server stored the answer is retried with the same key; two
// tabs flush the same outbox; in the end every answer is stored exactly once,
// with the time it was typed, and counts in the public ranking.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  apiCall,
  apiJson,
  apiList,
  demoEventi,
  login,
  withEventRunning,
  type EventoApi,
} from './support/tools-helpers';
import { expectNoAxeViolations } from './support/axe';

const N = 20;

type RispostaApi = { id: number; valore: string; squadra: number; momento_consegna: string };

/** POSTs of answers fail as if the server were down (the browser still online). */
async function serverIrraggiungibile(context: BrowserContext) {
  await context.route('**/api/gas/risposta/', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
}

async function apri(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Consegna risposte' })).toBeVisible();
  return page;
}

/** Answers and jokers the public ranking of the session counts. */
async function eventiInClassifica(page: Page, sessione: number): Promise<number> {
  const [item] = await apiList<{ json: { numero_eventi: number } }>(
    page,
    `/api/gas/sessione/${sessione}/punteggi/`,
  );
  return item!.json.numero_eventi;
}

const inAttesa = (page: Page) =>
  page.getByTestId('coda-invii').locator('tbody tr').filter({ hasText: 'In attesa di invio' });

test('answers typed offline survive a reload and a closed tab, and are stored once with their typed times', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await login(page, 'inseritore');
  const { nazionale } = await demoEventi(page);
  const evento = await apiJson<EventoApi>(page, `/api/gas/evento/${nazionale.id}/`);
  const sessione = nazionale.sessioni[0]!;
  const url = `/sessione/${sessione.id}/consegna-risposte/`;
  const problema = evento.problemi.find((p) => p.nome === 'P7')!;

  await withEventRunning(page, evento, async () => {
    const eventiPrima = await eventiInClassifica(page, sessione.id);
    await page.goto(url);
    // The service worker installs on the first visit and keeps, from the
    // next one, what the page needs to load without a network.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    const squadra = page.getByLabel('Squadra', { exact: true });
    await expect(squadra).toBeFocused();
    // Teams the other specs leave alone (they use the first ones).
    const squadre = (await squadra.locator('option').allTextContents()).slice(-3);

    // The Wi-Fi goes: every answer is kept on the device, with the time it was typed.
    await context.setOffline(true);
    const digitate = new Map<string, [number, number]>();
    for (let i = 0; i < N; i++) {
      const valore = String(7000 + i);
      await squadra.selectOption({ label: squadre[i % squadre.length]! });
      await page.getByLabel('Problema', { exact: true }).selectOption(String(problema.id));
      await page.getByLabel('Valore', { exact: true }).fill(valore);
      const prima = Date.now();
      await page.getByRole('button', { name: 'Invia' }).click();
      await expect(page.getByText(/^Salvata su questo dispositivo/)).toBeVisible();
      digitate.set(valore, [prima, Date.now()]);
      await expect(squadra).toHaveValue('');
    }
    await expect(page.getByText(/^Non connesso: le risposte sono salvate/)).toBeVisible();
    await expect(inAttesa(page)).toHaveCount(N);
    await expectNoAxeViolations(page);

    // A reload in the dead Wi-Fi: the page, its teams and the waiting answers are there.
    await page.reload();
    await expect(page.getByLabel('Squadra', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Squadra', { exact: true }).locator('option')).not.toHaveCount(0);
    await expect(inAttesa(page)).toHaveCount(N);

    // Back online but the server unreachable: a reload keeps them all.
    await serverIrraggiungibile(context);
    await context.setOffline(false);
    await page.reload();
    await expect(inAttesa(page)).toHaveCount(N);
    await expect(page.getByText(/^Non connesso: le risposte sono salvate/)).toBeVisible();

    // The tab closed and opened again, twice over: two tabs on one outbox.
    await page.close();
    const a = await apri(context, url);
    const b = await apri(context, url);
    await expect(inAttesa(a)).toHaveCount(N);
    await expect(inAttesa(b)).toHaveCount(N);

    // The server comes back, but the answer to the first POST is lost after
    // the server stored it: the retry carries the same key.
    let perse = 0;
    await context.unrouteAll();
    await context.route('**/api/gas/risposta/', async (route) => {
      if (route.request().method() !== 'POST' || perse > 0) return route.continue();
      perse += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    // Both tabs flush at once ('online' makes them try now).
    await context.setOffline(true);
    await context.setOffline(false);
    for (const tab of [a, b]) {
      await expect(inAttesa(tab)).toHaveCount(0, { timeout: 60_000 });
      await expect(tab.getByText(/^Non connesso/)).toHaveCount(0);
    }
    expect(perse).toBe(1);

    // On the server: each answer once, with the time it was typed.
    const stored = (
      await apiList<RispostaApi>(
        a,
        `/api/gas/risposta/?squadra__sessione=${sessione.id}&problema=${problema.id}`,
      )
    ).filter((r) => digitate.has(r.valore));
    expect(stored.map((r) => r.valore).sort()).toEqual([...digitate.keys()].sort());
    for (const r of stored) {
      const [prima, dopo] = digitate.get(r.valore)!;
      const t = Date.parse(r.momento_consegna);
      expect(t, `${r.valore} consegnata il ${r.momento_consegna}`).toBeGreaterThanOrEqual(
        prima - 2000,
      );
      expect(t).toBeLessThanOrEqual(dopo + 2000);
    }

    // They count in the public ranking: the session's snapshot has N more events.
    expect(await eventiInClassifica(a, sessione.id)).toBe(eventiPrima + N);
    // The other specs find the demo session as it was.
    for (const r of stored) {
      expect((await apiCall(a, 'DELETE', `/api/gas/risposta/${r.id}/`)).status()).toBe(204);
    }
    await a.close();
    await b.close();
  });
});
