// An answer desk that survives the venue's Wi-Fi (issues 17 and 26): an inseritore
// types answers with the network gone; they wait on the device through a
// reload in the dead Wi-Fi (the service worker serves the page), another
// reload and a closed tab, while the server cannot be reached; a response
// lost after the server stored the answer is retried with the same key; two
// tabs flush the same outbox; in the end every answer is stored exactly once,
// with the time it was typed, and counts in the public ranking. After a
// reload offline the frame is whole (the navbar's logo and 'Evento corrente');
// at 360 px the device's list fits the screen; the 'Salvata su questo
// dispositivo' notice goes once everything is sent; a message the staff post
// reaches the open desk at once.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
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

/** The navbar after a reload: its logo drawn, its 'Evento corrente' there. */
async function navbarIntera(page: Page) {
  const navbar = page.getByRole('navigation', { name: 'Navigazione principale' });
  const logo = navbar.locator('.navbar-brand img');
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(navbar.getByRole('link', { name: 'Evento corrente' })).toBeVisible();
}

/** Every 'Elimina' of the device's list inside a phone's screen, and nothing wider than it. */
async function entraNelTelefono(page: Page) {
  const larghezza = 360;
  await page.setViewportSize({ width: larghezza, height: 800 });
  const elimina = page.getByTestId('coda-invii').getByRole('button', { name: 'Elimina' });
  await expect(elimina.first()).toBeVisible();
  for (const bottone of await elimina.all()) {
    const box = (await bottone.boundingBox())!;
    // Inside the screen and not clipped by a scrolling table around it.
    expect(box.x + box.width).toBeLessThanOrEqual(larghezza);
    const coperto = await bottone.evaluate((el) => {
      const r = el.getBoundingClientRect();
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (
          getComputedStyle(p).overflowX !== 'visible' &&
          p.getBoundingClientRect().right < r.right
        )
          return true;
      }
      return false;
    });
    expect(coperto).toBe(false);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    larghezza,
  );
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A message posted by an administrator of the event, from a browser of his own. */
async function messaggioDelloStaff(browser: Browser, evento: number, testo: string) {
  const staff = await (await browser.newContext()).newPage();
  await login(staff, 'admin');
  const risposta = await apiCall(staff, 'POST', '/api/gas/messaggi-importanti/', { evento, testo });
  expect(risposta.status()).toBe(201);
  const { id } = (await risposta.json()) as { id: number };
  return {
    elimina: async () => {
      expect((await apiCall(staff, 'DELETE', `/api/gas/messaggi-importanti/${id}/`)).status()).toBe(
        204,
      );
      await staff.context().close();
    },
  };
}

const inAttesa = (page: Page) =>
  page.getByTestId('coda-invii').locator('tbody tr').filter({ hasText: 'In attesa di invio' });

test('answers typed offline survive a reload and a closed tab, and are stored once with their typed times', async ({
  page,
  context,
  browser,
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
    await entraNelTelefono(page);

    // A reload in the dead Wi-Fi: the page, its teams and the waiting answers are there.
    await page.reload();
    await expect(page.getByLabel('Squadra', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Squadra', { exact: true }).locator('option')).not.toHaveCount(0);
    await expect(inAttesa(page)).toHaveCount(N);
    await navbarIntera(page);

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

    // One more with the server unreachable: the notice says it is kept here,
    // and goes as soon as it is sent (long before its 15 s are over).
    await serverIrraggiungibile(context);
    await a.getByLabel('Squadra', { exact: true }).selectOption({ label: squadre[0]! });
    await a.getByLabel('Problema', { exact: true }).selectOption(String(problema.id));
    await a.getByLabel('Valore', { exact: true }).fill('7999');
    await a.getByRole('button', { name: 'Invia' }).click();
    const salvata = a.getByText(/^Salvata su questo dispositivo/);
    await expect(salvata).toBeVisible();
    const mostrata = Date.now();
    await context.unrouteAll();
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(inAttesa(a)).toHaveCount(0);
    await expect(salvata).toHaveCount(0, { timeout: 5_000 });
    expect(Date.now() - mostrata).toBeLessThan(12_000);

    // A message the staff post reaches the open desk: a toast and the desk's list.
    const testo = `Consegna: P7 vale anche in km (${Date.now()})`;
    const messaggio = await messaggioDelloStaff(browser, evento.id, testo);
    await expect(a.locator('.toast').filter({ hasText: 'Messaggio importante' })).toContainText(
      testo,
    );
    await expect(a.getByRole('region', { name: 'Messaggi importanti' })).toContainText(testo);
    await messaggio.elimina();
    // The other specs find the demo session as it was.
    const ultima = await apiList<RispostaApi>(
      a,
      `/api/gas/risposta/?squadra__sessione=${sessione.id}&problema=${problema.id}`,
    );
    for (const r of [...stored, ...ultima.filter((r) => r.valore === '7999')]) {
      expect((await apiCall(a, 'DELETE', `/api/gas/risposta/${r.id}/`)).status()).toBe(204);
    }
    await a.close();
    await b.close();
  });
});
