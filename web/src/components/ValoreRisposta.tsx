// An answer's value as the answer pages show it: the typed mantissa (with
// the decimal comma) and, when there is one, × 10 to its exponent.
import { formatAnswerValue } from '../lib/numbers';

export function ValoreRisposta({ valore, esponente }: { valore: string; esponente: number }) {
  return (
    <span className="font-monospace">
      {formatAnswerValue(valore)}
      {esponente ? (
        <>
          {' '}
          × 10<sup>{esponente}</sup>
        </>
      ) : null}
    </span>
  );
}
