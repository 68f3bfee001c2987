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
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/** Smaller answers are sent as they are: compressing them saves nothing worth the time. */
export const SOGLIA_COMPRESSIONE = 1024;

export const registerCompressione = fp(
  async function compressionePlugin(app: FastifyInstance) {
    await app.register(compress, {
      global: true,
      threshold: SOGLIA_COMPRESSIONE,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'gas-compressione' },
);
