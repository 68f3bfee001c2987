// Opens a WebSocket and reports how the upgrade ended: the connection, or the
// HTTP status the server refused it with.
import WebSocket from 'ws';

export type WsAttempt = { socket: WebSocket; status: 101 } | { socket: null; status: number };

export function openWs(
  url: string,
  options: { headers?: Record<string, string>; localAddress?: string } = {},
): Promise<WsAttempt> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options);
    socket.once('open', () => resolve({ socket, status: 101 }));
    socket.once('unexpected-response', (_request, response) => {
      response.resume();
      socket.terminate();
      resolve({ socket: null, status: response.statusCode ?? 0 });
    });
    socket.once('error', reject);
  });
}

/** Resolves when the socket has closed (at once if it already has). */
export function whenClosed(socket: WebSocket): Promise<number> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve(0);
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}
