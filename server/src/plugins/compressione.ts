// Compressed answers (issue 18): on a contest day thousands of phones load a
// 1,000-team session at once, and its JSON shrinks to a fifth or less.
// @fastify/compress encodes every answer above a kilobyte in brotli or gzip,
// as the browser accepts; brotli at quality 4, which costs about what gzip
// does (quality 11, the default, is for files compressed once, not for each
// answer). The web app's files are compressed at build time instead
// (web/vite.config.ts) and sent as they are (plugins/static.ts); answers that
// already carry a Content-Encoding are left alone, and the live feeds are
// WebSocket frames, not replies.
import compress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller answers are sent as they are: compressing them saves nothing worth the time. */
export const SOGLIA_COMPRESSIONE = 1024;

/** Brotli's quality for answers compressed at the request. */
const QUALITA_BROTLI = 4;

export type Codifica = 'br' | 'gzip';

const negoziatore = new Negotiator<Codifica>({ supportedValues: ['br', 'gzip'] });

/** The encoding an Accept-Encoding header asks for, as @fastify/compress would choose it. */
export function codificaAccettata(acceptEncoding: string | undefined): Codifica | null {
  return acceptEncoding ? negoziatore.negotiate(acceptEncoding) : null;
}

/**
 * A body compressed once for many answers (the microcache's entries, a
 * painted page), with the settings @fastify/compress uses for each answer.
 */
export function comprimi(body: Buffer, codifica: Codifica): Buffer {
  return codifica === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: QUALITA_BROTLI } })
    : gzipSync(body);
}

export const registerCompressione = fp(
  async function compressionePlugin(app: FastifyInstance) {
    await app.register(compress, {
      global: true,
      threshold: SOGLIA_COMPRESSIONE,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: QUALITA_BROTLI } },
    });
  },
  { name: 'gas-compressione', dependencies: [] },
);
