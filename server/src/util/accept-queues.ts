// More than one queue of new connections for one HTTP server.
//
// Node takes one new connection from a listening socket per turn of its
// event loop (libuv ≥ 1.45, "unix: don't accept() connections in a loop",
// libuv#3696). A loop busy with 1,000 requests a second turns only 20-500
// times a second, so a burst of new connections (a thousand pages reconnecting
// after a failover, phones opening the scores page at the start) waited for
// seconds in the kernel's queue while the instance served the connections it
// already had (docs/performance.md, the storm's "stall"). Several sockets
// listening on the same address with SO_REUSEPORT each get their own turn:
// the kernel spreads new connections over them and every one is accepted in
// the same turn, then handed to the one HTTP server.
//
// SO_REUSEPORT would also let a second process on the same port share the
// traffic without a word (a stale instance left running after a deploy), so
// the port is checked free, exclusively, before the first bind.
import net from 'node:net';
import type { Server as HttpServer } from 'node:http';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

/** Listening sockets per address: each adds one accept per turn of the loop. */
export const ACCEPT_QUEUES = 8;

/**
 * Makes `app` listen on host:port with `queues` listening sockets (one on a
 * platform without SO_REUSEPORT). Fails with EADDRINUSE when the port is
 * taken, as a plain listen does. The extra sockets, if any, are returned to
 * be closed before the app.
 */
export async function listenWithAcceptQueues(
  app: FastifyInstance,
  options: { host: string; port: number; backlog: number; queues: number },
): Promise<ExtraAcceptQueues | null> {
  const listenOptions: FastifyListenOptions = {
    host: options.host,
    port: options.port,
    backlog: options.backlog,
  };
  if (options.queues <= 1) {
    await app.listen(listenOptions);
    return null;
  }
  await assertPortFree(options.host, options.port);
  // Fastify hands its options to Node's listen(), which knows reusePort.
  const sharedPort: FastifyListenOptions & Pick<net.ListenOptions, 'reusePort'> = {
    ...listenOptions,
    reusePort: true,
  };
  try {
    await app.listen(sharedPort);
  } catch (error) {
    if (!isReusePortUnsupported(error)) throw error;
    await app.listen(listenOptions);
    return null;
  }
  return addAcceptQueues(app.server, { extra: options.queues - 1, backlog: options.backlog });
}

/** Whether `error` says this platform cannot share a port between sockets (macOS: ENOTSUP). */
function isReusePortUnsupported(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOTSUP' || code === 'EOPNOTSUPP';
}

/**
 * Fails with EADDRINUSE when anything listens on host:port, as a bind
 * without SO_REUSEPORT does; the bind with it that follows would succeed
 * beside another process that also set it. Port 0 is always free.
 */
async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ host, port }, () => resolve());
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

export interface ExtraAcceptQueues {
  /** Connections each extra socket accepted so far (tests, diagnostics). */
  readonly accepted: readonly number[];
  /** Stops accepting on the extra sockets; the connections stay with the HTTP server. */
  close(): void;
}

/**
 * Opens `extra` more sockets on every address `server` listens on (it must
 * have been bound with reusePort) and hands their connections to it, so
 * its request handling, timeouts and upgrades (live feeds) apply unchanged.
 */
async function addAcceptQueues(
  server: HttpServer,
  options: { extra: number; backlog: number },
): Promise<ExtraAcceptQueues> {
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('addAcceptQueues: the server must listen on a TCP address');
  }
  const sockets: net.Server[] = [];
  const accepted: number[] = [];
  try {
    for (let i = 0; i < options.extra; i++) {
      const index = accepted.push(0) - 1;
      // Node's HTTP server turns Nagle off on its own connections; these too.
      const queue = net.createServer({ noDelay: true }, (connection) => {
        accepted[index]! += 1;
        server.emit('connection', connection);
      });
      sockets.push(queue);
      await new Promise<void>((resolve, reject) => {
        queue.once('error', reject);
        queue.listen(
          {
            host: address.address,
            port: address.port,
            backlog: options.backlog,
            reusePort: true,
          },
          () => resolve(),
        );
      });
    }
  } catch (error) {
    for (const queue of sockets) queue.close();
    throw error;
  }
  return {
    accepted,
    close() {
      for (const queue of sockets) queue.close();
    },
  };
}
