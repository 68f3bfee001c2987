// Links people type (event pages, videos) and links the site shows from its
// data (sponsors, webinars, rules documents): only an https address or a path
// of this site. Anything else could lead away from the site while looking
// like one of its pages: `//evil.example/x` and `/\evil.example/x` are
// protocol-relative (browsers read a backslash as a slash), `javascript:`
// runs code, `http:` is readable and changeable on the way.
export const LINK_NON_VALIDO =
  'Inserisci un indirizzo che inizia con https:// oppure un percorso del sito che inizia con una sola /.';

// A site path: one slash, then no second slash or backslash right after it,
// and no whitespace, backslash or control character anywhere.
const SITE_PATH = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;
// An https address: a host name (letters, digits, dots, hyphens: no user info
// such as `https://gas.example@evil.example`), an optional port, then a path,
// query or fragment without whitespace, backslashes or control characters.
const HTTPS_URL = /^https:\/\/[\p{L}\p{N}.-]+(?::\d{1,5})?(?:[/?#][^\s\\\p{Cc}]*)?$/iu;

/** Whether `value` is an https URL with a host, or a path of this site. */
export function isSafeLink(value: string): boolean {
  return SITE_PATH.test(value) || HTTPS_URL.test(value);
}
