// The idempotency key of the answer a pair of agreeing typings stores.
/**
 * The keys the server writes itself: the answer two agreeing typings store
 * is keyed `digitazione-<first typing's id>` under the second typist (double
 * entry). A client sending one would take that key first and block the
 * pair's answer for good, so the whole prefix is the server's.
 */
export const PREFISSO_RISERVATO = 'digitazione-';

/** The key of the answer a pair of typings stores (see PREFISSO_RISERVATO). */
export const chiaveDellaCoppia = (primaDigitazione: number) =>
  `${PREFISSO_RISERVATO}${primaDigitazione}`;
