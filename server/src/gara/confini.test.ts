// The core's boundaries (issue 27 item 2), read from the source:
// - only the core (gara/) emits committed changes on the change stream;
// - the live bus is published on only by the live feeds' own modules and the
//   snapshot cache (their subscribers' side), never by a route;
// - snapshots are invalidated only by the cache itself and the bridge;
// - answers, jokers, typings and important messages are written only by
//   the core; the other contest tables by the core and, until their use
//   cases move in, by the writes listed below (a list that only shrinks).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Tables only the core writes. */
const SOLO_GARA = ['risposta', 'jolly', 'digitazione', 'messaggioImportante', 'proclamazione'];
/** Contest tables some routes still write themselves. */
const ALTRE_GARA = [
  'evento',
  'eventoAmministratore',
  'eventoInseritore',
  'sessione',
  'problema',
  'squadra',
  'polo',
  'fileProgrammato',
  'responsabileSquadra',
];
/** `file → table` writes outside the core today, each to move into a use case. */
const SCRITTURE_DA_SPOSTARE: readonly string[] = ['api/user/queries.ts → responsabileSquadra'];

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

/** Each non-test module of the server: its path under src/ (with '/') and its text. */
const modules = [...sources(src)].map((file) => ({
  rel: path.relative(src, file).split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));

const under = (rel: string, ...folders: string[]) => folders.some((f) => rel.startsWith(f));

describe('the domain core’s boundaries', () => {
  it('only gara/ emits on the change stream', () => {
    const fuori = modules
      .filter((m) => /\.emetti\(/.test(m.text) && !under(m.rel, 'gara/'))
      .map((m) => m.rel);
    expect(fuori).toEqual([]);
  });

  it('only the live feeds and the snapshot cache publish on the live bus', () => {
    const fuori = modules
      .filter((m) => /\.publish\(/.test(m.text) && !under(m.rel, 'live/', 'scores/cache.ts'))
      .map((m) => m.rel);
    expect(fuori).toEqual([]);
  });

  it('only the cache and the bridge invalidate snapshots', () => {
    const fuori = modules
      .filter((m) => /\.invalidate\(/.test(m.text) && !under(m.rel, 'scores/', 'live/'))
      .map((m) => m.rel);
    expect(fuori).toEqual([]);
  });

  it('answers, jokers, typings and messages are written by gara/ only; other contest tables by the listed writes at most', () => {
    const scritture = new Set<string>();
    for (const { rel, text } of modules) {
      if (under(rel, 'gara/', 'db/', 'demo/')) continue;
      for (const [, tabella] of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
        if (SOLO_GARA.includes(tabella!) || ALTRE_GARA.includes(tabella!)) {
          scritture.add(`${rel} → ${tabella}`);
        }
      }
    }
    expect([...scritture].sort()).toEqual([...SCRITTURE_DA_SPOSTARE].sort());
  });
});
