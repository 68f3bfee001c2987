// The scores page live: answers submitted through the API during the test
// reach the open page (in order and out of order), the live tile shows
// them, and after the live connection is lost (and answers are added and
// deleted meanwhile) the page reconnects and ends equal to the server's
// ranking.
import { expect, test, type WebSocketRoute } from '@playwright/test';
import { answer, liveEventForTests, iso, MINUTE, serverRanking } from './support/punteggi-api';
import { openScores, tableRanking } from './support/punteggi-page';
import { graficoDisegnato } from './support/grafici';

test.describe.configure({ mode: 'serial' });

const titolo = `Prova punteggi live ${Date.now()}`;
const evento = liveEventForTests({
  titolo,
  teams: 6,
  problems: 4,
  qualificati: 3,
  startedAgoMs: 30 * MINUTE,
});

const sol = (i: number) => String(evento.live.problemi[i]!.soluzione);

test('answers submitted during the test update the open page, late ones in place', async ({
  page,
  request,
}) => {
  const [a, b, c] = evento.live.squadre;
  const [p1, p2] = evento.live.problemi;
  await openScores(page, `/sessione/${evento.live.sessioneId}/punteggi/`);
  await expect(page.getByTestId('stato-evento')).toHaveText(/^L'evento è in corso e finirà /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${titolo} - sessione`);

  // A correct answer: the tile turns green and the team goes first.
  await answer(evento.admin, { squadra: a!.id, problema: p1!.id, valore: sol(0) });
  const tile = page.getByTestId('live-tile');
  await expect(tile).toHaveClass(/live-tile--corretta/);
  await expect(tile).toContainText(`P1 · ${a!.nome}`);
  await expect(page.locator('.score-table tbody .team-btn').first()).toHaveText(a!.nome);
  const cell = page.locator(`tr[data-squadra="${a!.id}"] td.col-prob`).first();
  await expect(cell).toHaveClass(/cell-solved/);
  await expect(cell).toHaveClass(/cell-new/);
  // Not by colour alone: a mark too (WCAG 1.4.1).
  const mark = (td: typeof cell) => td.evaluate((el) => getComputedStyle(el, '::after').content);
  expect(await mark(cell)).toContain('✓');

  // A wrong one: red tile, red cell.
  await answer(evento.admin, { squadra: b!.id, problema: p2!.id, valore: '12345' });
  await expect(tile).toHaveClass(/live-tile--errata/);
  const errata = page.locator(`tr[data-squadra="${b!.id}"] td.col-prob`).nth(1);
  await expect(errata).toHaveClass(/cell-wrong/);
  expect(await mark(errata)).toContain('✗');

  // Delivered 10 minutes ago, received now: C solved P1 before A.
  await answer(evento.admin, {
    squadra: c!.id,
    problema: p1!.id,
    valore: sol(0),
    momento_consegna: iso(Date.now() - 10 * MINUTE),
  });
  await expect(page.locator('.score-table tbody .team-btn').first()).toHaveText(c!.nome);
  await expect
    .poll(async () => tableRanking(page), { timeout: 10_000 })
    .toEqual(await serverRanking(request, evento.live.sessioneId));
  await expect(page.getByTestId('ultimo-aggiornamento')).toHaveText(
    /Ultimo aggiornamento: \d\d:\d\d:\d\d/,
  );
});

test('after losing the connection it reconnects and ends equal to the server', async ({
  page,
  request,
}) => {
  let online = true;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/ws\/gas\/sessione\/\d+\/punteggi_(eventi|last)\//, (ws) => {
    if (!online) {
      // The server is down: the connection drops at once.
      ws.close({ code: 1012, reason: 'Riavvio' });
      return;
    }
    ws.connectToServer();
    open.add(ws);
  });
  await openScores(page, `/sessione/${evento.live.sessioneId}/punteggi/`);
  await expect
    .poll(async () => tableRanking(page), { timeout: 10_000 })
    .toEqual(await serverRanking(request, evento.live.sessioneId));

  // The server "restarts": every live connection drops and new ones fail.
  online = false;
  for (const ws of open) await ws.close({ code: 1012, reason: 'Riavvio' });
  open.clear();
  await expect(page.getByTestId('connessione-persa')).toBeVisible();
  await expect(page.getByText('Connessione persa')).toBeVisible();
  await expect(page.getByText('Tentativo di riconnessione in corso')).toBeVisible();

  // Meanwhile answers arrive, and one is deleted.
  const [, b, c, d, e] = evento.live.squadre;
  const [, p2, p3, p4] = evento.live.problemi;
  const kept = await answer(evento.admin, { squadra: d!.id, problema: p3!.id, valore: sol(2) });
  expect(kept.corretto).toBe(true);
  await answer(evento.admin, { squadra: e!.id, problema: p4!.id, valore: sol(3) });
  await answer(evento.admin, { squadra: b!.id, problema: p2!.id, valore: sol(1) });
  const gone = await answer(evento.admin, { squadra: c!.id, problema: p4!.id, valore: sol(3) });
  await evento.admin.delete(`/api/gas/risposta/${gone.id}/`);
  const expected = await serverRanking(request, evento.live.sessioneId);
  expect(expected.find((r) => r.id === c!.id)).toBeTruthy();

  // Back up: the page reconnects (5 s schedule) and catches up.
  online = true;
  await expect(page.getByTestId('connessione-persa')).toHaveCount(0, { timeout: 15_000 });
  await expect
    .poll(async () => tableRanking(page), { timeout: 20_000 })
    .toEqual(await serverRanking(request, evento.live.sessioneId));
  // The deleted answer is gone from the table too.
  await expect(page.locator(`tr[data-squadra="${c!.id}"] td.col-prob`).nth(3)).not.toHaveClass(
    /cell-solved/,
  );
});

test('a refresh request from the evento.admin actions reloads the open page', async ({ page }) => {
  // The request reaches the pages whose events feed is open: wait for the
  // page's socket, not for its chart (painted by the server, the chart is on
  // screen before the app has started, let alone opened its feeds).
  const feedAperto = () =>
    page.waitForEvent('websocket', (ws) =>
      ws.url().endsWith(`/ws/gas/sessione/${evento.live.sessioneId}/punteggi_eventi/`),
    );
  const primoFeed = feedAperto();
  await page.goto(`/sessione/${evento.live.sessioneId}/punteggi/#grafico`);
  await graficoDisegnato(page, 'grafico-punteggi');
  await primoFeed;
  // Give the upgrade a moment on a loaded machine.
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    (window as unknown as { gasMarker: number }).gasMarker = 1;
  });
  // Null once a new document is loaded (an evaluation during the navigation fails).
  const marker = () =>
    page
      .evaluate(() => (window as unknown as { gasMarker?: number }).gasMarker ?? null)
      .catch(() => 'ricarica in corso');
  // At once...
  const secondoFeed = feedAperto();
  await evento.admin.patch(
    `/api/gas/sessione/${evento.live.sessioneId}/request_refresh_frontend_delayed/`,
    {
      interval: 0,
    },
  );
  await expect.poll(marker, { timeout: 10_000 }).toBeNull();
  // ...and after a random delay up to the interval (here 2 s); the tab in the
  // hash stays. The reloaded page is the app's again (the server painted that
  // tab too), its feed open, before the second request.
  await expect(page.locator('[data-prima-schermata]')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Grafico', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await graficoDisegnato(page, 'grafico-punteggi');
  await secondoFeed;
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    (window as unknown as { gasMarker: number }).gasMarker = 2;
  });
  await evento.admin.patch(
    `/api/gas/sessione/${evento.live.sessioneId}/request_refresh_frontend_delayed/`,
    {
      interval: 2,
    },
  );
  await expect.poll(marker, { timeout: 10_000 }).toBeNull();
});
