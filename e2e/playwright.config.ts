// End-to-end tests: the real server (`npm start` path) on a fresh data
// directory with demo data, driven through Debian's Chromium.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { ensureNodeRuntime } from '../scripts/node-runtime.mjs';
import { smtpPort } from './support/posta';
import { sentryPort } from './support/sentry';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 8123);
// One data directory per port, so two runs (different E2E_PORT) never share it.
const dataDir = path.join(root, '.tmp', `e2e-data-${port}`);
// Only on the Node the project pins; said once, by the runner (its workers
// load this file too and carry TEST_WORKER_INDEX).
ensureNodeRuntime('playwright', { announce: process.env.TEST_WORKER_INDEX === undefined });

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: path.join(root, 'test-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The server runs on the runner's own Node (the pinned one), whatever PATH says.
    command: `rm -rf "${dataDir}" && "${process.execPath}" scripts/start.mjs`,
    cwd: root,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      GAS_DEMO: '1',
      GAS_DEMO_LIVE: '0',
      LOG_LEVEL: 'warn',
      // Every spec's browser reads from 127.0.0.1, so the whole suite shares one
      // visitor's budget of list reads (600 a minute): a quick run of list-heavy
      // specs most likely met 429s (lista-poli failed once in CI). The limit has its own tests
      // (server/src/plugins/rate-limit.test.ts); here it stays on, out of reach.
      GAS_RATE_LIMIT_READS: '100000',
      // A loopback address nothing answers on: the maps must use the server's
      // setting, and must work when tiles cannot load. HTTPS, as the pages' CSP
      // allows tiles (an http address was a CSP violation on every scores
      // page, whose HTML holds the maps' background: mappe/AnteprimaMappa.tsx).
      MAP_TILE_URL: 'https://127.0.0.1:9/tiles/{z}/{x}/{y}.png',
      // The session cards' chat link comes from the server's setting.
      GAS_CHAT_URL: 'https://chat.example.it/gas',
      // E-mails go to the SMTP server a spec starts (support/posta.ts).
      GAS_SMTP_URL: `smtp://127.0.0.1:${smtpPort(port)}`,
      // Error reports also go to the Sentry stand-in a spec starts (support/sentry.ts).
      GAS_SENTRY_DSN: `http://chiavee2e@127.0.0.1:${sentryPort(port)}/1`,
    },
  },
});
