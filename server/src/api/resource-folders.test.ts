// No resource folder under api/ imports another (issue 27, item 4): what two
// resources share lives in the domain core (gara/) or in api/shared/, and
// api/shared/ imports no resource folder either. Only api/'s own files
// (index.ts registers every resource) see them all.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const api = path.dirname(fileURLToPath(import.meta.url));

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== 'testing') yield* sources(file);
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'testing.ts') {
      yield file;
    }
  }
}

/** The folder of a file under api/ ('shared' included; null for api/'s own files). */
function folderOf(file: string): string | null {
  const [first, ...rest] = path.relative(api, file).split(path.sep);
  return rest.length === 0 ? null : first!;
}

function crossImports(): string[] {
  const out = new Set<string>();
  const pattern = /(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g;
  for (const file of sources(api)) {
    const own = folderOf(file);
    if (own === null) continue;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(pattern)) {
      const target = path.resolve(path.dirname(file), spec!);
      if (!target.startsWith(api + path.sep)) continue;
      const other = folderOf(target);
      if (other === null || other === 'shared' || other === own) continue;
      const name = (f: string) =>
        path.relative(api, f).replace(/\.ts$/, '').split(path.sep).join('/');
      out.add(`${name(file)} → ${name(target)}`);
    }
  }
  return [...out].sort();
}

describe('api/ resource folders', () => {
  it('import no other resource folder (api/shared/ none at all)', () => {
    expect(crossImports()).toEqual([]);
  });
});
