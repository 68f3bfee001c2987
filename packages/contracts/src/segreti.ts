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
  /passw(?:or)?d|pwd|secret|token|csrf|session_?id|api_?key|cookie|authorization|credential|^key$/i;

// Every pattern runs in linear time on any text (logs see URLs an attacker
// writes, reports carry 16 kB stacks): a name is taken whole by an atomic
// group, `(?=([\w-]+))\1` (the lookahead's capture cannot be given back), and
// whether it is a secret's is decided in code, not by backtracking over it.
const NOME = '(?<![\\w-])(?=([\\w-]+))\\1';

/** The replacement that keeps `nome` and hides its value, or leaves the match as it is. */
const seSegreto =
  (metti: (parti: string[]) => string) =>
  (tutto: string, ...parti: string[]): string =>
    NOME_SEGRETO.test(parti[0]!) ? metti(parti) : tutto;

const SOSTITUZIONI: readonly [RegExp, string | ((tutto: string, ...parti: string[]) => string)][] =
  [
    [/(\/accounts\/imposta-password\/)[^/?#\s]+/g, '$1***'],
    // Header lines as HTTP clients and servers print them: the rest of the line.
    [
      /\b((?:set-)?cookie|(?:proxy-)?authorization|x-csrftoken)([ \t]*:[ \t]*)(?!\*\*\*)[^\r\n]+/gi,
      '$1$2***',
    ],
    // JSON, plain or escaped inside a string: "password":"…", \"token\":\"…\", "token": 123.
    [
      /(?<!\\)(?=(\\*))\1"(?=([\w-]+))\2\1"([ \t]*:[ \t]*)(?:(\1")(?:\\.|[^"\\\r\n])*?\4|(?=([\w.+-]+))\5)/g,
      (tutto, barre: string, nome: string, due: string, virgolette: string | undefined) =>
        NOME_SEGRETO.test(nome)
          ? `${barre}"${nome}${barre}"${due}${virgolette ?? ''}***${virgolette ?? ''}`
          : tutto,
    ],
    // A quoted JavaScript property: { password: 'x' }, token: "y".
    [
      new RegExp(`${NOME}([ \\t]*:[ \\t]*)(['"\`])[^'"\`\\r\\n]*\\3`, 'g'),
      seSegreto(([nome, due, virgolette]) => `${nome}${due}${virgolette}***${virgolette}`),
    ],
    // nome=valore: query strings, form bodies, cookies (sessionid=…; csrftoken=…).
    [
      new RegExp(`${NOME}=(?!\\*\\*\\*)[^&;,\\s"'<>)#]+`, 'g'),
      seSegreto(([nome]) => `${nome}=***`),
    ],
    // Credentials in a URL: user:password@ and a token alone as user@.
    [/(?<![a-z0-9+.-])(?=([a-z][a-z0-9+.-]*:\/\/))\1[^/\s:@]*:[^/\s@]*@/gi, '$1***:***@'],
    [/(?<![a-z0-9+.-])(?=([a-z][a-z0-9+.-]*:\/\/))\1(?!\*\*\*)[^/\s:@]+@/gi, '$1***@'],
    [/\b(Bearer\s+)(?!\*\*\*)[A-Za-z0-9._~+/=-]+/gi, '$1***'],
    // Basic base64(user:password); not a word such as 'Basic information'
    // (base64 has an inner capital, a digit, + / or = padding).
    [/\b(Basic\s+)(?=[A-Za-z0-9+/]*(?:[a-z0-9+/][A-Z]|[0-9+/=]))[A-Za-z0-9+/]{4,}={0,2}/g, '$1***'],
    // A JSON Web Token: header.payload.signature, the header JSON starting {"…
    [/(?<![\w-])eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, '***'],
  ];

/** A URL or a text as logs and reports show it, its secrets replaced by ***. */
export function senzaSegreti(testo: string): string {
  let pulito = testo;
  for (const [cerca, metti] of SOSTITUZIONI) {
    pulito = pulito.replace(cerca, metti as (tutto: string, ...parti: string[]) => string);
  }
  return pulito;
}
