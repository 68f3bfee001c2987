// Pagination links keep the other query parameters and never come from the
// (forgeable) Host or X-Forwarded-Host: absolute from GAS_PUBLIC_URL when it
// is set, relative to the origin otherwise (issue 26: a crafted Host once
// poisoned the cached `next` link for everyone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';

describe('pagination links', () => {
  let withPublicUrl: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    withPublicUrl = await createTestApp('pglite', {
      config: { publicUrl: 'https://gas.example.it' },
    });
    // Behind a trusted proxy X-Forwarded-Host is believed for request.host.
    plain = await createTestApp('pglite', { config: { trustProxy: ['loopback'] } });
  });
  afterAll(async () => {
    await withPublicUrl.close();
    await plain.close();
  });

  const list = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers }).then((res) => {
      expect(res.statusCode).toBe(200);
      return res.json<{ next: string | null; previous: string | null }>();
    });
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

  it('come from GAS_PUBLIC_URL whatever Host or X-Forwarded-Host the client sends', async () => {
    const page = await list(withPublicUrl, '/api/ext-user/scuola/?page_size=2&page=2', forged);
    expect(page.next).toBe('https://gas.example.it/api/ext-user/scuola/?page_size=2&page=3');
    expect(page.previous).toBe('https://gas.example.it/api/ext-user/scuola/?page_size=2');
    const window = await list(withPublicUrl, '/api/ext-user/scuola/?limit=2&offset=2', forged);
    expect(window.next).toBe('https://gas.example.it/api/ext-user/scuola/?limit=2&offset=4');
  });

  it('without GAS_PUBLIC_URL are relative to the origin, whatever Host the client sends', async () => {
    const page = await list(plain, '/api/ext-user/scuola/?page_size=2', forged);
    expect(page.next).toBe('/api/ext-user/scuola/?page_size=2&page=2');
    const window = await list(plain, '/api/ext-user/scuola/?limit=2&offset=2', forged);
    expect(window.previous).toBe('/api/ext-user/scuola/?limit=2');
  });

  it('a crafted Host does not reach the next visitor through the instance’s cache', async () => {
    // A public read the instance keeps for visitors (config.cache), paginated.
    const url = '/api/gas/problema/?page_size=1';
    const poisoned = await plain.app.inject({ method: 'GET', url, headers: forged });
    expect(poisoned.headers['cache-control']).toMatch(/public/);
    const normal = await list(plain, url, { host: 'gas.example.it' });
    expect(normal.next).toBe('/api/gas/problema/?page_size=1&page=2');
    expect(JSON.stringify(normal)).not.toContain('evil.example');
  });
});
