// The sockets of every live feed, grouped by feed key ('eventi:12', ...).
//
// - broadcast() writes one pre-encoded frame to every socket of a feed. A
//   socket whose send buffer is already over `maxBufferedBytes` is a client
//   that stopped reading: it is terminated rather than buffered without
//   bound, and the others are not held up by it.
// - A heartbeat pings every socket each `pingIntervalMs`; one that has not
//   answered the previous ping is dead (cable pulled, laptop asleep) and is
//   terminated, so dead connections do not pile up.
import WebSocket from 'ws';

export type HubOptions = {
  /** A socket with more than this many bytes queued is dropped (default 1 MiB). */
  maxBufferedBytes?: number;
  /** Ping period; 0 disables the heartbeat (default 30 s). */
  pingIntervalMs?: number;
  /** Told about every socket dropped by the hub (slow or dead). */
  onDrop?: (reason: 'slow' | 'dead', key: string) => void;
};

/** What one kind of feed ('eventi', 'last', 'messaggi': the key before ':') did. */
export type FeedTypeStats = { sockets: number; framesSent: number; droppedSlow: number };

export type HubStats = {
  sockets: number;
  feeds: number;
  broadcasts: number;
  framesSent: number;
  droppedSlow: number;
  droppedDead: number;
};

/** Frames kept for a socket still being checked (bounded: a check takes milliseconds). */
const MAX_PENDING_FRAMES = 1000;

type Member = { key: string; alive: boolean; pending: Buffer[] | null };

export class FeedHub {
  private readonly feeds = new Map<string, Set<WebSocket>>();
  private readonly members = new Map<WebSocket, Member>();
  private readonly maxBufferedBytes: number;
  private readonly onDrop: HubOptions['onDrop'];
  private readonly heartbeat: NodeJS.Timeout | null;
  private readonly counters = { broadcasts: 0, framesSent: 0, droppedSlow: 0, droppedDead: 0 };
  /** Frames sent and slow sockets dropped per kind of feed (metrics). */
  private readonly perType = new Map<string, { framesSent: number; droppedSlow: number }>();

  private typeCounters(key: string) {
    const type = key.split(':')[0]!;
    let c = this.perType.get(type);
    if (!c) this.perType.set(type, (c = { framesSent: 0, droppedSlow: 0 }));
    return c;
  }

  constructor(options: HubOptions = {}) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.onDrop = options.onDrop;
    const period = options.pingIntervalMs ?? 30_000;
    this.heartbeat = period > 0 ? setInterval(() => this.ping(), period) : null;
    this.heartbeat?.unref();
  }

  /**
   * Follows a feed. With `pending`, frames are held until approve(): the
   * socket joins as soon as it is open, so nothing committed after the client
   * saw the connection open is missed while its access is being checked.
   */
  add(key: string, socket: WebSocket, options: { pending?: boolean } = {}): void {
    let feed = this.feeds.get(key);
    if (!feed) this.feeds.set(key, (feed = new Set()));
    feed.add(socket);
    const member: Member = { key, alive: true, pending: options.pending ? [] : null };
    this.members.set(socket, member);
    socket.on('pong', () => {
      member.alive = true;
    });
    socket.once('close', () => this.remove(socket));
  }

  remove(socket: WebSocket): void {
    const member = this.members.get(socket);
    if (!member) return;
    this.members.delete(socket);
    const feed = this.feeds.get(member.key);
    feed?.delete(socket);
    if (feed?.size === 0) this.feeds.delete(member.key);
  }

  /**
   * Access granted: sends the frames held meanwhile (or, with `replace`,
   * those frames instead: for a feed whose newest frame supersedes the rest),
   * then live ones.
   */
  approve(socket: WebSocket, replace?: readonly Buffer[]): void {
    const member = this.members.get(socket);
    if (!member?.pending) return;
    const held = replace ?? member.pending;
    member.pending = null;
    if (held.length > 0 && this.sendAll(socket, held)) {
      this.counters.framesSent += held.length;
      this.typeCounters(member.key).framesSent += held.length;
    }
  }

  /** How many sockets follow a feed. */
  count(key: string): number {
    return this.feeds.get(key)?.size ?? 0;
  }

  /**
   * Writes encoded text frames, in order, to every open socket of the feed.
   * Several frames go to a socket in one write (corked): under a burst of
   * submissions the cost per socket is paid once per batch, not per frame.
   */
  broadcast(key: string, data: Buffer | readonly Buffer[]): number {
    const feed = this.feeds.get(key);
    if (!feed) return 0;
    const frames = Array.isArray(data) ? data : [data as Buffer];
    this.counters.broadcasts += frames.length;
    let sent = 0;
    for (const socket of feed) {
      const pending = this.members.get(socket)?.pending;
      if (pending) {
        if (pending.length + frames.length <= MAX_PENDING_FRAMES) pending.push(...frames);
      } else if (this.sendAll(socket, frames)) sent += 1;
    }
    this.counters.framesSent += sent * frames.length;
    this.typeCounters(key).framesSent += sent * frames.length;
    return sent;
  }

  private sendAll(socket: WebSocket, frames: readonly Buffer[]): boolean {
    if (frames.length === 1) return this.send(socket, frames[0]!);
    // ws has no public cork: its net.Socket is `_socket` (stable across ws 7-8).
    const raw = (socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    raw?.cork();
    try {
      for (const frame of frames) if (!this.send(socket, frame)) return false;
      return true;
    } finally {
      raw?.uncork();
    }
  }

  /** One socket; false when it is closed or was dropped for being slow. */
  send(socket: WebSocket, data: Buffer): boolean {
    if (socket.readyState !== WebSocket.OPEN) return false;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.drop(socket, 'slow');
      return false;
    }
    socket.send(data, { binary: false });
    return true;
  }

  stats(): HubStats {
    return { sockets: this.members.size, feeds: this.feeds.size, ...this.counters };
  }

  /** Open sockets, frames sent and slow sockets dropped, by kind of feed. */
  statsByType(): Map<string, FeedTypeStats> {
    const out = new Map<string, FeedTypeStats>();
    for (const [type, c] of this.perType) out.set(type, { sockets: 0, ...c });
    for (const [key, feed] of this.feeds) {
      const type = key.split(':')[0]!;
      const entry = out.get(type) ?? { sockets: 0, framesSent: 0, droppedSlow: 0 };
      entry.sockets += feed.size;
      out.set(type, entry);
    }
    return out;
  }

  /** Closes every socket with the given code (server shutdown) and stops the heartbeat. */
  close(code: number, reason: string): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const socket of [...this.members.keys()]) {
      this.remove(socket);
      if (socket.readyState === WebSocket.OPEN) socket.close(code, reason);
      else socket.terminate();
    }
  }

  private ping(): void {
    for (const [socket, member] of this.members) {
      if (!member.alive) {
        this.drop(socket, 'dead');
        continue;
      }
      member.alive = false;
      if (socket.readyState === WebSocket.OPEN) socket.ping();
    }
  }

  private drop(socket: WebSocket, reason: 'slow' | 'dead'): void {
    const key = this.members.get(socket)?.key ?? '';
    this.remove(socket);
    if (reason === 'slow') {
      this.counters.droppedSlow += 1;
      this.typeCounters(key).droppedSlow += 1;
    } else this.counters.droppedDead += 1;
    // terminate(): a close frame would only queue behind the data it cannot flush.
    socket.terminate();
    this.onDrop?.(reason, key);
  }
}
