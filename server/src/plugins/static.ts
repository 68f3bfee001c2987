// Serves the built web app. Any GET for a non-API, non-asset path answers
// index.html, so client routes (and the client's own 404 page) work on reload.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERRORS } from '../errors';

const API_PREFIXES = ['/api/', '/ws/', '/healthz'];

/**
 * index.html as sent: with GAS_SENTRY_DSN, the DSN in a meta tag the web app
 * reads when it first reports an error (web/src/lib/errori/sentry.ts).
 */
function indexHtml(indexFile: string, sentryDsn: string | undefined): string | null {
  if (!sentryDsn) return null;
  const escaped = sentryDsn.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return fs
    .readFileSync(indexFile, 'utf8')
    .replace('</head>', `<meta name="gas-sentry-dsn" content="${escaped}">\n</head>`);
}

async function webAppPlugin(
  app: FastifyInstance,
  { webDist, ...options }: { webDist: string; sentryDsn?: string },
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const index = hasBuild ? indexHtml(indexFile, options.sentryDsn) : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The .br and .gz twins the build writes (web/vite.config.ts), chosen
      // by Accept-Encoding, with Vary: Accept-Encoding for caches.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/: cache it for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
    // wildcard:false registers only the files present at start: enough for a build.
  } else {
    app.log.warn({ webDist }, 'web app non compilata: servo solo le API');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix));
    const looksLikeAsset = /\.[a-z0-9]{1,8}$/i.test(url);
    if (isApi || looksLikeAsset || !['GET', 'HEAD'].includes(request.method) || !hasBuild) {
      return reply.status(404).send({ detail: ERRORS.not_found.detail });
    }
    reply.header('Cache-Control', 'no-cache').type('text/html');
    return index === null ? reply.sendFile('index.html') : reply.send(index);
  });
}

export const registerWebApp = fp(webAppPlugin, { name: 'gas-web-app' });
