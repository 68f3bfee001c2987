// What logs and error reports must never show (issues 15, 16): the token of a
// one-time password link, which sits in the page's own URL
// (/accounts/imposta-password/{token}/); a password or token in a query
// string; the credentials inside a connection URL (postgres://user:pw@…, the
// SMTP URL) that a driver's error message may repeat; a bearer token.

const SOSTITUZIONI: readonly [RegExp, string][] = [
  [/(\/accounts\/imposta-password\/)[^/?#\s]+/g, '$1***'],
  [/([?&](?:password|token|secret|key|csrfmiddlewaretoken)=)[^&#\s]*/gi, '$1***'],
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]*:[^/\s@]*@/gi, '$1***:***@'],
  [/\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, '$1***'],
];

/** A URL or a text as logs and reports show it, its secrets replaced by ***. */
export function senzaSegreti(testo: string): string {
  let pulito = testo;
  for (const [cerca, metti] of SOSTITUZIONI) pulito = pulito.replace(cerca, metti);
  return pulito;
}
