// Cross-instance fan-out through PostgreSQL LISTEN/NOTIFY. Every instance
// LISTENs on one channel over a dedicated connection, forwards what its own
// write paths publish on the LiveBus (after their commit) with NOTIFY, and
// publishes what the others sent on its local bus, so a viewer connected to
// instance B sees an answer submitted on instance A.
//
// - Payload: {"i": instance id, "m": [messages]}, at most MAX_PAYLOAD bytes
//   (PostgreSQL refuses 8000+). Messages published in the same tick share one
//   NOTIFY. A message too long on its own (an important message with a very
//   long text) travels as a reference the receivers load from the database.
// - Own notifications come back to the sender too: skipped by instance id.
// - Messages received from others are re-published locally but never
//   forwarded again (no echo between instances). snapshot_invalidated is not
//   sent at all: each instance invalidates its own cache on the remote npe.
// - On a lost connection it reconnects with exponential backoff (0.5 s to
//   30 s). Notifications sent meanwhile are lost for this instance's viewers;
//   their pages recover them through risposta-all (docs/live.md).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { PgListener, type ListenerLogger } from '../db/listener';
import type { LiveBus, LiveMessage } from './bus';
import { messaggioById } from './queries';

export const LIVE_CHANNEL = 'gas_live';
const MAX_PAYLOAD = 7900;
/** Messages every instance makes for itself, never forwarded. */
const LOCALI: ReadonlySet<LiveMessage['type']> = new Set([
  'snapshot_invalidated',
  'tempi',
  'modifica',
]);
/** Messages kept while disconnected; older ones are dropped (viewers re-check anyway). */
const MAX_QUEUE = 10_000;

type Envelope = { i: string; m: (LiveMessage | MessageRef)[] };
/** A new or edited message too long for a NOTIFY: the receiver reads it from the database. */
type MessageRef = {
  type: 'new_message_ref';
  eventoId: number;
  id: number;
  /** The bus message it stands for (absent = new_message, as older instances send it). */
  as?: 'new_message' | 'edit_message';
};

type Logger = ListenerLogger & {
  error(obj: object, msg: string): void;
};

export type BridgeOptions = {
  connectionString: string;
  live: LiveBus;
  /** For loading messages sent by reference. */
  db: Db;
  /**
   * A session's answers changed on another instance: drop what is cached of
   * it here (the snapshot cache's invalidate, which also wakes punteggi_last).
   */
  onRemoteChange?: (sessioneId: number) => void;
  log: Logger;
  channel?: string;
  instanceId?: string;
};

export class LiveBridge {
  readonly instanceId: string;
  private readonly channel: string;
  private readonly remote = new WeakSet<object>();
  private readonly listener: PgListener;
  private queue: (LiveMessage | MessageRef)[] = [];
  private flushing = false;
  private flushScheduled = false;
  private stopped = false;
  private readonly unsubscribe: () => void;
  /** Counters (tests and metrics). */
  readonly stats = { sent: 0, notifies: 0, received: 0, dropped: 0, reconnects: 0 };

  constructor(private readonly options: BridgeOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.channel = options.channel ?? LIVE_CHANNEL;
    this.listener = new PgListener({
      connectionString: options.connectionString,
      channels: [this.channel],
      applicationName: 'gas-live',
      onNotification: (_channel, payload) => this.receive(payload),
      onConnected: () => {
        this.stats.reconnects = this.listener.reconnects;
        this.scheduleFlush();
      },
      log: options.log,
    });
    this.unsubscribe = options.live.subscribe((message) => {
      // Local: each instance invalidates on the remote npe, and makes the
      // event's frames from its own change feed.
      if (this.remote.has(message) || this.stopped || LOCALI.has(message.type)) return;
      this.enqueue(message);
    });
  }

  /** Listening now (false while reconnecting). */
  get connected(): boolean {
    return this.listener.client !== null;
  }

  /** Connects and LISTENs; resolves once listening (rejects if the first attempt fails). */
  async start(): Promise<void> {
    await this.listener.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    // What the write paths published just before the stop still goes out.
    await this.flush().catch(() => undefined);
    await this.listener.stop();
  }

  private enqueue(message: LiveMessage): void {
    let item: LiveMessage | MessageRef = message;
    if (
      (message.type === 'new_message' || message.type === 'edit_message') &&
      Buffer.byteLength(JSON.stringify(message)) > MAX_PAYLOAD - 200
    ) {
      item = {
        type: 'new_message_ref',
        eventoId: message.eventoId,
        id: message.message.id,
        as: message.type,
      };
    }
    this.queue.push(item);
    if (this.queue.length > MAX_QUEUE) {
      this.queue.shift();
      this.stats.dropped += 1;
    }
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush().catch((err: unknown) => this.options.log.error({ err }, 'live: NOTIFY fallito'));
    });
  }

  /** Sends the queue in as few NOTIFYs as fit the payload limit, in order. */
  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    const head = `{"i":${JSON.stringify(this.instanceId)},"m":[`;
    try {
      while (this.listener.client && this.queue.length > 0) {
        const parts: string[] = [];
        let size = Buffer.byteLength(head) + 2;
        while (this.queue.length > 0) {
          const part = JSON.stringify(this.queue[0]);
          const bytes = Buffer.byteLength(part);
          if (size + bytes + 1 > MAX_PAYLOAD) {
            if (parts.length > 0) break;
            // Cannot happen with the message types of bus.ts; never block the queue on it.
            this.queue.shift();
            this.stats.dropped += 1;
            this.options.log.error({ bytes }, 'live: messaggio troppo grande');
            continue;
          }
          this.queue.shift();
          parts.push(part);
          size += bytes + 1;
        }
        if (parts.length === 0) break;
        // Taken off the queue before sending: a failed NOTIFY means a lost
        // connection, and re-sending after the reconnect could reorder events;
        // viewers recover the lost ones through risposta-all.
        await this.listener.client.query('select pg_notify($1, $2)', [
          this.channel,
          `${head}${parts.join(',')}]}`,
        ]);
        this.stats.notifies += 1;
        this.stats.sent += parts.length;
      }
    } finally {
      this.flushing = false;
    }
    if (this.listener.client && this.queue.length > 0) this.scheduleFlush();
  }

  private receive(payload: string | undefined): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload ?? '') as Envelope;
    } catch {
      this.options.log.warn({ payload: payload?.slice(0, 200) }, 'live: NOTIFY illeggibile');
      return;
    }
    if (envelope.i === this.instanceId || !Array.isArray(envelope.m)) return;
    for (const item of envelope.m) {
      this.stats.received += 1;
      if (item.type === 'new_message_ref') void this.resolveRef(item);
      else this.publishRemote(item);
    }
  }

  private publishRemote(message: LiveMessage): void {
    this.remote.add(message);
    this.options.live.publish(message);
    if (
      message.type === 'npe' ||
      message.type === 'npe_delete' ||
      message.type === 'snapshot_cleared'
    ) {
      this.options.onRemoteChange?.(message.sessioneId);
    }
  }

  private async resolveRef(ref: MessageRef): Promise<void> {
    try {
      const row = await messaggioById(this.options.db, ref.id);
      if (!row) return;
      const message = { id: row.id, testo: row.testo, data: row.data.toISOString() };
      this.publishRemote({ type: ref.as ?? 'new_message', eventoId: ref.eventoId, message });
    } catch (err) {
      this.options.log.error({ err }, 'live: messaggio non caricato');
    }
  }
}
