// The server Playwright starts (the `npm start` path) runs on the Node.js the
// project pins (scripts/node-runtime.mjs), as its Prometheus metrics say:
// prom-client's default `nodejs_version_info`, which /metrics answers to a
// client on the same machine.
import { expect, test } from '@playwright/test';
import { NODE_MAJOR, NODE_PINNED } from '../scripts/node-runtime.mjs';

test('the e2e server runs on the pinned Node.js', async ({ request }) => {
  const response = await request.get('/metrics');
  expect(response.status()).toBe(200);
  const line = (await response.text())
    .split('\n')
    .find((l) => l.startsWith('nodejs_version_info{'));
  expect(line).toContain(`major="${NODE_MAJOR}"`);
  if (['linux-x64', 'linux-arm64'].includes(`${process.platform}-${process.arch}`)) {
    expect(line).toContain(`version="v${NODE_PINNED}"`);
  }
});
