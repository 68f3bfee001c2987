// Rate limits: heavy reads per address, submissions per user, 429 {detail}
// in Italian, other routes untouched, off with GAS_RATE_LIMIT=0.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../db/testing';
import { ERRORS } from '../errors';
import { ensureLiveSession, type LiveSession } from '../demo/queries';

describe('rate limits', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let live: LiveSession;

  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seed: true });
    live = await ensureLiveSession(database, {
      now: new Date(),
      titolo: 'Limiti',
      teams: 3,
      inseritore: 'inseritore',
    });
    const base = loadConfig({ NODE_ENV: 'test' });
    const config = {
      ...base,
      rateLimit: { enabled: true, readsPerMinute: 3, submissionsPerMinute: 2 },
    };
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function login(username: string) {
    const first = await app.inject({ method: 'GET', url: '/api/ext-user/whoami/' });
    const csrf = first.cookies.find((c) => c.name === 'csrftoken')!.value;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'x-csrftoken': csrf },
      cookies: { csrftoken: csrf },
      payload: { username, password: 'gas-demo' },
    });
    expect(res.statusCode).toBe(200);
    const cookies: Record<string, string> = { csrftoken: csrf };
    for (const c of res.cookies) cookies[c.name] = c.value;
    return (valore: string): Promise<LightMyRequestResponse> =>
      app.inject({
        method: 'POST',
        url: '/api/gas/risposta/',
        headers: { 'x-csrftoken': cookies.csrftoken! },
        cookies,
        payload: {
          squadra: live.squadre[0],
          problema: live.problemi[0]!.id,
          valore,
          valore_exp: 0,
        },
      });
  }

  const get = (url: string, ip = '10.0.0.1') =>
    app.inject({ method: 'GET', url, remoteAddress: ip });

  it('limits heavy reads per address with 429 and an Italian detail', async () => {
    const url = `/api/gas/sessione/${live.sessioneId}/punteggi/`;
    for (let i = 0; i < 3; i++) expect((await get(url)).statusCode).toBe(200);
    const limited = await get(url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: ERRORS.throttled.detail });
    expect(limited.headers['retry-after']).toBeDefined();
    // The same budget covers the other heavy reads; another address has its own.
    expect(
      (await get(`/api/gas/risposta-all/?squadra__sessione=${live.sessioneId}`)).statusCode,
    ).toBe(429);
    expect((await get(url, '10.0.0.2')).statusCode).toBe(200);
  });

  // Lists of events and of what they hold: a page costs a count and the
  // related rows of its items, so a loop of them is a heavy read too.
  const LISTS = [
    '/api/gas/evento/',
    '/api/gas/sessione/',
    '/api/gas/problema/',
    '/api/gas/polo/',
    '/api/gas/messaggi-importanti/',
    '/api/gas/file-programmato/',
    '/api/gas/squadra/',
    '/api/gas/jolly/',
  ];
  it.each(LISTS.map((url, i) => ({ url, ip: `10.0.1.${i + 1}` })))(
    'limits the list $url per address',
    async ({ url, ip }) => {
      for (let i = 0; i < 3; i++) expect((await get(url, ip)).statusCode).toBe(200);
      const limited = await get(url, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ detail: ERRORS.throttled.detail });
    },
  );

  it('limits the team lists of a session and of the user', async () => {
    const ip = '10.0.2.1';
    const url = `/api/gas/squadra/in_sessione/?sessione=${live.sessioneId}`;
    for (let i = 0; i < 3; i++) expect((await get(url, ip)).statusCode).toBe(200);
    expect((await get(url, ip)).statusCode).toBe(429);
    // mie/ needs a login: anonymous calls are refused (403) before the handler, still counted.
    expect((await get('/api/gas/squadra/mie/', ip)).statusCode).toBe(429);
  });

  it('leaves the other routes alone', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await get('/api/time/', '10.0.0.3')).statusCode).toBe(200);
      expect((await get(`/api/gas/sessione/${live.sessioneId}/`, '10.0.0.3')).statusCode).toBe(200);
    }
  });

  it('limits submissions per user', async () => {
    const inseritore = await login('inseritore');
    const admin = await login('admin');
    expect((await inseritore('1')).statusCode).toBe(201);
    expect((await inseritore('2')).statusCode).toBe(201);
    const limited = await inseritore('3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: ERRORS.throttled.detail });
    expect((await admin('4')).statusCode).toBe(201);
  });

  it('is configured from the environment', () => {
    expect(loadConfig({}).rateLimit).toEqual({
      enabled: true,
      readsPerMinute: 600,
      submissionsPerMinute: 300,
    });
    expect(loadConfig({ GAS_RATE_LIMIT: '0' }).rateLimit.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimit.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', GAS_RATE_LIMIT: '1' }).rateLimit.enabled).toBe(true);
    expect(
      loadConfig({ GAS_RATE_LIMIT_READS: '50', GAS_RATE_LIMIT_SUBMISSIONS: '7' }).rateLimit,
    ).toMatchObject({ readsPerMinute: 50, submissionsPerMinute: 7 });
    expect(() => loadConfig({ GAS_RATE_LIMIT_READS: '0' })).toThrow(/GAS_RATE_LIMIT_READS/);
  });
});
