// Pagination links: absolute, keeping the other query parameters, and with
// GAS_PUBLIC_URL set built from it rather than from the (forgeable) Host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';

describe('pagination links', () => {
  let withPublicUrl: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    withPublicUrl = await createTestApp('pglite', {
      config: { publicUrl: 'https://gas.example.it' },
    });
    plain = await createTestApp('pglite');
  });
  afterAll(async () => {
    await withPublicUrl.close();
    await plain.close();
  });

  const list = (t: TestApp, url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers }).then((res) => {
      expect(res.statusCode).toBe(200);
      return res.json<{ next: string | null; previous: string | null }>();
    });

  it('come from GAS_PUBLIC_URL whatever Host or X-Forwarded-Host the client sends', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const page = await list(withPublicUrl, '/api/ext-user/scuola/?page_size=2&page=2', forged);
    expect(page.next).toBe('https://gas.example.it/api/ext-user/scuola/?page_size=2&page=3');
    expect(page.previous).toBe('https://gas.example.it/api/ext-user/scuola/?page_size=2');
    const window = await list(withPublicUrl, '/api/ext-user/scuola/?limit=2&offset=2', forged);
    expect(window.next).toBe('https://gas.example.it/api/ext-user/scuola/?limit=2&offset=4');
  });

  it('without GAS_PUBLIC_URL come from the request, as before', async () => {
    const page = await list(plain, '/api/ext-user/scuola/?page_size=2', { host: 'localhost:8000' });
    expect(page.next).toBe('http://localhost:8000/api/ext-user/scuola/?page_size=2&page=2');
  });
});
