// @vitest-environment node
// The files whose code runs as soon as they arrive open with V8's compile
// hint (web/vite.config.ts): the charts' engine and the maps' library; not
// the app's entry nor a page's chunk. V8 reads it only as the file's first
// line, and the server sends the .br or .gz copy: each must be the same file. Measures
// the build in web/dist (scripts/test.sh builds before the unit tests).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
const SUGGERIMENTO = '//# allFunctionsCalledOnLoad\n';

interface Voce {
  file: string;
  imports?: string[];
}

describe.skipIf(!fs.existsSync(MANIFEST))('the compile hint in the build', () => {
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, Voce>;
  const file = (chiave: string) => manifest[chiave]!.file;
  const leggi = (nome: string) => fs.readFileSync(path.join(DIST, nome));
  const conSuggerimento = (nome: string) => leggi(nome).toString('utf8').startsWith(SUGGERIMENTO);

  it('opens the charts’ engine and the maps’ library, and their compressed copies', () => {
    const mappe = manifest['src/features/punteggi/mappe/TeamsMapTab.tsx']!.imports!.map(file);
    const libreriaDelleMappe = mappe.filter(conSuggerimento);
    // The chunk with Leaflet, and only that one of the map tab's imports.
    expect(libreriaDelleMappe).toHaveLength(1);
    expect(leggi(libreriaDelleMappe[0]!).toString('utf8')).toContain('leaflet');
    for (const nome of [file('src/features/punteggi/grafici/motore.ts'), ...libreriaDelleMappe]) {
      expect(conSuggerimento(nome), nome).toBe(true);
      const originale = leggi(nome);
      expect(brotliDecompressSync(leggi(`${nome}.br`)).equals(originale), `${nome}.br`).toBe(true);
      expect(gunzipSync(leggi(`${nome}.gz`)).equals(originale), `${nome}.gz`).toBe(true);
      // Its source map starts a line down.
      const mappa = JSON.parse(leggi(`${nome}.map`).toString('utf8')) as { mappings: string };
      expect(mappa.mappings.startsWith(';'), `${nome}.map`).toBe(true);
    }
  });

  it('leaves the app’s entry and a page’s own chunk alone', () => {
    expect(conSuggerimento(file('index.html'))).toBe(false);
    expect(conSuggerimento(file('src/features/punteggi/PunteggiPage.tsx'))).toBe(false);
    expect(conSuggerimento(file('src/features/punteggi/grafici/HistogramTab.tsx'))).toBe(false);
  });
});
