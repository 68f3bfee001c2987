// One live feed (spec §4 "Live feed connection", §7 "Live connections"): a
// WebSocket that reconnects on its own on the schedule of reconnect.ts, and
// tells its state (never seen, connected, disconnected) to the page, which
// shows 'Connessione persa' / 'Tentativo di riconnessione in corso'.
//
// A half-open connection (laptop lid closed, Wi-Fi switch) sends no close
// frame: an application ping every 25 s that gets no frame back within 10 s
// counts as a lost connection.
import { FINAL_CLOSE_CODES as CLOSE_CODES_FINAL } from '@gas/contracts';
import { yieldWhereCheap } from '../yieldToBrowser';
import { reconnectDelay } from './reconnect';

export type FeedStatus = 'never' | 'connected' | 'disconnected';

/** Close codes after which knocking again is pointless (no such session, forbidden: the contracts' list). */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set(CLOSE_CODES_FINAL);

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
};

export interface LiveSocketOptions {
  url: string;
  /** Each text frame, as received. */
  onMessage(text: string): void;
  /** The socket is open; `reconnected` after a loss (time to catch up on missed events). */
  onOpen?(reconnected: boolean): void;
  onStatus?(status: FeedStatus): void;
  /** Closed with a final code (no such session, forbidden): no retry follows. */
  onFinalClose?(code: number): void;
  /** Injected by tests. */
  createSocket?(url: string): SocketLike;
  now?(): number;
  pingEveryMs?: number;
  pongTimeoutMs?: number;
  /** Delay before the next attempt given how long the feed has been down. */
  schedule?(disconnectedForMs: number): number;
  log?: Pick<Console, 'info' | 'warn'>;
}

export class LiveSocket {
  status: FeedStatus = 'never';
  /** When the current outage began (first loss), null while connected. */
  disconnectedSince: number | null = null;
  /** When the next attempt is due, null when none is planned. */
  nextAttemptAt: number | null = null;
  private socket: SocketLike | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private everOpen = false;
  private readonly o: Required<Omit<LiveSocketOptions, 'onOpen' | 'onStatus' | 'onFinalClose'>> &
    Pick<LiveSocketOptions, 'onOpen' | 'onStatus' | 'onFinalClose'>;

  constructor(options: LiveSocketOptions) {
    this.o = {
      createSocket: (url) => new WebSocket(url),
      now: () => Date.now(),
      pingEveryMs: 25_000,
      pongTimeoutMs: 10_000,
      schedule: reconnectDelay,
      log: console,
      ...options,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    // Out of the caller's task where that is cheap: a page's first effects
    // open its feeds, and making a WebSocket took 4-12 ms of that task here
    // (x4 on Lighthouse's phone).
    const pausa = yieldWhereCheap();
    if (!pausa) {
      this.connect();
      return;
    }
    void pausa.then(() => {
      // Stopped meanwhile, or started again and already connecting.
      if (!this.stopped && this.socket === null && this.retryTimer === null) this.connect();
    });
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.nextAttemptAt = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      try {
        socket.close(1000, 'Pagina chiusa');
      } catch {
        // Already closing.
      }
    }
  }

  private connect(): void {
    this.nextAttemptAt = null;
    let socket: SocketLike;
    try {
      socket = this.o.createSocket(this.o.url);
    } catch (error) {
      this.o.log.warn('[GaS] live: connessione non riuscita', this.o.url, error);
      this.lost();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.everOpen || this.disconnectedSince !== null;
      this.everOpen = true;
      this.disconnectedSince = null;
      this.setStatus('connected');
      this.startPing();
      this.o.onOpen?.(reconnected);
    };
    socket.onmessage = (event: MessageEvent) => {
      this.alive();
      if (typeof event.data === 'string') this.o.onMessage(event.data);
    };
    socket.onerror = () => {
      // A close event always follows: the retry is planned there.
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      detach(socket);
      this.o.log.info(`[GaS] live: connessione chiusa (${event.code})`, this.o.url);
      if (FINAL_CLOSE_CODES.has(event.code)) {
        this.clearTimers();
        this.setStatus('disconnected');
        this.stopped = true;
        this.o.onFinalClose?.(event.code);
        return;
      }
      this.lost();
    };
  }

  /** The connection is gone: remember since when, and plan the next attempt. */
  private lost(): void {
    this.clearTimers();
    if (this.stopped) return;
    const now = this.o.now();
    if (this.disconnectedSince === null) this.disconnectedSince = now;
    this.setStatus('disconnected');
    const delay = this.o.schedule(now - this.disconnectedSince);
    this.nextAttemptAt = now + delay;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private startPing(): void {
    this.pingTimer = setInterval(() => {
      const socket = this.socket;
      if (!socket || socket.readyState !== 1) return;
      try {
        socket.send('{"type":"ping"}');
      } catch {
        return;
      }
      if (this.pongTimer === null) {
        this.pongTimer = setTimeout(() => this.dead(), this.o.pongTimeoutMs);
      }
    }, this.o.pingEveryMs);
  }

  /** Any frame proves the connection alive. */
  private alive(): void {
    if (this.pongTimer !== null) {
      clearTimeout(this.pongTimer);
      this.pongTimer = null;
    }
  }

  /** No answer to a ping: drop the socket without waiting for a close that may never come. */
  private dead(): void {
    this.pongTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      try {
        socket.close(4000, 'Nessuna risposta al ping');
      } catch {
        // Nothing to close.
      }
    }
    this.o.log.warn('[GaS] live: nessuna risposta al ping', this.o.url);
    this.lost();
  }

  private setStatus(status: FeedStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.o.onStatus?.(status);
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    if (this.pongTimer !== null) clearTimeout(this.pongTimer);
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
  }
}

function detach(socket: SocketLike): void {
  socket.onopen = null;
  socket.onclose = null;
  socket.onerror = null;
  socket.onmessage = null;
}
