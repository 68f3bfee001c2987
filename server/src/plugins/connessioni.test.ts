// HTTP connections that do not do their part are closed (issue 26): real
// sockets against the real app listening on a port, with the timeouts
// shortened to about a second (the production values are checked at the end).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../db/testing';
import { ensureLiveSession } from '../demo/queries';
import { createTestApp, type TestApp } from '../api/testing';
import { connectWs } from '../live/testing/ws-client';
import { ACCEPT_QUEUES, listenWithAcceptQueues } from '../util/accept-queues';

const HEADERS_MS = 1000;
const KEEPALIVE_MS = 1500;
const REQUEST_MS = 2500;
const CHECK_MS = 200;
/** Timers and the event loop of a shared machine: late, never early. */
const SLACK_MS = 700;

type RawConnection = {
  socket: net.Socket;
  received: () => string;
  /** Milliseconds from `start` to the server closing the connection. */
  closed: Promise<number>;
  start: number;
};

function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const start = Date.now();
    const closed = new Promise<number>((done) => {
      socket.on('close', () => done(Date.now() - start));
    });
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => data, closed, start }));
    socket.once('error', reject);
  });
}

/** A POST of `length` bytes of text/plain, with a matching CSRF cookie and header. */
const postHead = (length: number) =>
  'POST /lento/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n' +
  'Cookie: csrftoken=prova-di-connessione\r\nX-CSRFToken: prova-di-connessione\r\n' +
  `Content-Length: ${length}\r\n\r\n`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the close time, or 'open' if the connection outlives `ms`. */
const closedWithin = (c: RawConnection, ms: number) =>
  Promise.race([c.closed, sleep(ms).then(() => 'open' as const)]);

describe('HTTP connection timeouts', () => {
  let t: TestApp;
  let port: number;
  let sessione: number;

  beforeAll(async () => {
    const defaults = loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp('pglite', {
      config: {
        http: {
          headersMs: HEADERS_MS,
          requestMs: REQUEST_MS,
          keepAliveMs: KEEPALIVE_MS,
          checkIntervalMs: CHECK_MS,
        },
        // No heartbeat: the live socket below is fully idle.
        ws: { ...defaults.ws, pingIntervalMs: 0 },
      },
      extraRoutes: (app) => {
        app.post('/lento/', async (request) => ({ ricevuti: String(request.body).length }));
        // A handler slower than every limit (a long export): answered whole.
        app.get('/lento/', async () => {
          await sleep(REQUEST_MS + KEEPALIVE_MS);
          return { fatto: true };
        });
      },
    });
    const live = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Connessioni',
      teams: 2,
      inseritore: 'inseritore',
    });
    sessione = live.sessioneId;
    // As main.ts listens: the connections below land on any of the queues.
    await listenWithAcceptQueues(t.app, {
      host: '127.0.0.1',
      port: 0,
      backlog: 511,
      queues: ACCEPT_QUEUES,
    });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('closes a connection whose headers are not complete in time', async () => {
    const half = await connect(port);
    half.socket.write('GET /api/time/ HTTP/1.1\r\nHost: localhost\r\n');
    const silent = await connect(port);
    // A kept-alive connection whose second request stops halfway: the header
    // deadline, not the (longer) keep-alive, closes it.
    const second = await connect(port);
    second.socket.write('GET /api/time/ HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await sleep(50);
    second.socket.write('GET /api/time/ HTTP/1.1\r\nHost: localhost\r\n');
    // More header bytes now and then do not move the deadline.
    const trickle = setInterval(() => half.socket.write('X-A: b\r\n'), 100);
    try {
      for (const c of [half, silent, second]) {
        const at = await closedWithin(c, HEADERS_MS + CHECK_MS + SLACK_MS);
        expect(at).not.toBe('open');
        expect(at).toBeGreaterThanOrEqual(HEADERS_MS - 50);
      }
    } finally {
      clearInterval(trickle);
    }
    // Node's answer to a request that timed out, never the request itself.
    expect(half.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a kept-alive connection idle past the keep-alive limit', async () => {
    const c = await connect(port);
    c.socket.write('GET /api/time/ HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const answered = Date.now();
    const at = await closedWithin(c, KEEPALIVE_MS + SLACK_MS + 1000);
    expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(at).not.toBe('open');
    // Kept between requests at least for the keep-alive time.
    expect(c.start + (at as number) - answered).toBeGreaterThanOrEqual(KEEPALIVE_MS - 100);
  });

  it('keeps a connection used again within the keep-alive limit', async () => {
    const c = await connect(port);
    for (let i = 0; i < 3; i++) {
      c.socket.write('GET /api/time/ HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await sleep(KEEPALIVE_MS - 500);
    }
    expect(c.received().match(/HTTP\/1\.1 200/g)).toHaveLength(3);
    expect(c.socket.destroyed).toBe(false);
    c.socket.destroy();
  });

  it('serves a slow but complete request, body trickled within the request limit', async () => {
    const c = await connect(port);
    const body = 'x'.repeat(20);
    const head = postHead(body.length);
    // Headers in pieces over most of their limit, then the body over more.
    for (const piece of head.match(/[\s\S]{1,20}/g)!) {
      c.socket.write(piece);
      await sleep((HEADERS_MS - 300) / Math.ceil(head.length / 20));
    }
    for (const ch of body) {
      c.socket.write(ch);
      await sleep(60);
    }
    await sleep(300);
    expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(c.received()).toContain('{"ricevuti":20}');
    c.socket.destroy();
  });

  it('answers a request whose handler takes longer than every limit', async () => {
    const c = await connect(port);
    c.socket.write('GET /lento/ HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect(closedWithin(c, REQUEST_MS + KEEPALIVE_MS + SLACK_MS)).resolves.toBe('open');
    expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(c.received()).toContain('{"fatto":true}');
    c.socket.destroy();
  });

  it('cuts a body trickled past the request limit', async () => {
    const c = await connect(port);
    c.socket.write(postHead(1000));
    const trickle = setInterval(() => c.socket.write('x'), 100);
    try {
      const at = await closedWithin(c, REQUEST_MS + CHECK_MS + SLACK_MS);
      expect(at).not.toBe('open');
      expect(at).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    } finally {
      clearInterval(trickle);
    }
  });

  it('leaves an open live feed alone, idle past every limit', async () => {
    const ws = connectWs(`ws://127.0.0.1:${port}/ws/gas/sessione/${sessione}/punteggi_eventi/`);
    await ws.opened;
    let closed = false;
    void ws.closed.then(() => (closed = true));
    await sleep(REQUEST_MS + KEEPALIVE_MS + CHECK_MS + SLACK_MS);
    expect(closed).toBe(false);
    // Still answered by the server, not only open on this side.
    const pong = new Promise<void>((resolve) => ws.socket.once('pong', () => resolve()));
    ws.socket.ping();
    await expect(Promise.race([pong.then(() => 'pong'), sleep(2000)])).resolves.toBe('pong');
    ws.close();
  });
});

describe('HTTP connection timeouts in production', () => {
  it('are 30 s for headers, 5 min for a whole request, 72 s between requests', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: '' });
    expect(config.http).toEqual({
      headersMs: 30_000,
      requestMs: 300_000,
      keepAliveMs: 72_000,
      checkIntervalMs: 2000,
    });
    const database = await createTestDatabase('pglite', { seed: false });
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      const server = app.server;
      expect(server.headersTimeout).toBe(30_000);
      expect(server.requestTimeout).toBe(300_000);
      expect(server.keepAliveTimeout).toBe(72_000);
      expect(
        (server as typeof server & { connectionsCheckingInterval: number })
          .connectionsCheckingInterval,
      ).toBe(2000);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('follow GAS_HTTP_HEADERS_SECONDS and GAS_HTTP_KEEPALIVE_SECONDS', () => {
    const config = loadConfig({
      GAS_HTTP_HEADERS_SECONDS: '20',
      GAS_HTTP_KEEPALIVE_SECONDS: '650',
    });
    expect(config.http).toMatchObject({ headersMs: 20_000, keepAliveMs: 650_000 });
    expect(() => loadConfig({ GAS_HTTP_HEADERS_SECONDS: '0' })).toThrow(/GAS_HTTP_HEADERS_SECONDS/);
  });
});
