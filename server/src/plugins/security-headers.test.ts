// Framing (issue 28): the school widget is the one page other sites may put in
// an iframe; every other page and the API still refuse to be framed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/testing';

/** The frame-ancestors directive of an answer's CSP. */
function frameAncestors(csp: unknown): string | undefined {
  return String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));
}

describe('who may frame the pages', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gas-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>GaS</title>');
    fs.writeFileSync(path.join(dist, 'widget.html'), '<!doctype html><title>Widget</title>');
    t = await createTestApp('pglite', { config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('the school widget: any site, its own HTML, the rest of the policy unchanged', async () => {
    for (const url of ['/widget/sessione/3/scuola/7/', '/widget/sessione/3/scuola/7']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Widget</title>');
      expect(frameAncestors(res.headers['content-security-policy'])).toBe('frame-ancestors *');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(res.headers['content-security-policy'])).toContain(
        "connect-src 'self' ws: wss:",
      );
    }
  });

  it("is a page, not part of the API's document", async () => {
    const { paths } = (await get('/api/schema/')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(paths).filter((p) => p.startsWith('/widget'))).toEqual([]);
  });

  it('every other page, the widget file itself and the API: this site only', async () => {
    for (const url of [
      '/',
      '/sessione/3/punteggi/scuola/7/',
      '/widget/sessione/3/',
      '/widget.html',
      '/api/gas/evento/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe(
        "frame-ancestors 'self'",
      );
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it("sends helmet's other headers on pages, the API and errors alike", async () => {
    for (const url of [
      '/',
      '/api/gas/evento/',
      '/api/gas/nessuna/',
      '/widget/sessione/3/scuola/7/',
    ]) {
      const { headers } = await get(url);
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['strict-transport-security'], url).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(headers['cross-origin-embedder-policy'], url).toBeUndefined();
      expect(headers['x-powered-by'], url).toBeUndefined();
      // Left out on purpose: a server reached over plain HTTP (the demo, a venue's LAN) must work.
      expect(String(headers['content-security-policy']), url).not.toContain('upgrade-insecure');
    }
  });
});
