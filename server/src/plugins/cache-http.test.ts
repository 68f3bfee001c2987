// HTTP caching of the public reads (issue 18): visitors' answers may be kept
// by a shared cache for a few seconds and revalidated with their ETag (304);
// a logged-in user's never; other routes and errors are not marked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/testing';
import { loadDemo, type Demo } from '../api/risposta/testing';
import { CACHE_PRIVATA } from './cache-http';

const STABILE = 'public, max-age=0, s-maxage=10';
const VIVA = 'public, max-age=0, s-maxage=1';

describe('HTTP caching of public reads', () => {
  let t: TestApp;
  let d: Demo;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    d = await loadDemo(t.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('a visitor’s read may be shared, and is revalidated with its ETag', async () => {
    const url = `/api/gas/evento/${d.nazionale.id}/`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(STABILE);
    // RFC 9213: CDNs may serve it stale while refreshing; browsers ignore this one.
    expect(first.headers['cdn-cache-control']).toBe('max-age=10, stale-while-revalidate=10');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe(STABILE);

    // An edit changes the answer and its ETag.
    const admin = await t.as('admin');
    await admin.patch(url, { descrizione: 'Aggiornata per la prova della cache.' });
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('a shareable answer sets no cookie; whoami gives the visitor his CSRF token', async () => {
    const shared = await get(`/api/gas/evento/${d.nazionale.id}/`);
    expect(shared.headers['set-cookie']).toBeUndefined();
    const whoami = await get('/api/ext-user/whoami/');
    expect(String(whoami.headers['set-cookie'])).toMatch(/^csrftoken=/);
  });

  it('the ranking snapshot is kept a second only', async () => {
    const res = await get(`/api/gas/sessione/${d.nazionale.sessioni[0]}/punteggi/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(VIVA);
    expect(res.headers['cdn-cache-control']).toBe('max-age=1, stale-while-revalidate=1');
  });

  it('a logged-in user’s read is private, though still revalidated', async () => {
    const inseritore = await t.as('inseritore');
    const url = `/api/gas/evento/${d.nazionale.id}/`;
    const res = await inseritore.get(url);
    expect(res.headers['cache-control']).toBe(CACHE_PRIVATA);
    expect(res.headers['cdn-cache-control']).toBeUndefined();
    const again = await inseritore.request('GET', url, undefined, {
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(CACHE_PRIVATA);
  });

  it('unmarked routes and errors say nothing a shared cache could use', async () => {
    const whoami = await get('/api/ext-user/whoami/');
    expect(String(whoami.headers['cache-control'] ?? '')).not.toContain('public');
    const missing = await get('/api/gas/evento/999999/');
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['cache-control'] ?? '')).not.toContain('public');
    expect(whoami.headers['cdn-cache-control']).toBeUndefined();
    expect(missing.headers['cdn-cache-control']).toBeUndefined();
  });
});
