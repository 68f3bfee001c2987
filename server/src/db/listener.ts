// A dedicated PostgreSQL connection that LISTENs on some channels and comes
// back by itself when it is lost (exponential backoff, 0.5 s to 30 s). Used by
// the live bridge (live/bridge.ts) and the change feed (db/changes.ts); a pool
// connection would not do: LISTEN belongs to one session, and notifications
// only arrive while it is open.
import pg from 'pg';

export type ListenerLogger = {
  warn(obj: object, msg: string): void;
};

export type PgListenerOptions = {
  connectionString: string;
  channels: readonly string[];
  applicationName: string;
  onNotification(channel: string, payload: string | undefined): void;
  /** Listening (again): at the start and after each reconnection. */
  onConnected?(client: pg.Client): void;
  /** The connection was lost: notifications are missed until onConnected. */
  onLost?(): void;
  log: ListenerLogger;
};

/**
 * LISTEN connections lost in this process, by application name
 * ('gas-live', 'gas-modifiche'): the metrics read it (a process-wide count,
 * as Prometheus counts per process).
 */
export const connessioniListenPerse = new Map<string, number>();

export class PgListener {
  private current: pg.Client | null = null;
  private stopped = false;
  private backoffMs = 500;
  private reconnectTimer: NodeJS.Timeout | null = null;
  /** Reconnections so far (tests and metrics). */
  reconnects = 0;

  constructor(private readonly options: PgListenerOptions) {}

  /** The listening connection (null while reconnecting): it may send queries too. */
  get client(): pg.Client | null {
    return this.current;
  }

  /** Connects and LISTENs; resolves once listening (rejects if this first attempt fails). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.current;
    this.current = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: this.options.applicationName,
      keepAlive: true,
    });
    client.on('notification', (n) => this.options.onNotification(n.channel, n.payload));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    await client.connect();
    try {
      for (const channel of this.options.channels) {
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.current = client;
    this.backoffMs = 500;
    this.options.onConnected?.(client);
  }

  private lost(client: pg.Client, err: Error | null): void {
    if (this.current !== client || this.stopped) return;
    this.current = null;
    const nome = this.options.applicationName;
    connessioniListenPerse.set(nome, (connessioniListenPerse.get(nome) ?? 0) + 1);
    this.options.log.warn(
      { err },
      `${this.options.applicationName}: connessione LISTEN persa, riconnessione`,
    );
    client.end().catch(() => undefined);
    this.options.onLost?.();
    this.retry();
  }

  private retry(): void {
    if (this.stopped || this.reconnectTimer) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 30_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.reconnects += 1;
      this.connect().catch((err: unknown) => {
        this.options.log.warn(
          { err, retryMs: this.backoffMs },
          `${this.options.applicationName}: riconnessione fallita`,
        );
        this.retry();
      });
    }, wait);
    this.reconnectTimer.unref();
  }
}
