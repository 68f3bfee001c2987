// A WebSocket test client: collects frames, waits for one matching a
// predicate, reports how the server closed the socket.
import WebSocket from 'ws';

export type Frame = { type: string; [key: string]: unknown };

export type TestSocket = {
  socket: WebSocket;
  frames: Frame[];
  /** Resolves once open (rejects if closed first). */
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  /** The first frame (already received or future) matching `match`. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  close(): void;
};

export function connectWs(url: string, cookies: Record<string, string> = {}): TestSocket {
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const socket = new WebSocket(url, cookie ? { headers: { cookie } } : {});
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')) as Frame);
    for (const wake of waiters) wake();
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`closed before open (${code})`)));
  });
  opened.catch(() => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
  });
  return {
    socket,
    frames,
    opened,
    closed,
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < frames.length; seen++) {
            if (match(frames[seen]!)) {
              cleanup();
              resolve(frames[seen]!);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching frame in ${timeoutMs} ms (got ${frames.length})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => socket.close(),
  };
}
