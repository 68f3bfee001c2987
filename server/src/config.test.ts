import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Starts the server as `npm start` does; it must exit with status 1. Its stderr's lines. */
function failedStart(env: Record<string, string>): string[] {
  const run = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, WEB_DIST: '/nonexistent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  return run.stderr
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('npm warn'));
}

describe('configuration from environment variables', () => {
  it('has working defaults: port 8000, ./data, demo data on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
  });

  it('checks answers against their schemas except in production, unless told', () => {
    expect(loadConfig({}).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).checkResponses).toBe(false);
    expect(loadConfig({ GAS_CHECK_RESPONSES: '0' }).checkResponses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GAS_CHECK_RESPONSES: '1' }).checkResponses).toBe(
      true,
    );
  });

  it('never seeds demo data in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', GAS_DEMO: '1' }).demo).toBe(false);
    expect(loadConfig({ GAS_DEMO: '0' }).demo).toBe(false);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['GAS_DEMO', { GAS_DEMO: 'forse' }],
    ['GAS_RESPONSABILI_MAX_GIORNO', { GAS_RESPONSABILI_MAX_GIORNO: '0' }],
    ['GAS_RESPONSABILI_MAX_GIORNO', { GAS_RESPONSABILI_MAX_GIORNO: 'molti' }],
  ])('a wrong %s names the variable', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${variable}: `));
  });

  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['1', ['loopback']],
    ['true', ['loopback']],
    ['127.0.0.1', ['127.0.0.1']],
    [' 127.0.0.1 , 10.0.0.0/8,::1 ', ['127.0.0.1', '10.0.0.0/8', '::1']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('TRUST_PROXY=%j trusts %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['tutti', '127.0.0.1;10.0.0.1', '*', 'http://proxy'])(
    'a wrong TRUST_PROXY (%s) names the variable and the expected form',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^TRUST_PROXY: valore non valido \(indirizzi o CIDR dei proxy fidati/,
      );
    },
  );

  it('daily creation limits: 20 events and 20 secondary managers unless told', () => {
    expect(loadConfig({}).responsabiliMaxGiorno).toBe(20);
    expect(loadConfig({ GAS_RESPONSABILI_MAX_GIORNO: '5' }).responsabiliMaxGiorno).toBe(5);
  });

  it('WebSocket caps: 100 per address by default, a total below the open-file limit', () => {
    const config = loadConfig({});
    expect(config.wsLimits.maxPerAddress).toBe(100);
    expect(config.wsLimits.maxTotal).toBeGreaterThanOrEqual(64);
    expect(loadConfig({ GAS_WS_MAX_PER_ADDRESS: '5', GAS_WS_MAX_TOTAL: '50' }).wsLimits).toEqual({
      maxPerAddress: 5,
      maxTotal: 50,
    });
    expect(() => loadConfig({ GAS_WS_MAX_PER_ADDRESS: '0' })).toThrow(/^GAS_WS_MAX_PER_ADDRESS: /);
  });

  it('accept queues: 8 by default, 1 to 64', () => {
    expect(loadConfig({}).acceptQueues).toBe(8);
    expect(loadConfig({ GAS_ACCEPT_QUEUES: '1' }).acceptQueues).toBe(1);
    expect(() => loadConfig({ GAS_ACCEPT_QUEUES: '0' })).toThrow(/^GAS_ACCEPT_QUEUES: /);
    expect(() => loadConfig({ GAS_ACCEPT_QUEUES: '65' })).toThrow(/^GAS_ACCEPT_QUEUES: /);
  });

  it('the server exits with one line naming PORT/HOST when its port is taken', async () => {
    // Held as another instance holds it, with SO_REUSEPORT (util/accept-queues.ts):
    // the kernel would let the two share it; the instance must not.
    const holder = net.createServer();
    await new Promise<void>((resolve) =>
      holder.listen({ host: '127.0.0.1', port: 0, reusePort: true }, resolve),
    );
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gas-porta-'));
    try {
      const lines = failedStart({
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String((holder.address() as net.AddressInfo).port),
      });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^GaS: avvio fallito: PORT\/HOST: impossibile mettersi in ascolto su 127\.0\.0\.1:\d+ \(.*EADDRINUSE/,
      );
    } finally {
      holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the server exits with one line naming DATABASE_URL when PostgreSQL is unreachable', () => {
    const lines = failedStart({ DATABASE_URL: 'postgres://gas@127.0.0.1:1/nessuno' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GaS: avvio fallito: DATABASE_URL: impossibile connettersi/);
  });
});
