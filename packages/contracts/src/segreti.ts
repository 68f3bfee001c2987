// What logs and error reports must never show (issues 15, 16, 26), wherever
// it appears in a message, a stack or a path:
// - the token of a one-time password link (/accounts/imposta-password/{token}/);
// - any field whose name says it is a secret (password, token, secret, csrf…,
//   sessionid, key), as `nome=valore` (query strings, form bodies, cookies),
//   as JSON (`"password":"…"`, also when the JSON is itself escaped in a
//   string) and as a quoted JavaScript property (`password: '…'`, how Node
//   prints an object);
// - the text of a Cookie, Set-Cookie or Authorization header;
// - credentials in a URL (postgres://user:pw@…, https://token@host);
// - Bearer and Basic credentials and JSON Web Tokens anywhere.
// Names are kept (they tell what was there), values become ***. Shared: the
// server cleans its logs, its reports and its Sentry events with it, the web
// app its reports before they leave the browser.

/**
 * A field name that says its value is a secret: any name containing one of
 * these words (new_password1, access_token, csrfmiddlewaretoken,
 * client_secret, x-csrftoken…), or exactly `key`.
 */
const NOME_SEGRETO =
  '(?:[\\w-]*(?:passw(?:or)?d|pwd|secret|token|csrf|session_?id|api_?key|cookie|authorization|credential)[\\w-]*|key)';

const SOSTITUZIONI: readonly [RegExp, string | ((...parti: string[]) => string)][] = [
  [/(\/accounts\/imposta-password\/)[^/?#\s]+/g, '$1***'],
  // Header lines as HTTP clients and servers print them: the rest of the line.
  [
    /\b((?:set-)?cookie|(?:proxy-)?authorization|x-csrftoken)(\s*:[ \t]*)(?!\*\*\*)[^\r\n]+/gi,
    '$1$2***',
  ],
  // JSON, plain or escaped inside another string: "password":"…", \"token\":\"…\", "token": 123.
  [
    new RegExp(
      `((\\\\*)"${NOME_SEGRETO}\\2"\\s*:\\s*)(?:(\\2")(?:\\\\.|[^"\\\\\\r\\n])*?\\3|[^\\s,}\\]]+)`,
      'gi',
    ),
    (_tutto, chiave: string, barre: string, virgolette: string | undefined) =>
      `${chiave}${virgolette ?? ''}***${virgolette ?? ''}`,
  ],
  // A quoted JavaScript property: { password: 'x' }, token: "y".
  [new RegExp(`(\\b${NOME_SEGRETO}\\s*:\\s*)(['"\`])[^'"\`\\r\\n]*\\2`, 'gi'), '$1$2***$2'],
  // nome=valore: query strings, form bodies, cookies (sessionid=…; csrftoken=…).
  [new RegExp(`(\\b${NOME_SEGRETO}=)(?!\\*\\*\\*)[^&;,\\s"'<>)#]+`, 'gi'), '$1***'],
  // Credentials in a URL: user:password@ and a token alone as user@.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]*:[^/\s@]*@/gi, '$1***:***@'],
  [/\b([a-z][a-z0-9+.-]*:\/\/)(?!\*\*\*)[^/\s:@]+@/gi, '$1***@'],
  [/\b(Bearer\s+)(?!\*\*\*)[A-Za-z0-9._~+/=-]+/gi, '$1***'],
  // Basic base64(user:password); not a word such as 'Basic information'
  // (base64 has an inner capital, a digit, + / or = padding).
  [/\b(Basic\s+)(?=[A-Za-z0-9+/]*(?:[a-z0-9+/][A-Z]|[0-9+/=]))[A-Za-z0-9+/]{4,}={0,2}/g, '$1***'],
  // A JSON Web Token: header.payload.signature, the header JSON starting {"…
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, '***'],
];

/** A URL or a text as logs and reports show it, its secrets replaced by ***. */
export function senzaSegreti(testo: string): string {
  let pulito = testo;
  for (const [cerca, metti] of SOSTITUZIONI) {
    pulito = pulito.replace(cerca, metti as (sottostringa: string, ...parti: string[]) => string);
  }
  return pulito;
}
