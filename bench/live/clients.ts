// WebSocket subscribers of the fan-out benchmark, in their own process (the
// open-file limit is per process). Driven over IPC by fanout.ts:
//   parent → {cmd: 'connect', url, count}   child → {type: 'ready', connected, failed}
//   child  → {type: 'received', id, count, first, p50, p99, last}  (times: monotonic ms)
//   parent → {cmd: 'flush', id}  (report what arrived of `id`, even if incomplete)
// Monotonic clock (process.hrtime) readings are comparable across processes
// of one machine, so receipt times can be set against the sender's ack time.
import WebSocket from 'ws';

type Connect = { cmd: 'connect'; url: string; count: number };
type Flush = { cmd: 'flush'; id: number };

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const sockets: WebSocket[] = [];
let expected = 0;
const arrivals = new Map<number, number[]>();

function report(id: number): void {
  const times = arrivals.get(id);
  if (!times) {
    process.send?.({ type: 'received', id, count: 0 });
    return;
  }
  arrivals.delete(id);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  process.send?.({
    type: 'received',
    id,
    count: sorted.length,
    first: sorted[0],
    p50: at(0.5),
    p99: at(0.99),
    last: sorted[sorted.length - 1],
  });
}

function onFrame(data: Buffer): void {
  const t = nowMs();
  // Parsed like a page would, which is also how the id is found.
  const frame = JSON.parse(data.toString('utf8')) as { type: string; id?: number };
  if (frame.type !== 'npe' || typeof frame.id !== 'number') return;
  let times = arrivals.get(frame.id);
  if (!times) arrivals.set(frame.id, (times = []));
  times.push(t);
  if (times.length === expected) report(frame.id);
}

function open(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.on('message', onFrame);
    ws.once('open', () => {
      sockets.push(ws);
      resolve(true);
    });
    ws.once('error', () => resolve(false));
  });
}

async function connect({ url, count }: Connect): Promise<void> {
  expected = count;
  let next = 0;
  let failed = 0;
  // A few hundred handshakes in flight at a time: a thundering herd is not what is measured.
  const worker = async () => {
    while (next < count) {
      next += 1;
      if (!(await open(url))) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: 200 }, worker));
  expected = sockets.length;
  process.send?.({ type: 'ready', connected: sockets.length, failed });
}

process.on('message', (message: Connect | Flush) => {
  if (message.cmd === 'connect') void connect(message);
  else if (message.cmd === 'flush') report(message.id);
});
process.on('disconnect', () => process.exit(0));
