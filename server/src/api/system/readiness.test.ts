// Readiness and request ids (issue 16): /readyz answers 503 until start-up is
// over, while a LISTEN connection is down and from the start of shutdown;
// until start-up is over everything but the probes gets 503; every answer
// names its request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestDatabase, type TestDatabase } from '../../db/testing';

describe('readiness and request ids', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  const app = async (env: Record<string, string> = {}) => {
    const config = { ...loadConfig({ NODE_ENV: 'test', ...env }), demo: false, demoLive: false };
    const built = await buildApp({ config, database, logger: false, started: false });
    apps.push(built);
    return built;
  };
  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seed: false });
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await database.close();
  });

  it('before start-up is over only the probes answer; then everything; shutdown is not ready', async () => {
    const a = await app();
    const pronto = () => a.inject({ method: 'GET', url: '/readyz' });
    expect((await pronto()).statusCode).toBe(503);
    expect((await pronto()).json()).toEqual({ pronto: false, motivi: ['avvio'] });
    expect((await a.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const presto = await a.inject({ method: 'GET', url: '/api/time/' });
    expect(presto.statusCode).toBe(503);
    expect(presto.headers['retry-after']).toBe('5');
    expect(presto.json()).toEqual({
      detail: 'Il server si sta avviando: riprova tra qualche secondo.',
    });

    let listen = false;
    a.services.readiness.addCheck('listen', () => listen);
    a.services.readiness.markStarted();
    expect((await pronto()).json()).toEqual({ pronto: false, motivi: ['listen'] });
    listen = true;
    expect((await pronto()).statusCode).toBe(200);
    expect((await pronto()).json()).toEqual({ pronto: true, motivi: [] });
    expect((await a.inject({ method: 'GET', url: '/api/time/' })).statusCode).toBe(200);

    await a.services.close();
    expect((await pronto()).json()).toEqual({ pronto: false, motivi: ['arresto'] });
  });

  it('every answer carries its request id; a trusted proxy’s id is kept, anyone else’s is not', async () => {
    const diretto = await app();
    diretto.services.readiness.markStarted();
    const a = await diretto.inject({ method: 'GET', url: '/api/time/' });
    const b = await diretto.inject({ method: 'GET', url: '/api/gas/inesistente/' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const forgiato = await diretto.inject({
      method: 'GET',
      url: '/api/time/',
      headers: { 'x-request-id': 'scelto-dal-client-123' },
    });
    expect(forgiato.headers['x-request-id']).not.toBe('scelto-dal-client-123');

    const dietroProxy = await app({ TRUST_PROXY: '1' });
    dietroProxy.services.readiness.markStarted();
    const id = (headers: Record<string, string>) =>
      dietroProxy
        .inject({ method: 'GET', url: '/api/time/', headers })
        .then((r) => r.headers['x-request-id']);
    expect(await id({ 'x-request-id': '0123456789abcdef0123456789abcdef' })).toBe(
      '0123456789abcdef0123456789abcdef',
    );
    // Nothing a log line could be forged with.
    expect(await id({ 'x-request-id': 'a"b\nc d e f g h' })).toMatch(/^[0-9a-f-]{36}$/);
  });
});
