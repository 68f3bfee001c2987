// Whole numbers as Italians write them, without Intl: a dot between
// thousands from five digits up (it-IT's grouping: 1234, 12.345). Counts
// and positions are written on every page while it starts, and the first
// Intl object of a page costs 13-97 ms of main thread (pigro.ts);
// this is the same text for a few microseconds.
import { pigro } from './pigro';

/** The digits of a whole number grouped the Italian way: '1234', '12.345'. */
export function raggruppaMigliaia(cifre: string): string {
  if (cifre.length < 5) return cifre;
  return cifre.replace(/\B(?=(\d{3})+$)/g, '.');
}

const intlInteri = pigro(() => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 }));

/**
 * `n` rounded to a whole number and written the Italian way, exactly as
 * `Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 })` writes it
 * (half away from zero, '-0' for a negative that rounds to zero); Intl
 * itself for what is not a safe integer once rounded (∞, NaN, 1e21).
 */
export function interoInItaliano(n: number): string {
  const arrotondato = Math.sign(n) * Math.round(Math.abs(n));
  if (!Number.isSafeInteger(arrotondato)) return intlInteri().format(n);
  const segno = n < 0 || Object.is(n, -0) ? '-' : '';
  return segno + raggruppaMigliaia(String(Math.abs(arrotondato)));
}
