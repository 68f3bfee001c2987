// The hints of a public page (issue 29): its chunk and its first API reads
// announced in index.html, from the build's manifest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/testing';
import { anticipiPagina } from './anticipi';

const manifest = {
  'index.html': { file: 'assets/index-A.js', imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_chart-C.js': { file: 'assets/chart-C.js', css: ['assets/chart-C.css'] },
  'src/features/home/HomePage.tsx': { file: 'assets/HomePage-H.js', imports: ['_react-R.js'] },
  'src/features/punteggi/PunteggiPage.tsx': {
    file: 'assets/PunteggiPage-P.js',
    imports: ['_react-R.js', '_chart-C.js'],
    css: ['assets/PunteggiPage-P.css'],
  },
};

const hrefs = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1]);

describe('anticipiPagina', () => {
  it("the home: the navbar's and the page's reads, its chunk but not the entry's", async () => {
    const html = await anticipiPagina('/', manifest);
    expect(hrefs(html, 'preload').filter((h) => h!.startsWith('/api/'))).toEqual([
      '/api/ext-user/whoami/',
      '/api/gas/evento/',
      '/api/gas/sponsor/',
      '/api/gas/sito/',
    ]);
    expect(hrefs(html, 'modulepreload')).toEqual(['/assets/HomePage-H.js']);
    expect(html).toContain('as="fetch" crossorigin="anonymous"');
  });

  it('the scores page: its session read first, the chunks and styles it imports', async () => {
    for (const url of ['/sessione/12/punteggi/', '/sessione/12/punteggi/scuola/4/']) {
      const html = await anticipiPagina(url, manifest);
      expect(hrefs(html, 'preload')).toEqual([
        '/api/ext-user/whoami/',
        '/api/gas/evento/',
        '/api/gas/sessione/12/',
        '/api/gas/squadra/in_sessione/?sessione=12',
        '/api/gas/sessione/12/punteggi/',
        '/api/gas/sessione/12/eventi/',
        '/assets/PunteggiPage-P.css',
        '/assets/chart-C.css',
      ]);
      expect(hrefs(html, 'modulepreload')).toEqual([
        '/assets/PunteggiPage-P.js',
        '/assets/chart-C.js',
      ]);
      // The server's clock is measured by the page's own request.
      expect(html).not.toContain('/api/time/');
    }
  });

  it("a public session's event and its messages, asked for that session only", async () => {
    const asked: number[] = [];
    const html = await anticipiPagina(
      '/sessione/12/punteggi/telecronaca/',
      manifest,
      async (id) => {
        asked.push(id);
        return 7;
      },
    );
    expect(asked).toEqual([12]);
    expect(hrefs(html, 'preload')).toContain('/api/gas/messaggi-importanti/?evento=7');
    // Never the event itself: its answer depends on who is logged in.
    expect(html).not.toContain('/api/gas/evento/7/');
    // A private (or missing) session's event is never named.
    const privata = await anticipiPagina('/sessione/12/punteggi/', manifest, async () => null);
    expect(privata).not.toContain('/api/gas/evento/7/');
    expect(privata).not.toContain('messaggi-importanti');
  });

  it('nothing for pages that are not public viewers’ pages, nor for odd paths', async () => {
    for (const url of [
      '/admin/',
      '/accounts/login/',
      '/sessione/x/punteggi/',
      '/sessione/1/consegna-risposte/',
    ]) {
      expect(await anticipiPagina(url, manifest)).toBe('');
    }
  });

  it('the data without the chunks when the build has no manifest', async () => {
    const html = await anticipiPagina('/eventi/', null);
    expect(hrefs(html, 'preload')).toContain('/api/gas/evento/?tipologia=o');
    expect(html).not.toContain('modulepreload');
  });
});

describe('index.html as served', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gas-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index-A.js"></script></head><body></body></html>',
    );
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await createTestApp('pglite', { config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("carries the page's hints after the app's own script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sessione/5/punteggi/' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html.indexOf('/api/gas/sessione/5/punteggi/')).toBeGreaterThan(
      html.indexOf('/assets/index-A.js'),
    );
    expect(hrefs(html, 'modulepreload')).toContain('/assets/PunteggiPage-P.js');
  });

  it('leaves other pages as built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/accounts/login/' });
    expect(res.body).not.toContain('rel="preload"');
  });
});
