import { describe, expect, it } from 'vitest';
import { interoInItaliano, raggruppaMigliaia } from './numeri-italiani';
import { pigro } from './pigro';

describe('whole numbers written the Italian way without Intl', () => {
  const intl = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });

  it('writes every number exactly as Intl it-IT does', () => {
    const casi = [
      0,
      -0,
      0.4,
      -0.4,
      0.5,
      -0.5,
      1.5,
      2.5,
      -2.5,
      9999,
      10000,
      99999.5,
      123456789,
      -123456789,
      Number.MAX_SAFE_INTEGER,
      1e21,
      -1e21,
      Infinity,
      -Infinity,
      NaN,
    ];
    for (let n = -20_000; n <= 20_000; n += 7) casi.push(n, n / 4);
    for (let e = 0; e <= 16; e++) casi.push(10 ** e, 10 ** e - 1, -(10 ** e));
    for (const n of casi) expect(interoInItaliano(n), String(n)).toBe(intl.format(n));
  });

  it('groups thousands from five digits up', () => {
    expect(raggruppaMigliaia('1234')).toBe('1234');
    expect(raggruppaMigliaia('12345')).toBe('12.345');
    expect(raggruppaMigliaia('1234567')).toBe('1.234.567');
  });
});

describe('pigro', () => {
  it('builds the value at the first call only, then keeps it', () => {
    let costruzioni = 0;
    const valore = pigro(() => ({ n: ++costruzioni }));
    expect(costruzioni).toBe(0);
    const primo = valore();
    expect(valore()).toBe(primo);
    expect(costruzioni).toBe(1);
  });
});
