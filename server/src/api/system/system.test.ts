import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/testing';
import { createTestApp, type TestApp } from '../testing';

describe.each(testBackends())('system endpoints on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: false });
  });
  afterAll(() => t.close());

  it('GET /api/time/ gives the server time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/time/' });
    expect(res.statusCode).toBe(200);
    const { time, epoch_ms } = res.json();
    expect(Math.abs(epoch_ms - Date.now())).toBeLessThan(5000);
    expect(new Date(time).getTime()).toBe(epoch_ms);
  });

  it('GET /healthz checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('unknown API paths answer a DRF 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gas/inesistente/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Non trovato.' });
  });

  it('invalid JSON is a 400 with an Italian detail, not a 500', async () => {
    const client = await t.anonymous();
    const res = await client.request('POST', '/api/auth/login/', undefined, {
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/JSON/);
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/schema/' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login/',
        '/api/gas/evento/',
        '/api/gas/risposta/',
        '/api/gas/risposta-all/pk_risposte/',
        '/api/gas/sessione/{id}/punteggi/',
        '/api/gas/squadra/in_sessione/',
        '/api/gas/biglietti-consegna/',
      ]),
    );
  });

  it('serves a browsable API documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });
});
