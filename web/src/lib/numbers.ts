// Numbers as Italians read them: a decimal comma, and a dot between
// thousands from five digits up (as Intl's it-IT does). Answers and
// solutions are shown this way wherever they appear, whatever separator
// the person typed ("9.81" and "9,81" both show as 9,81).
import { pigro, raggruppaMigliaia } from '@gas/contracts';
import { parseAnswerValue, parsedToNumber } from '@gas/scoring';

/** Longer plain numbers are shown in scientific notation (6,02E23). */
const MAX_PLAIN_DIGITS = 21;

/**
 * An answer value as typed (comma or dot, optional exponent) in Italian,
 * digit for digit (no rounding: it is the text the team handed in). Text
 * that is not a number is shown as it is.
 */
export function formatAnswerValue(text: string): string {
  const parsed = parseAnswerValue(text);
  if (!parsed) return text;
  const { digits, exponent } = parsed;
  const sign = parsed.negative && digits !== '0' ? '-' : '';
  let int: string;
  let frac = '';
  if (exponent >= 0) {
    int = digits + '0'.repeat(exponent);
  } else if (digits.length > -exponent) {
    int = digits.slice(0, digits.length + exponent);
    frac = digits.slice(digits.length + exponent);
  } else {
    int = '0';
    frac = '0'.repeat(-exponent - digits.length) + digits;
  }
  if (int.length + frac.length > MAX_PLAIN_DIGITS) {
    const mantissa = digits.length > 1 ? `${digits[0]},${digits.slice(1)}` : digits;
    return `${sign}${mantissa}E${exponent + digits.length - 1}`;
  }
  return `${sign}${raggruppaMigliaia(int)}${frac ? `,${frac}` : ''}`;
}

const plain = pigro(
  () => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 20, useGrouping: false }),
);
const grouped = pigro(() => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 20 }));

/** A number's shortest decimal digits, as JavaScript writes them without an exponent. */
const DECIMALE_SEMPLICE = /^(-?)(\d+)(?:\.(\d{1,20}))?$/;

/**
 * A number in Italian (chart axes, tooltips, statistics): 1.000, 9,81.
 * Exactly what `Intl.NumberFormat('it-IT', { maximumFractionDigits: 20 })`
 * writes: the number's shortest digits (those `String(n)` writes), grouped
 * from five integer digits up. Written by hand when `String(n)` has them
 * without an exponent and with at most 20 decimals; Intl (made at its first
 * use) for the rest. The histogram's labels made a page's first Intl
 * object, a task of 25-31 ms here (docs/performance.md, twelfth session).
 */
export function formatNumber(n: number): string {
  const parti = DECIMALE_SEMPLICE.exec(String(n));
  if (!parti) return grouped().format(n);
  const [, segno, intero, decimali] = parti;
  // String(-0) is '0'; Intl writes '-0'.
  const meno = Object.is(n, -0) ? '-' : segno;
  return `${meno}${raggruppaMigliaia(intero!)}${decimali ? `,${decimali}` : ''}`;
}

/** A number for an editable field: decimal comma, no thousands dots (typed back as is). */
export function formatDecimalInput(n: number): string {
  return Number.isFinite(n) ? plain().format(n) : '';
}

/** What a person typed in a number field (comma or dot), or NaN. */
export function parseDecimalInput(text: string): number {
  const parsed = parseAnswerValue(text);
  return parsed ? parsedToNumber(parsed) : Number.NaN;
}
