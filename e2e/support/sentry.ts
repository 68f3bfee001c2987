// A stand-in for a Sentry-compatible ingestion endpoint: the e2e server and
// the web app get GAS_SENTRY_DSN pointing here (playwright.config.ts), and a
// spec that checks what reaches Sentry starts it and reads the envelopes.
import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** The stand-in's port (one per E2E_PORT, like the mailbox's). */
export const sentryPort = (e2ePort = Number(process.env.E2E_PORT ?? 8123)) => e2ePort + 10_001;

export function fintoSentry() {
  const buste: { percorso: string; corpo: string }[] = [];
  const server = createServer((req, res) => {
    // The browser's SDK posts cross-origin, without credentials.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    const parti: Buffer[] = [];
    req.on('data', (c: Buffer) => parti.push(c));
    req.on('end', () => {
      if (req.method === 'POST') {
        const corpo = Buffer.concat(parti);
        buste.push({
          percorso: req.url ?? '',
          corpo: (req.headers['content-encoding'] === 'gzip' ? gunzipSync(corpo) : corpo).toString(
            'utf8',
          ),
        });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    buste,
    start: (port: number) =>
      new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
