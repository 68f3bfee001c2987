// Every Fastify plugin of the server is declared one way (issue 27, item 4):
// with fastify-plugin, a name, and the plugins it needs as `dependencies`, so
// Fastify checks the order of registration and names them in its errors.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Modules that export plugins: plugins/ (and plugins/auth/), metrics/plugin.ts, live/feeds.ts. */
function moduli(): string[] {
  const inPlugins = (dir: string): string[] =>
    readdirSync(path.join(src, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? inPlugins(path.join(dir, e.name))
        : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
          ? [path.join(dir, e.name)]
          : [],
    );
  return [...inPlugins('plugins'), 'metrics/plugin.ts', 'live/feeds.ts'];
}

type Meta = { name?: string; dependencies?: string[] };
const META = Symbol.for('plugin-meta');
const SKIP_OVERRIDE = Symbol.for('skip-override');

describe('Fastify plugins', () => {
  it('are all declared with fastify-plugin, a gas- name and their dependencies', async () => {
    const plugins = new Map<string, string[]>();
    const sbagliati: string[] = [];
    for (const file of moduli()) {
      const mod = (await import(path.join(src, file))) as Record<string, unknown>;
      for (const [nome, value] of Object.entries(mod)) {
        if (typeof value !== 'function') continue;
        const fn = value as unknown as Record<symbol, unknown>;
        const conFp = fn[SKIP_OVERRIDE] === true;
        // A plugin not wrapped would be registered some other way: `registerX` by convention.
        if (!conFp && !/^register[A-Z]/.test(nome)) continue;
        const meta = fn[META] as Meta | undefined;
        if (!conFp || !meta?.name?.startsWith('gas-') || !Array.isArray(meta.dependencies)) {
          sbagliati.push(`${file}: ${nome}`);
        } else if (plugins.has(meta.name)) {
          sbagliati.push(`${file}: ${nome} (name ${meta.name} taken)`);
        } else {
          plugins.set(meta.name, meta.dependencies);
        }
      }
    }
    expect(sbagliati).toEqual([]);
    expect(plugins.size).toBeGreaterThanOrEqual(15);
    // Each dependency is one of these plugins, never itself.
    const ignote = [...plugins].flatMap(([nome, dipendenze]) =>
      dipendenze.filter((d) => d === nome || !plugins.has(d)).map((d) => `${nome} → ${d}`),
    );
    expect(ignote).toEqual([]);
  });
});
