// @vitest-environment node
// The public pages a viewer opens on a contest day load no zod (issue 29,
// item 3): the app's production build validates no answer (api/client.ts
// `CHECK_ANSWERS`), so zod's code (96 kB of minified script to download and
// evaluate) came in only through constants imported from modules of schemas.
// Only the school widget, which checks its feed's frames, and the forms and
// the back office, which validate what is typed, load it. Measures
// the build in web/dist (scripts/test.sh builds before the unit tests): a
// chunk holds zod when its source map names a file of the zod package.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');

interface Voce {
  file: string;
  imports?: string[];
}

const PAGINE_PUBBLICHE = [
  'index.html',
  'src/features/home/HomePage.tsx',
  'src/features/eventi/EventiPage.tsx',
  'src/features/punteggi/PunteggiPage.tsx',
  'src/features/punteggi/ScoresTabs.tsx',
  'src/features/punteggi/TelecronacaPage.tsx',
  'src/features/risultati/RisultatiPage.tsx',
  'src/features/proclamazione/ProclamazionePage.tsx',
];

describe.skipIf(!fs.existsSync(MANIFEST))('zod in the build', () => {
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, Voce>;
  const conZod = (file: string) => {
    // The bundler's own helpers (its runtime, the preload helper) have no map.
    const nomeMappa = path.join(DIST, `${file}.map`);
    if (!fs.existsSync(nomeMappa)) return false;
    const mappa = JSON.parse(fs.readFileSync(nomeMappa, 'utf8')) as {
      sources: string[];
    };
    return mappa.sources.some((s) => /node_modules\/zod\//.test(s));
  };
  /** A module's chunk and every chunk it imports statically, by file. */
  const chunkStatici = (chiave: string) => {
    const visti = new Set<string>();
    const coda = [chiave];
    while (coda.length > 0) {
      const voce = manifest[coda.pop()!]!;
      if (visti.has(voce.file)) continue;
      visti.add(voce.file);
      coda.push(...(voce.imports ?? []));
    }
    return [...visti];
  };

  it.each(PAGINE_PUBBLICHE)('%s and what it imports hold no zod', (chiave) => {
    expect(manifest[chiave], chiave).toBeDefined();
    expect(chunkStatici(chiave).filter(conZod)).toEqual([]);
  });

  it('the widget and the event form do hold it (the check sees zod where it is)', () => {
    expect(chunkStatici('widget.html').some(conZod)).toBe(true);
    expect(chunkStatici('src/features/evento-form/EventoFormPage.tsx').some(conZod)).toBe(true);
  });
});
