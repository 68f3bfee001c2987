// The names' order against Intl's Italian numeric collation itself: random
// names of the characters compared without Intl, names built from words and
// numbers, and the names left to Intl.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareNames } from './nameOrder';

const intl = new Intl.Collator('it', { numeric: true });
function sameOrder(a: string, b: string): void {
  expect([a, b, Math.sign(compareNames(a, b))]).toEqual([a, b, Math.sign(intl.compare(a, b))]);
}

const characters = fc.constantFrom(...'aAbBeEzZ 0123456789');
const word = fc.constantFrom('Liceo', 'liceo', 'LICEO', 'Fermi', 'A', 'a', 'Zeta', 'zeta', ' ');
const number = fc.integer({ min: 0, max: 2_000 }).map(String);
const name = fc
  .array(fc.oneof(word, number), { minLength: 1, maxLength: 4 })
  .chain((parts) => fc.constantFrom(' ', '').map((sep) => parts.join(sep)));

afterEach(() => vi.unstubAllGlobals());

describe('compareNames', () => {
  it('orders random names as Intl.Collator("it", { numeric: true })', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: characters, maxLength: 8 }),
        fc.string({ unit: characters, maxLength: 8 }),
        sameOrder,
      ),
      { numRuns: 20_000 },
    );
  });

  it('orders names of words and numbers, and their case variants, as Intl', () => {
    fc.assert(fc.property(name, name, sameOrder), { numRuns: 20_000 });
    fc.assert(
      fc.property(name, fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), (a, flips) => {
        const b = [...a].map((c, i) => (flips[i] ? c.toUpperCase() : c.toLowerCase())).join('');
        sameOrder(a, b);
      }),
      { numRuns: 5_000 },
    );
  });

  it('the rules themselves: numbers by value, space before digits before letters, lowercase first', () => {
    expect(compareNames('Squadra 2', 'Squadra 10')).toBeLessThan(0);
    expect(compareNames('A 1', 'A1')).toBeLessThan(0);
    expect(compareNames('A1', 'AB')).toBeLessThan(0);
    expect(compareNames('alfa', 'Beta')).toBeLessThan(0);
    expect(compareNames('alfa', 'Alfa')).toBeLessThan(0);
    expect(compareNames('Alfa', 'Alfa B')).toBeLessThan(0);
    expect(compareNames('Fermi', 'Fermi')).toBe(0);
  });

  it('leaves other names to Intl, with the same answers', () => {
    for (const [a, b] of [
      ['Èrcole', 'Fermi'],
      ["Dell'Acqua", 'Della Rovere'],
      ['Squadra 02', 'Squadra 2'],
      ['Città', 'citta'],
      ['Squadra 12345678901234567', 'Squadra 9'],
    ] as const) {
      sameOrder(a, b);
      sameOrder(b, a);
    }
  });

  it('makes no Intl object for names of letters, digits and spaces', async () => {
    // A fresh module: no collator made by the tests above.
    vi.resetModules();
    const fresh = await import('./nameOrder');
    let made = 0;
    class CountedCollator extends Intl.Collator {
      constructor(...args: ConstructorParameters<typeof Intl.Collator>) {
        super(...args);
        made++;
      }
    }
    vi.stubGlobal('Intl', Object.create(Intl, { Collator: { value: CountedCollator } }));
    fresh.compareNames('Squadra 2', 'squadra 10');
    expect(made).toBe(0);
    fresh.compareNames('Èrcole', 'Fermi');
    fresh.compareNames('Èrcole', 'Fermo');
    expect(made).toBe(1);
  });
});
