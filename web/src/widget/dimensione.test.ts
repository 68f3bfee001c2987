// @vitest-environment node
// The school widget loads at most 60 kB of compressed script (issue 28): the
// built widget.html's scripts and every chunk they import, gzip-compressed
// (brotli, which the server prefers, is smaller still). Measures the build in
// web/dist (scripts/test.sh builds before the unit tests); without a build
// there is nothing to measure.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const HTML = path.join(DIST, 'widget.html');
const LIMITE = 60 * 1000;

/** Every script the widget's page loads: the HTML's, then what each imports, statically or not. */
function scriptsDelWidget(): string[] {
  const html = fs.readFileSync(HTML, 'utf8');
  const coda = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const visti = new Set<string>();
  while (coda.length > 0) {
    const file = coda.pop()!;
    if (visti.has(file)) continue;
    visti.add(file);
    const code = fs.readFileSync(path.join(DIST, file), 'utf8');
    for (const m of code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) coda.push(`assets/${m[1]}`);
  }
  return [...visti];
}

describe.skipIf(!fs.existsSync(HTML))('the built school widget', () => {
  it('loads at most 60 kB of compressed script, and none of the app', () => {
    const files = scriptsDelWidget();
    expect(files.some((f) => /^assets\/widget-/.test(f))).toBe(true);
    // The app's entry (React, the router, every page) is not among them.
    const app = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(app)?.[1];
    expect(entry).toBeDefined();
    expect(files).not.toContain(entry);
    let gzip = 0;
    let brotli = 0;
    for (const f of files) {
      const bytes = fs.readFileSync(path.join(DIST, f));
      gzip += gzipSync(bytes, { level: 9 }).length;
      brotli += brotliCompressSync(bytes).length;
    }
    console.info(`widget: ${files.length} script, gzip ${gzip} B, brotli ${brotli} B`);
    expect(gzip).toBeLessThanOrEqual(LIMITE);
    expect(brotli).toBeLessThanOrEqual(gzip);
  });
});
