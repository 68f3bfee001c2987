// Who may open a live connection: connection caps per client address and per
// instance (429 before the upgrade, places given back on every close path),
// Origin (403 for other sites), and misbehaving clients logged as one
// throttled warning, not an error with a stack per frame.
import { Writable } from 'node:stream';
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createTestApp, type TestApp } from '../api/testing';
import { evento } from '../db/schema';
import { until } from '../testing';
import { ConnectionLimits, originAllowed } from './admission';
import { ThrottledWarnings } from './client-log';
import { ensureLiveSession, type LiveSession } from '../demo/queries';
import { openWs, whenClosed, type WsAttempt } from './testing/ws-open';

describe('ConnectionLimits', () => {
  it('counts per address and in total, and a release counts once', () => {
    const limits = new ConnectionLimits({ maxPerAddress: 2, maxTotal: 3 });
    const a1 = limits.acquire('a');
    const a2 = limits.acquire('a');
    expect(typeof a1).toBe('function');
    expect(typeof a2).toBe('function');
    expect(limits.acquire('a')).toBe('address');
    const b1 = limits.acquire('b');
    expect(typeof b1).toBe('function');
    expect(limits.acquire('c')).toBe('total');
    (a1 as () => void)();
    (a1 as () => void)();
    expect(limits.count()).toBe(2);
    expect(limits.count('a')).toBe(1);
    expect(typeof limits.acquire('c')).toBe('function');
  });
});

describe('originAllowed', () => {
  const publicUrl = 'https://gas.example.it';
  it.each([
    [undefined, 'localhost:8000', undefined, true],
    ['http://localhost:8000', 'localhost:8000', undefined, true],
    ['http://LOCALHOST:8000', 'localhost:8000', undefined, true],
    ['https://gas.example.it', 'localhost:8000', publicUrl, true],
    ['https://evil.example', 'localhost:8000', publicUrl, false],
    ['https://gas.example.it.evil.example', 'gas.example.it', undefined, false],
    ['http://localhost:8001', 'localhost:8000', undefined, false],
    ['null', 'localhost:8000', publicUrl, false],
    ['file://', 'localhost:8000', undefined, false],
  ])('Origin %s to host %s (public %s): %s', (origin, host, pub, expected) => {
    expect(originAllowed(origin, host, pub)).toBe(expected);
  });
});

describe('ThrottledWarnings', () => {
  it('logs one line per key and period, then how many were left out', () => {
    let now = 0;
    const lines: { obj: object; msg: string }[] = [];
    const log = new ThrottledWarnings(
      { warn: (obj, msg) => lines.push({ obj, msg }) },
      1000,
      () => now,
    );
    for (let i = 0; i < 50; i++) log.warn('1.2.3.4', { i }, 'garbage');
    log.warn('5.6.7.8', { i: 0 }, 'garbage');
    expect(lines).toHaveLength(2);
    now = 1000;
    log.warn('1.2.3.4', { i: 50 }, 'garbage');
    expect(lines[2]).toEqual({ obj: { i: 50, suppressed: 49 }, msg: 'garbage' });
  });
});

type LogLine = { level: number; msg: string; err?: unknown; [key: string]: unknown };

describe('live connection admission', () => {
  let t: TestApp;
  let live: LiveSession;
  let hidden: LiveSession;
  let port: number;
  const logs: LogLine[] = [];
  const MAX_PER_ADDRESS = 100;
  const MAX_TOTAL = 130;

  beforeAll(async () => {
    // The app's log, captured: what misbehaving clients cause is checked below.
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (line) logs.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    });
    t = await createTestApp('pglite', {
      config: {
        wsLimits: { maxPerAddress: MAX_PER_ADDRESS, maxTotal: MAX_TOTAL },
        publicUrl: 'https://gas.example.it',
      },
      logger: { level: 'warn', stream },
    });
    live = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Limiti live',
      teams: 3,
    });
    hidden = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Limiti live privato',
      teams: 3,
    });
    await t.database.db
      .update(evento)
      .set({ tipologia: 'priv' })
      .where(eq(evento.id, hidden.eventoId));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(() => t.close());

  const url = (sessioneId = live.sessioneId) =>
    `ws://127.0.0.1:${port}/ws/gas/sessione/${sessioneId}/punteggi_eventi/`;
  const closeAll = async (attempts: WsAttempt[]) => {
    const sockets = attempts.map((a) => a.socket).filter((s): s is WebSocket => s !== null);
    for (const socket of sockets) socket.close();
    await Promise.all(sockets.map(whenClosed));
    await until(() => t.app.liveLimits.count() === 0);
  };

  it('gives one address at most its cap, while another client keeps HTTP and live feeds', async () => {
    const attempts = await Promise.all(Array.from({ length: 150 }, () => openWs(url())));
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 101)).toHaveLength(MAX_PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    expect(t.app.liveLimits.count('127.0.0.1')).toBe(MAX_PER_ADDRESS);

    // Another client (another source address) still gets both.
    const other = await openWs(url(), { localAddress: '127.0.0.2' });
    expect(other.status).toBe(101);
    const res = await fetch(`http://127.0.0.1:${port}/api/gas/sessione/${live.sessioneId}/`);
    expect(res.status).toBe(200);
    other.socket?.send(JSON.stringify({ type: 'ping' }));
    await new Promise((resolve) => other.socket?.once('message', resolve));

    // Closing gives the places back: the first address may connect again.
    await closeAll([...attempts, other]);
    const again = await openWs(url());
    expect(again.status).toBe(101);
    await closeAll([again]);
  });

  it('caps the connections of the whole instance', async () => {
    const first = await Promise.all(
      Array.from({ length: MAX_PER_ADDRESS }, () => openWs(url(), { localAddress: '127.0.0.3' })),
    );
    const second = await Promise.all(
      Array.from({ length: 40 }, () => openWs(url(), { localAddress: '127.0.0.4' })),
    );
    expect(first.every((a) => a.status === 101)).toBe(true);
    const statuses = second.map((a) => a.status);
    expect(statuses.filter((s) => s === 101)).toHaveLength(MAX_TOTAL - MAX_PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - (MAX_TOTAL - MAX_PER_ADDRESS));
    await closeAll([...first, ...second]);
  });

  it('gives the place back on every close path', async () => {
    // Refused after the upgrade (a private event), closed by the server.
    const refused = await openWs(url(hidden.sessioneId));
    expect(await whenClosed(refused.socket!)).toBe(4403);
    // Terminated by the client without a close handshake.
    const dropped = await openWs(url());
    dropped.socket!.terminate();
    // A handshake the server refuses after the hooks (no valid key).
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path: `/ws/gas/sessione/${live.sessioneId}/punteggi_eventi/`,
        headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(400);
    await until(() => t.app.liveLimits.count() === 0);
  });

  it('takes no place for plain HTTP requests to a feed path (a keep-alive connection could hoard them)', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: url().replace(/^ws:\/\/[^/]+/, '') });
      expect(res.statusCode).toBe(404);
    }
    expect(t.app.liveLimits.count()).toBe(0);
  });

  it('refuses upgrades from other sites with 403; same origin, GAS_PUBLIC_URL and none are fine', async () => {
    const evil = await openWs(url(), { headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    const own = await openWs(url(), { headers: { origin: `http://127.0.0.1:${port}` } });
    const pub = await openWs(url(), { headers: { origin: 'https://gas.example.it' } });
    const none = await openWs(url());
    expect([own.status, pub.status, none.status]).toEqual([101, 101, 101]);
    await closeAll([own, pub, none]);
  });

  it('logs garbage frames as one throttled warning without a stack, never an error', async () => {
    logs.length = 0;
    const sockets = await Promise.all(
      Array.from({ length: 5 }, () => openWs(url(), { localAddress: '127.0.0.5' })),
    );
    for (const { socket } of sockets) {
      // A text frame with invalid UTF-8, and one with a reserved opcode.
      const raw = (socket as unknown as { _socket: import('node:net').Socket })._socket;
      raw.write(Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xff, 0xfe]));
    }
    await Promise.all(sockets.map((a) => whenClosed(a.socket!)));
    const more = await openWs(url(), { localAddress: '127.0.0.5' });
    const raw = (more.socket as unknown as { _socket: import('node:net').Socket })._socket;
    raw.write(Buffer.from([0x83, 0x80, 0, 0, 0, 0]));
    await whenClosed(more.socket!);
    await until(() => t.app.liveLimits.count() === 0);
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
    const warnings = logs.filter((l) => l.msg === 'live: frame non valido dal client');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ ip: '127.0.0.5', code: 'WS_ERR_INVALID_UTF8' });
    expect(JSON.stringify(warnings[0])).not.toContain('    at ');
  });
});

describe('live connection caps behind a trusted proxy', () => {
  let t: TestApp;
  let live: LiveSession;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      config: { trustProxy: ['127.0.0.1'], wsLimits: { maxPerAddress: 2, maxTotal: 100 } },
    });
    live = await ensureLiveSession(t.database, { now: new Date(), titolo: 'Proxy live', teams: 3 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/ws/gas/sessione/${live.sessioneId}/punteggi_eventi/`;
  });
  afterAll(() => t.close());

  it('counts by the address the proxy saw, whatever the client put before it', async () => {
    // The proxy (127.0.0.1) appends the real client; the left-most values are the client's inventions.
    const via = (spoofed: string, client: string) => ({
      headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
    });
    const attempts = [
      await openWs(url, via('10.0.0.1', '198.51.100.1')),
      await openWs(url, via('10.0.0.2', '198.51.100.1')),
      await openWs(url, via('10.0.0.3', '198.51.100.1')),
      await openWs(url, via('10.0.0.4', '198.51.100.2')),
    ];
    expect(attempts.map((a) => a.status)).toEqual([101, 101, 429, 101]);
    expect(t.app.liveLimits.count('198.51.100.1')).toBe(2);
    for (const a of attempts) a.socket?.close();
    await until(() => t.app.liveLimits.count() === 0);
  });
});
