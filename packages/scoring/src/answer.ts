// Answer checking (spec §5). Values are compared as exact decimals (an integer
// mantissa times a power of ten), never as doubles: 1e-300 × 10^-400 neither
// underflows to 0 nor does 1e300 × 10^400 overflow to Infinity, and the bounds
// s/(1+p) and s·(1+p) are exact (0.005 means 5/1000, not the nearest double),
// so a value on a bound is accepted on every engine.

/** A finite decimal: `(negative ? -1 : 1) × digits × 10^exponent`. */
export interface ParsedNumber {
  negative: boolean;
  /** Integer mantissa without leading or trailing zeros ("0" for zero). */
  digits: string;
  exponent: number;
}

/** Default tolerance (intervallo_validita). */
export const DEFAULT_TOLERANCE = 0.005;
/** Longer texts are refused: no real answer needs them, and they cost time. */
export const MAX_ANSWER_LENGTH = 1000;
/** Larger decimal exponents in the text are refused. */
export const MAX_EXPONENT = 1_000_000_000;

const NUMBER_RE = /^([+\-\u2212]?)(\d*)(?:[.,](\d*))?(?:[eE]([+\-\u2212]?)(\d+))?$/;

/**
 * Parses an answer value: optional sign, digits with a comma or a dot as the
 * decimal separator, optional exponent ("1,5e3", "-.5", "2.", "6.02E+23").
 * Surrounding spaces are ignored. Returns null for garbage, an empty text,
 * NaN, Infinity, thousands separators, or an exponent beyond ±1e9.
 */
export function parseAnswerValue(text: string): ParsedNumber | null {
  if (typeof text !== 'string' || text.length > MAX_ANSWER_LENGTH) return null;
  const m = NUMBER_RE.exec(text.trim());
  if (m === null) return null;
  const [, sign = '', int = '', frac = '', expSign = '', expDigits] = m;
  if (int.length + frac.length === 0) return null;
  let exponent = 0;
  if (expDigits !== undefined) {
    const e = Number(expDigits);
    if (!(e <= MAX_EXPONENT)) return null;
    exponent = expSign === '' || expSign === '+' ? e : -e;
  }
  let all = (int + frac).replace(/^0+/, '');
  exponent -= frac.length;
  const trimmed = all.replace(/0+$/, '');
  exponent += all.length - trimmed.length;
  all = trimmed;
  if (all === '') return { negative: false, digits: '0', exponent: 0 };
  return { negative: sign !== '' && sign !== '+', digits: all, exponent };
}

/** The nearest double (may be ±Infinity or 0 for extreme exponents): for display only. */
export function parsedToNumber(x: ParsedNumber): number {
  return Number(`${x.negative ? '-' : ''}${x.digits}e${x.exponent}`);
}

/** A positive exact decimal. */
interface Dec {
  m: bigint;
  /** Number of digits of m. */
  len: number;
  e: number;
}

const dec = (digits: string, e: number): Dec => ({ m: BigInt(digits), len: digits.length, e });

function mul(a: Dec, b: Dec): Dec {
  const m = a.m * b.m;
  return { m, len: m.toString().length, e: a.e + b.e };
}

/** Sign of a - b for positive decimals. */
export function compareDec(a: Dec, b: Dec): number {
  // Decimal orders of magnitude first: exponents may be far apart.
  const oa = a.len - 1 + a.e;
  const ob = b.len - 1 + b.e;
  if (oa !== ob) return oa < ob ? -1 : 1;
  // Same order: the exponent gap is at most the digit counts' difference.
  const x = a.e > b.e ? a.m * 10n ** BigInt(a.e - b.e) : a.m;
  const y = b.e > a.e ? b.m * 10n ** BigInt(b.e - a.e) : b.m;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** 1 + p as an exact decimal, p being the shortest decimal of the double. */
function onePlus(p: number): Dec {
  const q = parseAnswerValue(String(p));
  if (q === null || q.negative) throw new RangeError(`bad tolerance ${p}`);
  if (q.digits === '0') return dec('1', 0);
  const e = Math.min(q.exponent, 0);
  const m = 10n ** BigInt(-e) + BigInt(q.digits) * 10n ** BigInt(q.exponent - e);
  return { m, len: m.toString().length, e };
}

export interface AnswerCheck {
  /** The value as typed (comma or dot decimals, optional exponent). */
  valore: string;
  /** Power of ten the value is multiplied by. */
  valore_exp: number;
  soluzione: number | string;
  soluzione_exp: number;
  /** Relative tolerance p (default 0.005); invalid values fall back to the default. */
  intervallo_validita?: number | null;
}

const isExp = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/**
 * Spec §5: accepts value × 10^valore_exp when, with s = soluzione ×
 * 10^soluzione_exp, it lies in [s/(1+p), s·(1+p)] for s > 0, in the mirror
 * range [s·(1+p), s/(1+p)] for s < 0, and equals 0 for s = 0. Bounds included.
 */
export function isAnswerCorrect(check: AnswerCheck): boolean {
  const v = parseAnswerValue(check.valore);
  const s =
    typeof check.soluzione === 'number'
      ? Number.isFinite(check.soluzione)
        ? parseAnswerValue(String(check.soluzione))
        : null
      : parseAnswerValue(check.soluzione);
  if (v === null || s === null || !isExp(check.valore_exp) || !isExp(check.soluzione_exp)) {
    return false;
  }
  const p = check.intervallo_validita;
  const tolerance = typeof p === 'number' && Number.isFinite(p) && p >= 0 ? p : DEFAULT_TOLERANCE;
  if (s.digits === '0') return v.digits === '0';
  if (v.digits === '0' || v.negative !== s.negative) return false;
  // Same sign: compare magnitudes, |s|/(1+p) <= |v| <= |s|·(1+p).
  const av = dec(v.digits, v.exponent + check.valore_exp);
  const as = dec(s.digits, s.exponent + check.soluzione_exp);
  const q = onePlus(tolerance);
  return compareDec(as, mul(av, q)) <= 0 && compareDec(av, mul(as, q)) <= 0;
}
