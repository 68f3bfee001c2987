// The core's boundaries (issue 27 item 2), read from the source:
// - only the core (gara/) emits committed changes on the change stream;
// - the live bus is published on only by the live feeds' own modules and the
//   snapshot cache (their subscribers' side), never by a route;
// - snapshots are invalidated only by the cache itself and the bridge;
// - answers, jokers, typings and important messages are written only by
//   the core; the other contest tables by the core and, until their use
//   cases move in, by the writes listed below (a list that only shrinks):
//   with drizzle (`.insert(risposta)`, `.update(schema.squadra)`), in raw SQL
//   (`INSERT INTO risposta`), or by borrowing one of the core's own write
//   queries instead of calling its use case;
// - only the core announces a change (`annuncia…`): a route never does.
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
/** The same tables as SQL names them. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const TABELLE_SQL = [...SOLO_GARA, ...ALTRE_GARA].map(snake);
/**
 * The core's write queries modules outside it may call, each for data that
 * is not the contest's: the back office's generic row write (places,
 * schools, accounts, sponsors: every contest resource has the core's steps,
 * api/admin/admin-casi-d-uso.test.ts) and the site's settings.
 */
const SCRITTURE_PERMESSE = [
  'api/admin/writes.ts → deleteRecord',
  'api/admin/writes.ts → insertRecord',
  'api/admin/writes.ts → updateRecord',
  'api/admin/impostazioni.ts → saveSetting',
];
/** A write query's name, by the verbs the core's queries modules use. */
const VERBO_DI_SCRITTURA = /^(insert|update|delete|set|save|upsert|remove|write|clear)[A-Z]/;
/** `file → table` writes outside the core today, each to move into a use case. */
const SCRITTURE_DA_SPOSTARE: readonly string[] = [];

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
    for (const { rel, text } of scrittori()) {
      for (const [, tabella] of text.matchAll(
        /\.(?:insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g,
      )) {
        if (SOLO_GARA.includes(tabella!) || ALTRE_GARA.includes(tabella!)) {
          scritture.add(`${rel} → ${tabella}`);
        }
      }
      const sql = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?/gi;
      for (const [, tabella] of text.matchAll(sql)) {
        if (TABELLE_SQL.includes(tabella!.toLowerCase())) {
          scritture.add(`${rel} → ${tabella!.toLowerCase()} (SQL)`);
        }
      }
    }
    expect([...scritture].sort()).toEqual([...SCRITTURE_DA_SPOSTARE].sort());
  });

  it('no module outside gara/ borrows the core’s write queries but the listed ones', () => {
    const prestiti = new Set<string>();
    for (const { rel, text } of scrittori()) {
      const imports = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*(?:\.\.\/)*gara\/[^']*'/g;
      for (const [, nomi] of text.matchAll(imports)) {
        for (const nome of nomi!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!)) {
          if (VERBO_DI_SCRITTURA.test(nome)) prestiti.add(`${rel} → ${nome}`);
        }
      }
    }
    expect([...prestiti].sort()).toEqual([...SCRITTURE_PERMESSE].sort());
  });

  it('only gara/ announces a change', () => {
    const fuori = modules
      .filter((m) => /\bannuncia[A-Z]\w*\(/.test(m.text) && !under(m.rel, 'gara/'))
      .map((m) => m.rel);
    expect(fuori).toEqual([]);
  });
});

/** The modules that may not write contest data: all but the core, the database's own and the demo's seed. */
const scrittori = () => modules.filter(({ rel }) => !under(rel, 'gara/', 'db/', 'demo/'));
