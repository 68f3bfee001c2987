import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { formatAnswerValue, formatDecimalInput, formatNumber, parseDecimalInput } from './numbers';

describe('Italian numbers', () => {
  it('shows an answer the same whichever separator was typed', () => {
    expect(formatAnswerValue('9.81')).toBe('9,81');
    expect(formatAnswerValue('9,81')).toBe('9,81');
    expect(formatAnswerValue(' -0.5 ')).toBe('-0,5');
    expect(formatAnswerValue('.25')).toBe('0,25');
    expect(formatAnswerValue('3.')).toBe('3');
    expect(formatAnswerValue('2.50')).toBe('2,5');
    expect(formatAnswerValue('1234')).toBe('1234');
    expect(formatAnswerValue('12345.678')).toBe('12.345,678');
    expect(formatAnswerValue('1,5e3')).toBe('1500');
    expect(formatAnswerValue('0.000012')).toBe('0,000012');
  });

  it('keeps every digit of a long answer, and goes scientific only when huge', () => {
    expect(formatAnswerValue('3.14159265358979323846')).toBe('3,14159265358979323846');
    expect(formatAnswerValue('6.02e23')).toBe('6,02E23');
    expect(formatAnswerValue('1e-300')).toBe('1E-300');
  });

  it('shows text that is not a number as it is', () => {
    expect(formatAnswerValue('boh')).toBe('boh');
  });

  it('formats numbers for charts and fields', () => {
    expect(formatNumber(1000)).toBe('1000');
    expect(formatNumber(12500)).toBe('12.500');
    expect(formatNumber(0.005)).toBe('0,005');
    expect(formatDecimalInput(1.48)).toBe('1,48');
    expect(formatDecimalInput(123456.5)).toBe('123456,5');
    expect(formatDecimalInput(Number.NaN)).toBe('');
    expect(parseDecimalInput('1,48')).toBe(1.48);
    expect(parseDecimalInput('1.48')).toBe(1.48);
    expect(parseDecimalInput('x')).toBeNaN();
  });

  it('writes a number exactly as Intl it-IT with up to 20 decimals does', () => {
    const intl = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 20 });
    const uguale = (n: number) => expect(formatNumber(n), String(n)).toBe(intl.format(n));
    for (const n of [
      0,
      -0,
      1,
      -1,
      0.1,
      0.3,
      0.1 + 0.2,
      1 / 3,
      2.675,
      1234.5,
      12345.678,
      -12345.5,
    ]) {
      uguale(n);
    }
    for (const n of [99999.99, 1e-6, 1e-7, 5e-324, 1e20, 1e21, 123456789012345680000]) uguale(n);
    for (const n of [0.0000012345678901234567, NaN, Infinity, -Infinity]) uguale(n);
    fc.assert(
      fc.property(fc.double(), (n) => formatNumber(n) === intl.format(n)),
      {
        numRuns: 20_000,
      },
    );
    // The numbers charts show: a few decimals, any size.
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }), (i, d) => {
        const n = i / 10 ** d;
        return formatNumber(n) === intl.format(n);
      }),
      { numRuns: 20_000 },
    );
  });

  it('makes no Intl object for a number written by hand', async () => {
    // A fresh copy of the module: its formatters are made at their first use.
    vi.resetModules();
    const fresco = await import('./numbers');
    const Originale = Intl.NumberFormat;
    let fatti = 0;
    Intl.NumberFormat = class extends Originale {
      constructor(...args: ConstructorParameters<typeof Originale>) {
        super(...args);
        fatti++;
      }
    } as typeof Intl.NumberFormat;
    try {
      expect(fresco.formatNumber(12345.25)).toBe('12.345,25');
      expect(fresco.formatNumber(-0.5)).toBe('-0,5');
      expect(fatti).toBe(0);
      expect(fresco.formatNumber(1e21)).toBe('1.000.000.000.000.000.000.000');
      expect(fatti).toBe(1);
    } finally {
      Intl.NumberFormat = Originale;
    }
  });
});
