// What makes two reports "the same error" (issue 16): their origin, kind and
// context, the message with its numbers and ids blanked, and the top frames
// of the stack without line and column numbers or build hashes, so that one
// bug hit by a thousand viewers, on pages of different events, across
// releases of the same code, is one group.
import { createHash } from 'node:crypto';

/** Frames of the stack that tell where it happened. */
const CIMA_DELLO_STACK = 3;

export function normalizzaTesto(testo: string): string {
  return testo
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\b[0-9a-f]{16,}\b/gi, '<hex>')
    .replace(/\d+/g, '#')
    .trim()
    .slice(0, 300);
}

/** The top frames, as V8 ("at f (url:1:2)") and Firefox/Safari ("f@url:1:2") print them. */
export function cimaDelloStack(stack: string): string[] {
  return stack
    .split('\n')
    .map((riga) => riga.trim())
    .filter((riga) => riga.startsWith('at ') || /@\S+:\d+:\d+$/.test(riga))
    .slice(0, CIMA_DELLO_STACK)
    .map((riga) =>
      riga
        .replace(/:\d+:\d+\)?$/, '')
        .replace(/\?[^\s)]*/g, '')
        .replace(/https?:\/\/[^/\s]+/g, '')
        // Vite's content hash in a chunk's name (index-Ab12Cd34.js).
        .replace(/-[A-Za-z0-9_-]{8}\.(m?js)/g, '.$1'),
    );
}

export function impronta(parti: {
  origine: string;
  tipo: string;
  contesto: string;
  messaggio: string;
  stack: string;
}): string {
  return createHash('sha256')
    .update(
      [
        parti.origine,
        parti.tipo,
        normalizzaTesto(parti.contesto),
        normalizzaTesto(parti.messaggio),
        ...cimaDelloStack(parti.stack),
      ].join('\n'),
    )
    .digest('hex');
}
