// What makes an upload a PDF, judged by its bytes only (a name or a declared
// MIME type proves nothing), and how its name goes back out in a header.
import { basename } from 'node:path';

const MAGIC = Buffer.from('%PDF-', 'latin1');
const EOF_MARK = Buffer.from('%%EOF', 'latin1');
// Writers may append a few bytes (newlines, padding) after the last %%EOF.
const TAIL = 1024;

/** A PDF starts with `%PDF-` and has an `%%EOF` marker near its end. */
export function isPdf(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < MAGIC.length + EOF_MARK.length) return false;
  if (!buf.subarray(0, MAGIC.length).equals(MAGIC)) return false;
  return buf.subarray(Math.max(MAGIC.length, buf.length - TAIL)).includes(EOF_MARK);
}

// Control characters (Cc), invisible format characters (Cf: the bidi
// embeddings, overrides and isolates U+202A-U+202E, U+2066-U+2069, the marks
// U+200E/U+200F, zero-width characters, BOM), line and paragraph separators,
// and quotes. A right-to-left override makes "fdp.exe" read as "exe.pdf".
const UNSAFE_IN_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"]/gu;

/**
 * The client's file name without any path, control or bidi characters or
 * quotes, at most 200 characters; `fallback` when nothing usable is left.
 */
export function safeFileName(name: string | undefined, fallback: string): string {
  const stripped = basename((name ?? '').replaceAll('\\', '/'))
    .replace(UNSAFE_IN_NAME, '')
    .trim();
  // By code points: never half of a surrogate pair.
  const cleaned = Array.from(stripped).slice(0, 200).join('');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}

/** `inline` with an ASCII fallback name and the exact UTF-8 one (RFC 6266 / 5987). */
export function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16)}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
