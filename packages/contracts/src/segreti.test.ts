// Redaction of logs and error reports (segreti.ts): each form a secret
// takes in a message, a stack or a path, and text that must stay as it is.
import { describe, expect, it } from 'vitest';
import { senzaSegreti } from './segreti';

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkdhUyJ9.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

describe('senzaSegreti', () => {
  it.each([
    // Cookies, in a header line and as pairs in any text.
    ['Cookie: sessionid=abc123SEGRETO; csrftoken=xyzSEGRETO', 'Cookie: ***'],
    ['set-cookie: sessionid=abcSEGRETO; Path=/; HttpOnly', 'set-cookie: ***'],
    [
      'fetch failed: sessionid=abcSEGRETO; csrftoken=xyzSEGRETO; lang=it',
      'fetch failed: sessionid=***; csrftoken=***; lang=it',
    ],
    ['POST /api/x/?csrfmiddlewaretoken=SEGRETO&a=1', 'POST /api/x/?csrfmiddlewaretoken=***&a=1'],
    // Basic credentials: the header, the bare scheme, a URL.
    ['Authorization: Basic dXNlcjpwYXNzU0VHUkVUTw==', 'Authorization: ***'],
    ['proxy-authorization: Bearer tokSEGRETO', 'proxy-authorization: ***'],
    ['header Basic dXNlcjpwYXNz rifiutato', 'header Basic *** rifiutato'],
    ['GET https://user:passSEGRETO@host.example/x', 'GET https://***:***@host.example/x'],
    ['clone https://ghp_tokenSEGRETO@github.com/a/b', 'clone https://***@github.com/a/b'],
    ['connect postgres://gas:DbSEGRETO@db:5432/gas', 'connect postgres://***:***@db:5432/gas'],
    ['Bearer tok_SEGRETO.abc', 'Bearer ***'],
    // JSON fields named as secrets, plain and escaped inside a string.
    [
      'body {"username":"mario","password":"hunter2SEGRETO","token": 12345}',
      'body {"username":"mario","password":"***","token": ***}',
    ],
    [
      '{"new_password1":"a\\"bSEGRETO","client_secret":"sSEGRETO","X-CSRFToken":"cSEGRETO"}',
      '{"new_password1":"***","client_secret":"***","X-CSRFToken":"***"}',
    ],
    [
      'Error: risposta {\\"access_token\\":\\"atSEGRETO\\",\\"ok\\":true}',
      'Error: risposta {\\"access_token\\":\\"***\\",\\"ok\\":true}',
    ],
    ['"headers":{"cookie":"sessionid=cSEGRETO"}', '"headers":{"cookie":"***"}'],
    // Node's util.inspect of an object, and form bodies.
    ["{ username: 'mario', password: 'pwSEGRETO' }", "{ username: 'mario', password: '***' }"],
    ['username=mario&password=pwSEGRETO&next=/', 'username=mario&password=***&next=/'],
    ['/?token=tSEGRETO&key=kSEGRETO', '/?token=***&key=***'],
    // JSON Web Tokens anywhere.
    [`jwt malformed: ${JWT}`, 'jwt malformed: ***'],
    [`/accesso/${JWT}/fine`, '/accesso/***/fine'],
    // The one-time password link.
    ['/accounts/imposta-password/abcDEF_123SEGRETO/?a=1', '/accounts/imposta-password/***/?a=1'],
  ])('%s', (testo, atteso) => {
    expect(senzaSegreti(testo)).toBe(atteso);
  });

  it('cleans every line of a stack and a page path', () => {
    const stack = [
      'Error: login fallito per {"password":"pSEGRETO"}',
      `    at f (https://gas.test/assets/index-Ab12Cd34.js:1:2) sessionid=sSEGRETO ${JWT}`,
      '    at g (https://u:pSEGRETO@gas.test/x.js:3:4)',
    ].join('\n');
    const pulito = senzaSegreti(stack);
    expect(pulito).not.toMatch(/SEGRETO|eyJ/);
    expect(pulito.split('\n')).toHaveLength(3);
    expect(pulito).toContain('at f (https://gas.test/assets/index-Ab12Cd34.js:1:2)');
    expect(senzaSegreti('/gare/12/?csrftoken=cSEGRETO#x')).toBe('/gare/12/?csrftoken=***#x');
  });

  it('leaves ordinary text as it is', () => {
    for (const testo of [
      'SyntaxError: Unexpected token \'<\', "<!doctype "... is not valid JSON',
      'Basic information, Basic Authentication',
      'monkey=banana; keyboard=it; tokens 3',
      "TypeError: Cannot read properties of undefined (reading 'problemi')",
      '    at Classifica (http://gas.test/assets/punteggi-Ab12Cd34.js:1:2345)',
      'mail to mario@example.it on /api/gas/evento/12/?page=2',
      '{"messaggio":"Token scaduto","stato":401}',
    ]) {
      expect(senzaSegreti(testo)).toBe(testo);
    }
  });

  // A name matched by backtracking over `[\w-]*…[\w-]*` once took 513 s on
  // 'token-' × 2,600 (and the URL rule 4.7 s on 'a-' × 8,000): logs run this
  // on URLs an attacker writes.
  it.each(['token-', 'a-', '\\', '-eyJab0', '"a":"', 'password=x&', 'x://a:b@', 'Basic aA'])(
    'runs in linear time on %j repeated to 16 kB',
    (pezzo) => {
      const testo = pezzo.repeat(Math.ceil(16_000 / pezzo.length));
      const inizio = Date.now();
      senzaSegreti(testo);
      expect(Date.now() - inizio).toBeLessThan(1_000);
    },
  );
});
