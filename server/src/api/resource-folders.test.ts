// No resource folder under api/ imports another (issue 27, item 4): what two
// resources share lives in the domain core (gara/) or in api/shared/. The
// imports that cross resource folders today are listed below, each to be
// moved; a new one fails this test, and so does an entry of the list that no
// longer exists (the list only shrinks).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const api = path.dirname(fileURLToPath(import.meta.url));

/** Importing file → imported module, both relative to api/, without '.ts'. */
const TODAY: readonly string[] = [
  'admin/invito → auth/inviti',
  'admin/invito → auth/queries',
  'admin/resources → evento/recheck',
  'admin/resources → risposta/queries',
  'admin/resources → risposta/submission',
  'admin/routes → errori/routes',
  'admin/routes → import/routes',
  'digitazione/present → risposta/present',
  'digitazione/queries → risposta/consegna',
  'digitazione/queries → risposta/idempotenza',
  'digitazione/routes → risposta/present',
  'digitazione/routes → risposta/submission',
  'digitazione/routes → squadra/queries',
  'eventi/routes → risposta/queries',
  'evento/audit → admin/audit-api',
  'evento/present → file-programmato/present',
  'evento/routes → admin/audit-api',
  'evento/routes → biglietti-consegna/giorno-gara',
  'evento/staff/queries → auth/inviti',
  'evento/staff/queries → ext-user/queries',
  'evento/staff/routes → admin/audit-api',
  'evento/staff/routes → auth/inviti',
  'file-programmato/routes → admin/audit-api',
  'file-programmato/routes → evento/access',
  'import/dopo → auth/inviti',
  'import/engine → admin/queries',
  'import/engine → admin/resource',
  'import/engine → admin/resources',
  'import/engine → auth/inviti',
  'jolly/routes → admin/audit-api',
  'jolly/routes → risposta/idempotenza',
  'jolly/routes → risposta/present',
  'jolly/routes → risposta/queries',
  'jolly/routes → risposta/submission',
  'messaggi-importanti/routes → evento/access',
  'polo/routes → evento/access',
  'problema/routes → evento/access',
  'risposta/routes → admin/audit-api',
  'risposta/routes → digitazione/present',
  'risposta/routes → digitazione/queries',
  'sessione/routes → risposta/submission',
  'squadra/present → ext-user/present',
  'squadra/routes → admin/audit-api',
  'user/routes → admin/audit-api',
  'user/routes → biglietti-consegna/giorno-gara',
];

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

/** The resource folder of a file under api/ (null for api/'s own files and api/shared/). */
function resourceOf(file: string): string | null {
  const [first, ...rest] = path.relative(api, file).split(path.sep);
  return rest.length === 0 || first === 'shared' ? null : first!;
}

function crossImports(): string[] {
  const out = new Set<string>();
  const pattern = /(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g;
  for (const file of sources(api)) {
    const own = resourceOf(file);
    if (own === null) continue;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(pattern)) {
      const target = path.resolve(path.dirname(file), spec!);
      if (!target.startsWith(api + path.sep)) continue;
      const other = resourceOf(target);
      if (other === null || other === own) continue;
      const name = (f: string) =>
        path.relative(api, f).replace(/\.ts$/, '').split(path.sep).join('/');
      out.add(`${name(file)} → ${name(target)}`);
    }
  }
  return [...out].sort();
}

describe('api/ resource folders', () => {
  it('import no other resource folder beyond the list of today’s, which only shrinks', () => {
    expect(crossImports()).toEqual([...TODAY].sort());
  });
});
