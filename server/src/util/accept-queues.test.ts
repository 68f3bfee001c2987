// The app listening on several accept queues (util/accept-queues.ts): real
// sockets against the real app, on the loopback.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/testing';
import { ensureLiveSession } from '../demo/queries';
import { connectWs } from '../live/testing/ws-client';
import { listenWithAcceptQueues, type ExtraAcceptQueues } from './accept-queues';

const QUEUES = 4;

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // A new connection per request, so that each one goes through a queue.
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('listening on several accept queues', () => {
  let t: TestApp;
  let queues: ExtraAcceptQueues | null;
  let port: number;
  let sessione: number;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    sessione = (
      await ensureLiveSession(t.database, {
        now: new Date(),
        titolo: 'Code di accettazione',
        teams: 2,
        inseritore: 'inseritore',
      })
    ).sessioneId;
    queues = await listenWithAcceptQueues(t.app, {
      host: '127.0.0.1',
      port: 0,
      backlog: 511,
      queues: QUEUES,
    });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('opens the extra queues on this platform', () => {
    expect(queues?.accepted).toHaveLength(QUEUES - 1);
  });

  it('answers requests whichever queue accepted their connection', async () => {
    const before = sum(queues!.accepted);
    const statuses = await Promise.all(Array.from({ length: 200 }, () => get(port, '/api/time/')));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const byExtraQueues = sum(queues!.accepted) - before;
    // The kernel spreads connections over the four sockets by their source
    // port: the extra three took some, the app's own socket the rest.
    expect(byExtraQueues).toBeGreaterThan(0);
    expect(byExtraQueues).toBeLessThan(200);
  });

  it('opens live feeds whichever queue accepted their connection', async () => {
    const before = sum(queues!.accepted);
    const feeds = Array.from({ length: 40 }, () =>
      connectWs(`ws://127.0.0.1:${port}/ws/gas/sessione/${sessione}/punteggi_last/`),
    );
    try {
      // This feed sends the ranking's snapshot as soon as it opens.
      const snapshots = await Promise.all(
        feeds.map((feed) => feed.next((frame) => frame.type === 'new_json')),
      );
      expect(snapshots).toHaveLength(40);
      expect(sum(queues!.accepted) - before).toBeGreaterThan(0);
    } finally {
      for (const feed of feeds) feed.close();
    }
  });

  it('refuses a second listener on the same port, as a plain listen does', async () => {
    const other = await createTestApp('pglite');
    try {
      await expect(
        listenWithAcceptQueues(other.app, { host: '127.0.0.1', port, backlog: 511, queues: 4 }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await other.close();
    }
  });

  it('refuses a port held by another program', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const held = (holder.address() as net.AddressInfo).port;
    const other = await createTestApp('pglite');
    try {
      await expect(
        listenWithAcceptQueues(other.app, {
          host: '127.0.0.1',
          port: held,
          backlog: 511,
          queues: 4,
        }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await other.close();
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  it('stops accepting on every queue once closed with the app', async () => {
    const other = await createTestApp('pglite');
    const otherQueues = await listenWithAcceptQueues(other.app, {
      host: '127.0.0.1',
      port: 0,
      backlog: 511,
      queues: 4,
    });
    const otherPort = (other.app.server.address() as net.AddressInfo).port;
    expect(await get(otherPort, '/api/time/')).toBe(200);
    otherQueues?.close();
    await other.close();
    // Several tries: each new connection lands on a socket picked by the kernel.
    for (let i = 0; i < 20; i++) expect(await connectionRefused(otherPort)).toBe(true);
  });
});
