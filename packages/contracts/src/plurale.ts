// Italian number agreement for every count the product writes ('1 risposta
// errata', '3 risposte errate', '0 squadre'): one takes the singular, every
// other count, zero included, the plural. One helper for server and web app,
// so no message builds its count by hand.
import { interoInItaliano } from './numeri-italiani';

/** The singular for 1 (and -1), the plural otherwise. */
export function plurale<S extends string, P extends string>(
  n: number,
  singolare: S,
  plurale: P,
): S | P {
  return Math.abs(n) === 1 ? singolare : plurale;
}

/** `n` written the Italian way (1.234) followed by the agreeing form: '1 squadra', '2 squadre'. */
export function conta(n: number, singolare: string, plurale_: string): string {
  return `${interoInItaliano(n)} ${plurale(n, singolare, plurale_)}`;
}
