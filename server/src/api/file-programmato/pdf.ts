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

/**
 * The client's file name without any path, control characters or quotes,
 * at most 200 characters; `fallback` when nothing usable is left.
 */
export function safeFileName(name: string | undefined, fallback: string): string {
  const cleaned = basename((name ?? '').replaceAll('\\', '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
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
