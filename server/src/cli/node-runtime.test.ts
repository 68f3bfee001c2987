// The Node.js the project runs on (scripts/node-runtime.mjs): the tests, the
// CLIs and the benchmarks run on the binary npm installs in
// node_modules/.bin/node (package.json pins it), never on the Node that ran
// npm, even from a shell whose PATH finds only the system's Node.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NODE_MAJOR, NODE_PINNED, nodeRuntimeProblem } from '../../../scripts/node-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const projectNode = path.join(root, 'node_modules', '.bin', 'node');
type Manifest = {
  engines: Record<string, string>;
  scripts: Record<string, string>;
  optionalDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const manifest = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Manifest;
const rootPackage = manifest('package.json');
/** The platforms the registry has the pinned binary for (package.json optionalDependencies). */
const pinnedPlatform = ['linux-x64', 'linux-arm64'].includes(`${process.platform}-${process.arch}`);

/** A shell's PATH without any node_modules/.bin: `node` there is the system's. */
const systemPath = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`))
  .join(path.delimiter);

describe('the Node.js the project runs on', () => {
  it('runs these tests, as the binary npm installed in node_modules/.bin', () => {
    expect(NODE_MAJOR).toBe(24);
    expect(process.versions.node.split('.')[0]).toBe(String(NODE_MAJOR));
    expect(nodeRuntimeProblem()).toBeNull();
    if (pinnedPlatform) {
      expect(process.versions.node).toBe(NODE_PINNED);
      expect(realpathSync(process.execPath)).toBe(realpathSync(projectNode));
    }
  });

  it('is the one release everywhere the project names it', () => {
    expect(Object.values(rootPackage.optionalDependencies)).toEqual([NODE_PINNED, NODE_PINNED]);
    expect(rootPackage.engines.node).toBe(`^${NODE_MAJOR}.11.0`);
    expect(rootPackage.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${NODE_MAJOR}\\.`));
    // The deploy recipe starts the instances on it too.
    const unit = readFileSync(path.join(root, 'deploy', 'systemd', 'gas@.service'), 'utf8');
    expect(unit).toMatch(/^ExecStart=\/srv\/gas\/node_modules\/\.bin\/node scripts\/start\.mjs$/m);
  });

  it('refuses another major, saying how to get the right one', () => {
    const problem = nodeRuntimeProblem('20.20.2');
    expect(problem).toContain(`richiede Node.js ${NODE_MAJOR} ma gira su Node.js 20.20.2`);
    expect(problem).toContain(`npm install (installa Node.js ${NODE_PINNED}`);
    expect(nodeRuntimeProblem(`${NODE_MAJOR}.0.0`)).toBeNull();
  });

  it('checks and names itself in every CLI and benchmark run through tsx', () => {
    const scripts = [
      ...Object.entries(rootPackage.scripts),
      ...Object.entries(manifest('bench/package.json').scripts),
    ].filter(([, command]) => /^tsx\b/.test(command));
    expect(scripts.map(([name]) => name)).toEqual(
      expect.arrayContaining(['score', 'import', 'backup', 'restore', 'bench:storm']),
    );
    for (const [name, command] of scripts) {
      expect(command, name).toMatch(
        /^tsx --import (\.\/|\.\.\/)scripts\/node-runtime-preload\.mjs /,
      );
    }
  });

  it('runs a CLI on it from a shell that finds only the system Node, saying so on stderr only', () => {
    const run = spawnSync('npm', ['run', '-s', 'score', '--', '/nonexistent/session.json'], {
      cwd: root,
      env: { ...process.env, PATH: systemPath },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout).toBe('');
    const [first, ...rest] = run.stderr.trim().split('\n');
    expect(first).toMatch(new RegExp(`^score: Node\\.js ${NODE_MAJOR}\\.\\d+\\.\\d+ \\(.+\\)$`));
    if (pinnedPlatform) expect(first).toContain(`Node.js ${NODE_PINNED} (${root}${path.sep}`);
    expect(rest.join('\n')).toContain('score: cannot read /nonexistent/session.json');
    expect(run.status).toBe(2);
  });

  it('is there after npm install on this platform', () => {
    expect(existsSync(projectNode)).toBe(pinnedPlatform);
  });
});
