// The wire protocol is one: every route declares the answers it gives
// (@gas/contracts response schemas), they are checked on every answer the
// tests provoke, and the OpenAPI document describes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing';

/** Routes that answer no JSON of their own, each with the reason. */
const WITHOUT_RESPONSE_SCHEMA: Record<string, string> = {
  'GET /ws/gas/sessione/:id/punteggi_eventi/': 'WebSocket upgrade (frames: @gas/contracts live.ts)',
  'GET /ws/gas/sessione/:id/punteggi_last/': 'WebSocket upgrade (frames: @gas/contracts live.ts)',
  'GET /ws/gas/messaggi-importanti/:id/': 'WebSocket upgrade (frames: @gas/contracts live.ts)',
  'GET /api/schema/': 'the OpenAPI document itself',
};
/** Route prefixes of plugins that serve files or pages, not the API. */
const NOT_API = [/^\/api\/docs/, /^\/(?!api\/|healthz|ws\/)/];

describe('response schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
  });
  afterAll(() => t.close());

  it('every API route declares the answers it gives, success and errors', () => {
    const api = t.app.routeResponses.filter(
      (r) => r.method !== 'HEAD' && !NOT_API.some((re) => re.test(r.url)),
    );
    expect(api.length).toBeGreaterThan(50);
    const missing = api
      .filter((r) => !(`${r.method} ${r.url}` in WITHOUT_RESPONSE_SCHEMA))
      .filter((r) => !r.statuses.some((s) => /^2\d\d$/.test(s)) || !r.statuses.includes('400'))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // The exceptions are real routes: a renamed one must leave the list.
    const registered = new Set(api.map((r) => `${r.method} ${r.url}`));
    for (const route of Object.keys(WITHOUT_RESPONSE_SCHEMA)) expect(registered).toContain(route);
  });

  it('the OpenAPI document describes each answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json();
    const evento = doc.paths['/api/gas/evento/{id}/'].get.responses;
    expect(Object.keys(evento)).toEqual(expect.arrayContaining(['200', '400', '404']));
    const props = evento['200'].content['application/json'].schema.properties;
    expect(Object.keys(props)).toEqual(expect.arrayContaining(['titolo', 'permessi', 'sessioni']));
    const page = doc.paths['/api/gas/squadra/in_sessione/'].get.responses['200'];
    expect(Object.keys(page.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['count', 'next', 'previous', 'results']),
    );
    expect(doc.paths['/api/auth/logout/'].post.responses).toHaveProperty('204');
  });
});
