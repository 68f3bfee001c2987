// @vitest-environment node
// The server's renderer of painted pages (web/dist-ssr/, built by `vite build
// --ssr`) loads wherever the build is copied: WEB_DIST may point outside web/,
// whose package.json no longer says its files are ES modules. Before dist-ssr/
// said so itself, Node read the copy as CommonJS and painted no page. Checks
// the build in web/dist-ssr (scripts/test.sh builds before the unit tests).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST_SSR = fileURLToPath(new URL('../../dist-ssr/', import.meta.url));
const ENTRY = 'entry-server.js';
/** An event as the API gives it, with what its page reads. */
const EVENTO = {
  id: 1,
  titolo: 'Gara di prova',
  descrizione: '',
  tipologia: 'pub',
  ufficiale: false,
  inizio: '2026-03-02T09:00:00Z',
  fine: '2026-03-02T11:00:00Z',
  sessioni: [],
  poli: [],
  problemi: [],
  permessi: {},
};

describe.skipIf(!fs.existsSync(path.join(DIST_SSR, ENTRY)))('the built server renderer', () => {
  it('loads from a copy outside web/ and paints a page', () => {
    const copia = fs.mkdtempSync(path.join(os.tmpdir(), 'gas-dist-ssr-'));
    try {
      fs.cpSync(DIST_SSR, path.join(copia, 'dist-ssr'), { recursive: true });
      const url = pathToFileURL(path.join(copia, 'dist-ssr', ENTRY)).href;
      // In a Node of its own, as the server loads it: through tsx's loader
      // (scripts/start.mjs), which reads a .js file by its package's type.
      const output = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { register } = await import('tsx/esm/api');
           register();
           const m = await import(${JSON.stringify(url)});
           process.stdout.write(m.renderPagina('/evento/1/', { evento: ${JSON.stringify(EVENTO)} }) ?? 'null');`,
        ],
        {
          encoding: 'utf8',
          timeout: 60_000,
          cwd: fileURLToPath(new URL('../../', import.meta.url)),
        },
      );
      expect(output).toContain('Gara di prova');
    } finally {
      fs.rmSync(copia, { recursive: true, force: true });
    }
  });
});
