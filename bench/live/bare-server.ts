// The floor of the fan-out benchmark: a bare `ws` server with no framework,
// no database and no checks. POST /send answers {id}, then (next turn of the
// event loop, as the app does) encodes one npe-shaped frame once and writes
// it to every connected socket.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const port = Number(process.env.PORT ?? 0);
let id = 0;

const server = http.createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/send') {
    response.writeHead(404).end();
    return;
  }
  request.resume();
  request.on('end', () => {
    id += 1;
    const frame = Buffer.from(
      JSON.stringify({
        type: 'npe',
        id,
        k: 'r',
        s: 1,
        p: 1,
        c: true,
        d: new Date().toISOString(),
      }),
    );
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
    setImmediate(() => {
      for (const socket of wss.clients) socket.send(frame, { binary: false });
    });
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'listening', port: typeof address === 'object' ? address?.port : 0 });
});
process.on('disconnect', () => process.exit(0));
