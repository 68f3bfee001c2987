// `npm run -s import -- FILE.json [--dry-run]` (issue 15), run as a person
// runs it: a process on an embedded database, the summary as JSON on stdout,
// exit 0 when applied or a clean dry run, 2 for an invalid document or a
// database held by a running server (said in Italian).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../db/pglite-lock';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'gas-import-cli-'));
const dataDir = path.join(work, 'data');

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // On this test's own Node (the pinned one), not on whichever `node` PATH finds.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/import.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const file = (name: string, content: unknown) => {
  const p = path.join(work, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
};

// An empty database: schools and managers only (no event needed).
const documento = {
  formato: 1,
  generato: '2026-11-20T10:00:00Z',
  scuole: [
    {
      codice_meccanografico: 'MIPS01000A',
      nome: 'Liceo Scientifico "Leonardo da Vinci"',
      tipologia: 'LS',
      citta: 'Milano',
      provincia: 'MI',
      regione: 'Lombardia',
    },
  ],
  responsabili: [
    {
      id_esterno: 'u-1042',
      username: 'm.rossi',
      email: 'm.rossi@example.it',
      scuole: ['MIPS01000A'],
    },
  ],
  squadre: [],
};

describe('import command line', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('dry run, then applies, then finds everything unchanged', async () => {
    const doc = file('doc.json', documento);
    const dry = await run([doc, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      applicato: false,
      creati: { scuole: 1, responsabili: 1, squadre: 0 },
    });
    const applied = await run([doc]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout)).toMatchObject({ applicato: true, creati: { scuole: 1 } });
    const again = await run([doc]);
    expect(JSON.parse(again.stdout)).toMatchObject({
      applicato: true,
      creati: { scuole: 0, responsabili: 0, squadre: 0 },
      invariati: { scuole: 1, responsabili: 1, squadre: 0 },
    });
  }, 60_000);

  it('exits 2 on an invalid document, a file that is not JSON or is missing, or no file', async () => {
    const invalid = await run([file('bad.json', { ...documento, formato: 3 })]);
    expect(invalid.code).toBe(2);
    expect(JSON.parse(invalid.stdout).errori[0]).toMatchObject({ luogo: 'formato' });
    expect(invalid.stderr).toMatch(/documento non valido/);
    const notJson = await run([file('x.json', '{rotto')]);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/non è un documento JSON valido/);
    expect((await run([path.join(work, 'manca.json')])).stderr).toMatch(/non esiste/);
    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Uso: npm run -s import/);
  }, 60_000);

  it('exits 2 when a running server holds the embedded database, and says what to do', async () => {
    // As a running server holds it (openDatabase locks `${DATA_DIR}/pglite`).
    const release = await lockDataDir(path.join(dataDir, 'pglite'));
    try {
      const held = await run([file('doc.json', documento)]);
      expect(held.code).toBe(2);
      expect(held.stderr).toMatch(/già in uso/);
      expect(held.stderr).toMatch(/server in esecuzione/);
    } finally {
      await release();
    }
  }, 60_000);
});
