// When two typings of a slip agree: the same number, compared exactly as the
// answer checker reads it ("1,50" and "1.5" agree; 15 × 10² and 1,5 × 10³
// too), never as doubles.
import { parseAnswerValue } from '@gas/scoring';

type Lettura = { valore: string; valoreExp: number };

export function stessaLettura(a: Lettura, b: Lettura): boolean {
  const x = parseAnswerValue(a.valore);
  const y = parseAnswerValue(b.valore);
  if (x === null || y === null) return a.valore === b.valore && a.valoreExp === b.valoreExp;
  // Zero is "0" × 10^0 whatever its sign or exponent.
  const zero = (p: typeof x) => p.digits === '0';
  if (zero(x) || zero(y)) return zero(x) && zero(y);
  return (
    x.negative === y.negative &&
    x.digits === y.digits &&
    x.exponent + a.valoreExp === y.exponent + b.valoreExp
  );
}
