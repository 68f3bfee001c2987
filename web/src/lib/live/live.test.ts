import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocket, type FeedStatus } from './LiveSocket';
import { reconnectDelay, wsUrl } from './reconnect';

/** A WebSocket double: the test opens, closes and feeds it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed: { code?: number } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closed = { code };
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverClose(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  receive(text: string) {
    this.onmessage?.({ data: text } as MessageEvent);
  }
}

function makeSocket(extra: Partial<ConstructorParameters<typeof LiveSocket>[0]> = {}) {
  const statuses: FeedStatus[] = [];
  const messages: string[] = [];
  const opens: boolean[] = [];
  const socket = new LiveSocket({
    url: 'ws://x/ws/gas/sessione/1/punteggi_eventi/',
    onMessage: (t) => messages.push(t),
    onStatus: (s) => statuses.push(s),
    onOpen: (r) => opens.push(r),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    log: { info: () => {}, warn: () => {} },
    ...extra,
  });
  return { socket, statuses, messages, opens };
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('reconnect schedule (spec §4)', () => {
  it('is 5 s under 60 s, 60 s under 300 s, 120 s under 900 s, then 300 s', () => {
    expect(reconnectDelay(0)).toBe(5_000);
    expect(reconnectDelay(59_999)).toBe(5_000);
    expect(reconnectDelay(60_000)).toBe(60_000);
    expect(reconnectDelay(299_999)).toBe(60_000);
    expect(reconnectDelay(300_000)).toBe(120_000);
    expect(reconnectDelay(899_999)).toBe(120_000);
    expect(reconnectDelay(900_000)).toBe(300_000);
    expect(reconnectDelay(10 * 3_600_000)).toBe(300_000);
  });

  it('builds ws: and wss: URLs on the page host', () => {
    expect(wsUrl('/ws/a/', { protocol: 'http:', host: 'h:1' })).toBe('ws://h:1/ws/a/');
    expect(wsUrl('/ws/a/', { protocol: 'https:', host: 'h' })).toBe('wss://h/ws/a/');
  });
});

describe('LiveSocket', () => {
  it('reports never → connected → disconnected and retries on the schedule', () => {
    const { socket, statuses, opens } = makeSocket();
    socket.start();
    expect(socket.status).toBe('never');
    last().open();
    expect(statuses).toEqual(['connected']);
    expect(opens).toEqual([false]);

    last().serverClose();
    expect(socket.status).toBe('disconnected');
    // Attempts at 5 s intervals while down for less than a minute.
    const attemptTimes: number[] = [];
    let count = FakeSocket.all.length;
    for (let t = 0; t < 25 * 60_000; t += 1000) {
      vi.advanceTimersByTime(1000);
      if (FakeSocket.all.length > count) {
        count = FakeSocket.all.length;
        attemptTimes.push(Date.now());
        last().serverClose();
      }
    }
    const gaps = attemptTimes.map((t, i) => t - (i === 0 ? 0 : attemptTimes[i - 1]!));
    expect(gaps.slice(0, 12)).toEqual(Array(12).fill(5_000));
    expect(gaps).toContain(60_000);
    expect(gaps).toContain(120_000);
    expect(gaps[gaps.length - 1]).toBe(300_000);
    // The delay depends on the time since the first loss, not on the attempt count.
    const firstMinute = gaps.findIndex((g) => g === 60_000);
    expect(attemptTimes[firstMinute - 1]).toBeLessThan(60_000 + 5_000);

    // Coming back: connected again, flagged as a reconnection, schedule reset.
    vi.advanceTimersByTime(300_000);
    last().open();
    expect(socket.status).toBe('connected');
    expect(opens).toEqual([false, true]);
    expect(socket.disconnectedSince).toBeNull();
    last().serverClose();
    const before = FakeSocket.all.length;
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all.length).toBe(before + 1);
    socket.stop();
  });

  it('delivers text frames and stops for good on 4404', () => {
    const finals: number[] = [];
    const { socket, messages, statuses } = makeSocket({ onFinalClose: (c) => finals.push(c) });
    socket.start();
    last().open();
    last().receive('{"type":"npe"}');
    expect(messages).toEqual(['{"type":"npe"}']);
    last().serverClose(4404);
    const count = FakeSocket.all.length;
    vi.advanceTimersByTime(600_000);
    expect(FakeSocket.all.length).toBe(count);
    expect(statuses[statuses.length - 1]).toBe('disconnected');
    expect(finals).toEqual([4404]);
  });

  it('treats an unanswered ping as a lost connection', () => {
    const { socket } = makeSocket({ pingEveryMs: 25_000, pongTimeoutMs: 10_000 });
    socket.start();
    const first = last();
    first.open();
    vi.advanceTimersByTime(25_000);
    expect(first.sent).toEqual(['{"type":"ping"}']);
    first.receive('{"type":"pong"}');
    vi.advanceTimersByTime(25_000 + 10_000);
    expect(first.closed).not.toBeNull();
    expect(socket.status).toBe('disconnected');
    vi.advanceTimersByTime(5_000);
    expect(last()).not.toBe(first);
    socket.stop();
  });

  it('closes and plans nothing once stopped', () => {
    const { socket } = makeSocket();
    socket.start();
    last().open();
    socket.stop();
    expect(last().closed?.code).toBe(1000);
    const count = FakeSocket.all.length;
    vi.advanceTimersByTime(600_000);
    expect(FakeSocket.all.length).toBe(count);
  });

  describe('where scheduler.yield() exists (Chromium)', () => {
    /** A scheduler whose yields the test resolves. */
    function stubScheduler() {
      const pending: (() => void)[] = [];
      vi.stubGlobal('scheduler', {
        yield: () => new Promise<void>((resolve) => pending.push(resolve)),
      });
      return async () => {
        for (const resolve of pending.splice(0)) resolve();
        await Promise.resolve();
      };
    }
    afterEach(() => vi.unstubAllGlobals());

    it('makes its WebSocket after yielding, not in the task that started it', async () => {
      const resume = stubScheduler();
      const { socket } = makeSocket();
      socket.start();
      expect(FakeSocket.all).toHaveLength(0);
      await resume();
      expect(FakeSocket.all).toHaveLength(1);
      socket.stop();
    });

    it('makes none when stopped meanwhile, and one when started again', async () => {
      const resume = stubScheduler();
      const { socket } = makeSocket();
      socket.start();
      socket.stop();
      await resume();
      expect(FakeSocket.all).toHaveLength(0);
      socket.start();
      socket.stop();
      socket.start();
      await resume();
      expect(FakeSocket.all).toHaveLength(1);
      socket.stop();
    });
  });
});
