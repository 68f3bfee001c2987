// A live-page client reduced to its data: the reconnect-and-recover protocol
// of docs/live.md, used by the fault and multi-instance tests.
//
// Holds the session's events by id. Live `npe` / `npe_delete` frames are
// applied as they come (a duplicate simply overwrites itself). After every
// (re)connection it reconciles with the server: GET pk_risposte/ lists every
// id present; missing ones are fetched with risposta-all/?pk__in=...; ids
// held but no longer present were deleted while disconnected.
import WebSocket from 'ws';
import { HttpSession } from './http-session';

export type HeldEvent = { id: number; k: string; s: number; p: number; c?: boolean; d: string };

const PK_IN_MAX = 1000;

export class RecoveringSubscriber {
  readonly events = new Map<number, HeldEvent>();
  connects = 0;
  recoveries = 0;
  private socket: WebSocket | null = null;
  private stopped = false;
  /** Ids changed live while a recovery runs: its stale list must not undo them. */
  private touched: Set<number> | null = null;
  private recovered: Promise<void> = Promise.resolve();
  private readonly http: HttpSession;

  constructor(
    private readonly baseUrl: string,
    private readonly sessioneId: number,
    private readonly retryMs = 200,
  ) {
    this.http = new HttpSession(baseUrl, 4);
  }

  /** Resolves once connected and recovered for the first time. */
  start(): Promise<void> {
    return new Promise((resolve) => this.connect(resolve));
  }

  /** Waits for the recovery of the latest connection. */
  async settled(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.recovered;
      await current;
    } while (current !== this.recovered);
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
    this.http.close();
  }

  private connect(onFirst?: () => void): void {
    if (this.stopped) return;
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/ws/gas/sessione/${this.sessioneId}/punteggi_eventi/`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.on('open', () => {
      this.connects += 1;
      this.recovered = this.recover().then(onFirst, () => socket.terminate());
    });
    socket.on('message', (data: Buffer) => this.apply(JSON.parse(data.toString('utf8'))));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!this.stopped) setTimeout(() => this.connect(onFirst), this.retryMs);
    });
  }

  private apply(frame: { type: string; id?: number } & Partial<HeldEvent>): void {
    if (frame.type === 'npe' && typeof frame.id === 'number') {
      const { type: _type, ...event } = frame;
      this.events.set(frame.id, event as HeldEvent);
      this.touched?.add(frame.id);
    } else if (frame.type === 'npe_delete' && typeof frame.id === 'number') {
      this.events.delete(frame.id);
      this.touched?.add(frame.id);
    }
  }

  private async recover(): Promise<void> {
    this.touched = new Set();
    try {
      const s = this.sessioneId;
      const ids = await this.http.get<number[]>(
        `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${s}`,
      );
      if (ids.status !== 200) throw new Error(`pk_risposte: ${ids.status}`);
      const present = new Set(ids.body);
      for (const id of [...this.events.keys()]) {
        if (!present.has(id) && !this.touched.has(id)) this.events.delete(id);
      }
      const missing = ids.body.filter((id) => !this.events.has(id) && !this.touched!.has(id));
      for (let i = 0; i < missing.length; i += PK_IN_MAX) {
        const chunk = missing.slice(i, i + PK_IN_MAX).join(',');
        const res = await this.http.get<HeldEvent[]>(
          `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${s}&pk__in=${chunk}`,
        );
        if (res.status !== 200) throw new Error(`pk__in: ${res.status}`);
        for (const event of res.body)
          if (!this.touched.has(event.id)) this.events.set(event.id, event);
      }
      this.recoveries += 1;
    } finally {
      this.touched = null;
    }
  }
}
