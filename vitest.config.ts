import { defineConfig } from 'vitest/config';
import { ensureNodeRuntime } from './scripts/node-runtime.mjs';

// Only on the Node the project pins; said once, before the first test.
ensureNodeRuntime('vitest');

// Unit, component and HTTP tests (`*.test.ts[x]` beside the code). Playwright's
// e2e/*.spec.ts are never picked up here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'scoring',
          include: ['packages/scoring/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The same scoring tests in a browser-like environment: proof that the
        // engine needs nothing from Node.
        test: {
          name: 'scoring-jsdom',
          include: ['packages/scoring/src/**/*.test.ts'],
          exclude: ['packages/scoring/src/**/*.node.test.ts'],
          environment: 'jsdom',
        },
      },
      {
        test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
