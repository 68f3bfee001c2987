// scripts/system-packages.sh, the one list of Debian packages the test
// command and CI need: on a machine without them it names each missing
// package and, when it cannot install (not root, no passwordless sudo), stops
// at once with the exact command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const script = path.join(root, 'scripts', 'system-packages.sh');
const ALL =
  'chromium postgresql texlive-latex-base texlive-latex-recommended texlive-lang-italian lmodern poppler-utils';

/** A PATH with the basic tools only: no pdflatex, kpsewhich, sudo or apt-get. */
const bin = mkdtempSync(path.join(tmpdir(), 'gas-path-'));
for (const tool of ['ls', 'bash']) {
  symlinkSync(
    execFileSync('bash', ['-c', `command -v ${tool}`])
      .toString()
      .trim(),
    path.join(bin, tool),
  );
}
// An ordinary user, whatever runs the tests.
writeFileSync(path.join(bin, 'id'), '#!/bin/sh\necho 1000\n', { mode: 0o755 });
afterAll(() => rmSync(bin, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync('bash', [script, ...args], {
    env: { PATH: bin, CHROMIUM_PATH: '/nonexistent/chromium', GAS_PG_LIB: '/nonexistent' },
    encoding: 'utf8',
  });

describe('scripts/system-packages.sh', () => {
  it('--check names every missing package and the command to install them', () => {
    const result = run('--check');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Mancano i pacchetti Debian: ${ALL}`);
    expect(result.stderr).toContain(
      `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${ALL}`,
    );
  });

  it('without root or sudo stops at once with the exact command, installing nothing', () => {
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Per i test servono i pacchetti Debian: ${ALL}`);
    expect(result.stderr).toContain(
      `  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${ALL}`,
    );
    expect(result.stderr).not.toContain('Installo');
  });

  it('does nothing and says nothing when every package is there', () => {
    const have = mkdtempSync(path.join(tmpdir(), 'gas-have-'));
    try {
      mkdirSync(path.join(have, 'pg', '17', 'bin'), { recursive: true });
      writeFileSync(path.join(have, 'pg', '17', 'bin', 'initdb'), '', { mode: 0o755 });
      for (const tool of ['pdflatex', 'kpsewhich', 'pdftotext']) {
        writeFileSync(path.join(have, tool), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
      }
      const result = spawnSync('bash', [script], {
        env: {
          PATH: `${have}:${bin}`,
          CHROMIUM_PATH: path.join(have, 'pdflatex'),
          GAS_PG_LIB: path.join(have, 'pg'),
        },
        encoding: 'utf8',
      });
      expect(result.status).toBe(0);
      expect(result.stderr).toBe('');
    } finally {
      rmSync(have, { recursive: true, force: true });
    }
  });
});
