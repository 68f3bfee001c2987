// The build step on the installed React (sentinelleReact.ts): exactly its
// top-level sentinels change, into Error-like objects without a stack, and
// the renderer still loads and renders.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERER_DI_REACT, SENTINELLE_ATTESE, sentinelleSenzaStack } from './sentinelleReact';

const require = createRequire(import.meta.url);
// Beside its package.json (its `exports` name no cjs/ file).
const file = path.join(
  path.dirname(require.resolve('react-dom/package.json')),
  'cjs/react-dom-client.production.js',
);
const originale = readFileSync(file, 'utf8');

describe('React’s sentinels made without a stack', () => {
  it('finds the installed renderer and exactly its top-level sentinels', () => {
    expect(RENDERER_DI_REACT.test(file)).toBe(true);
    const { code, sostituite } = sentinelleSenzaStack(originale);
    expect(sostituite).toBe(SENTINELLE_ATTESE);
    // The errors React makes while it runs keep their stack.
    const errori = (testo: string) => testo.match(/\bError\(/g)?.length ?? 0;
    expect(errori(code)).toBe(errori(originale) - SENTINELLE_ATTESE);
    // Each other line keeps its place (the source map).
    expect(code.split('\n').length).toBe(originale.split('\n').length + 2);
  });

  it('leaves a file without sentinels as it is', () => {
    expect(sentinelleSenzaStack('var x = Error(formatProdErrorMessage(1), { cause });')).toEqual({
      code: 'var x = Error(formatProdErrorMessage(1), { cause });',
      sostituite: 0,
    });
  });

  it('loads, and its sentinels are errors by prototype with their message and no stack', () => {
    const { code } = sentinelleSenzaStack(
      originale.replace(
        /\nexports\.createRoot = /,
        '\nexports.__sentinelle = [SuspenseException, SelectiveHydrationException];\nexports.createRoot = ',
      ),
    );
    const module = { exports: {} as Record<string, unknown> };
    new Function('module', 'exports', 'require', 'process', code)(module, module.exports, require, {
      env: { NODE_ENV: 'production' },
    });
    expect(module.exports.createRoot).toBeTypeOf('function');
    const sentinelle = module.exports.__sentinelle as Error[];
    expect(sentinelle).toHaveLength(2);
    for (const sentinella of sentinelle) {
      expect(sentinella).toBeInstanceOf(Error);
      expect(sentinella.message).toMatch(/^Minified React error #46[01]/);
      expect(sentinella.stack).toBeUndefined();
    }
  });
});
