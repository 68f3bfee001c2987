// The scores page survives a real server restart mid-session: this spec runs a
// server of its own (the shared one must stay up for the other specs), kills
// it with SIGKILL while a visitor watches, starts it again on the same data,
// submits answers, and expects the open page to end equal to the server's ranking.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import {
  answer,
  apiAs,
  createLiveEvent,
  MINUTE,
  serverRanking,
  type Api,
  type LiveEvent,
} from './support/punteggi-api';
import { openScores, tableRanking } from './support/punteggi-page';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_RESTART_PORT ?? 8124);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, '.tmp', 'e2e-restart-data');

function startServer(): ChildProcess {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The build made by the test command; a custom WEB_DIST is never rebuilt.
      WEB_DIST: path.join(root, 'web', 'dist'),
      GAS_DEMO: '1',
      GAS_DEMO_LIVE: '0',
      LOG_LEVEL: 'warn',
    },
  });
}

/** Ready: migrated, seeded, LISTEN up (/readyz; /healthz answers as soon as it listens). */
async function waitHealthy(): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/readyz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 90_000, intervals: [250] },
    )
    .toBe(200);
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

let server: ChildProcess | undefined;
let admin: Api | undefined;
let live: LiveEvent;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  server = startServer();
  await waitHealthy();
  admin = await apiAs(base, 'admin');
  live = await createLiveEvent(admin, {
    titolo: `Prova riavvio ${Date.now()}`,
    teams: 5,
    problems: 3,
    qualificati: 2,
    startedAgoMs: 20 * MINUTE,
  });
});

test.afterAll(async () => {
  await admin?.dispose();
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('the open page recovers after the server is killed and restarted', async ({
  page,
  request,
}) => {
  const sol = (i: number) => String(live.problemi[i]!.soluzione);
  const [a, b, c] = live.squadre;
  const [p1, p2, p3] = live.problemi;
  await answer(admin!, { squadra: a!.id, problema: p1!.id, valore: sol(0) });
  const fromServer = () => serverRanking(request, live.sessioneId, base);
  await openScores(page, `${base}/sessione/${live.sessioneId}/punteggi/`);
  await expect
    .poll(async () => JSON.stringify(await tableRanking(page)), { timeout: 15_000 })
    .toBe(JSON.stringify(await fromServer()));

  // kill -9: no graceful close of the WebSockets.
  server!.kill('SIGKILL');
  await new Promise((resolve) => server!.once('exit', resolve));
  await expect(page.getByText('Connessione persa')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Tentativo di riconnessione in corso')).toBeVisible();

  // Back on the same data (sessions live in the database: the admin stays logged in).
  server = startServer();
  await waitHealthy();
  await answer(admin!, { squadra: b!.id, problema: p2!.id, valore: sol(1) });
  await answer(admin!, { squadra: c!.id, problema: p3!.id, valore: '999999' });
  await answer(admin!, { squadra: c!.id, problema: p1!.id, valore: sol(0) });

  await expect(page.getByText('Connessione persa')).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () => JSON.stringify(await tableRanking(page)), { timeout: 30_000 })
    .toBe(JSON.stringify(await fromServer()));
  const rows = await tableRanking(page);
  expect(rows.find((r) => r.id === b!.id)?.totale).toBeGreaterThan(0);
});
