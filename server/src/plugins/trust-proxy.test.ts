// TRUST_PROXY: which X-Forwarded-* headers are believed. Login throttling,
// read limits and secure cookies must follow the client address the trusted
// proxy saw, so that a client cannot escape its budget by sending made-up
// X-Forwarded-For values.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../db/testing';
import { ensureLiveSession, type LiveSession } from '../demo/queries';

describe('TRUST_PROXY', () => {
  let database: TestDatabase;
  let live: LiveSession;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seed: true });
    live = await ensureLiveSession(database, { now: new Date(), titolo: 'Proxy', teams: 3 });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  async function appWith(trustProxy: string | undefined): Promise<FastifyInstance> {
    const base = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: trustProxy });
    const config = {
      ...base,
      demo: false,
      demoLive: false,
      rateLimit: { enabled: true, readsPerMinute: 3, submissionsPerMinute: 100 },
    };
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    apps.push(app);
    return app;
  }

  /** A failed login from `remoteAddress` with these X-Forwarded-* headers. */
  function failLogin(
    app: FastifyInstance,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      remoteAddress,
      headers: { 'x-csrftoken': 'tok', ...headers },
      cookies: { csrftoken: 'tok' },
      payload: { username: 'admin', password: 'sbagliata' },
    });
  }

  function read(app: FastifyInstance, remoteAddress: string, headers: Record<string, string>) {
    return app.inject({
      method: 'GET',
      url: `/api/gas/sessione/${live.sessioneId}/punteggi/`,
      remoteAddress,
      headers,
    });
  }

  it('unset: X-Forwarded-For is ignored, so spoofed values do not escape login throttling or read limits', async () => {
    const app = await appWith(undefined);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await failLogin(app, '198.51.100.10', { 'x-forwarded-for': `10.0.0.${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const reads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await read(app, '198.51.100.10', { 'x-forwarded-for': `10.1.0.${i}` });
      reads.push(res.statusCode);
    }
    expect(reads).toEqual([200, 200, 200, 429, 429]);
  });

  it('with the proxy listed: its appended hop is believed, a spoofed left-most value is not', async () => {
    const app = await appWith('127.0.0.1');
    // Through the proxy: the client sends a made-up X-Forwarded-For, the proxy appends the real address.
    const viaProxy = (i: number, client = '203.0.113.7') => ({
      'x-forwarded-for': `10.0.0.${i}, ${client}`,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await failLogin(app, '127.0.0.1', viaProxy(i))).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    // Another real client behind the same proxy has its own budget.
    expect((await failLogin(app, '127.0.0.1', viaProxy(0, '203.0.113.8'))).statusCode).toBe(400);

    const reads: number[] = [];
    for (let i = 0; i < 5; i++) {
      reads.push((await read(app, '127.0.0.1', viaProxy(i, '203.0.113.9'))).statusCode);
    }
    expect(reads).toEqual([200, 200, 200, 429, 429]);
    expect((await read(app, '127.0.0.1', viaProxy(0, '203.0.113.10'))).statusCode).toBe(200);

    // A client that is not the proxy cannot claim to be one: its header is ignored.
    const direct: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await read(app, '198.51.100.20', { 'x-forwarded-for': `10.2.0.${i}` });
      direct.push(res.statusCode);
    }
    expect(direct).toEqual([200, 200, 200, 429, 429]);
  });

  it('counts an IPv6 client by its /64, whichever of its addresses it uses', async () => {
    const app = await appWith(undefined);
    const reads: number[] = [];
    for (let i = 1; i <= 5; i++) reads.push((await read(app, `2001:db8:5:6::${i}`, {})).statusCode);
    expect(reads).toEqual([200, 200, 200, 429, 429]);
    expect((await read(app, '2001:db8:5:7::1', {})).statusCode).toBe(200);
  });

  it('marks cookies Secure only when the trusted proxy says the request came over HTTPS', async () => {
    const secureCookies = async (app: FastifyInstance, remoteAddress: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        remoteAddress,
        headers: {
          'x-csrftoken': 'tok',
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '203.0.113.50',
        },
        cookies: { csrftoken: 'tok' },
        payload: { username: 'docente', password: 'gas-demo' },
      });
      expect(res.statusCode).toBe(200);
      const session = res.cookies.find((c) => c.name === 'sessionid');
      expect(session).toBeDefined();
      return session!.secure === true;
    };
    const trusting = await appWith('127.0.0.1');
    expect(await secureCookies(trusting, '127.0.0.1')).toBe(true);
    expect(await secureCookies(trusting, '198.51.100.30')).toBe(false);
    expect(await secureCookies(await appWith(undefined), '127.0.0.1')).toBe(false);
  });
});
