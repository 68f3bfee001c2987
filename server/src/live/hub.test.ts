// FeedHub with fake sockets: one encoded buffer for everybody, slow and dead
// clients dropped without holding up the others, frames held while pending.
import type { PunteggiJson } from '@gas/contracts';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type WebSocket from 'ws';
import { FeedHub } from './hub';
import { SnapshotFeed } from './punteggi-last';

class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  sent: Buffer[] = [];
  pings = 0;
  terminated = false;
  send(data: Buffer) {
    this.sent.push(data);
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  close() {
    this.terminate();
  }
}
const fake = () => new FakeSocket() as FakeSocket & WebSocket;

afterEach(() => vi.useRealTimers());

describe('FeedHub', () => {
  it('writes the same buffer to every socket of a feed, and to no other feed', () => {
    const hub = new FeedHub({ pingIntervalMs: 0 });
    const [a, b, c] = [fake(), fake(), fake()];
    hub.add('eventi:1', a);
    hub.add('eventi:1', b);
    hub.add('eventi:2', c);
    const data = Buffer.from('{"type":"npe"}');
    expect(hub.broadcast('eventi:1', data)).toBe(2);
    expect(a.sent[0]).toBe(data);
    expect(b.sent[0]).toBe(data);
    expect(c.sent).toHaveLength(0);
    expect(hub.stats()).toMatchObject({ sockets: 3, feeds: 2, broadcasts: 1, framesSent: 2 });
  });

  it('drops a client whose send buffer is over the bound, not the others', () => {
    const onDrop = vi.fn();
    const hub = new FeedHub({ pingIntervalMs: 0, maxBufferedBytes: 1000, onDrop });
    const [slow, fast] = [fake(), fake()];
    hub.add('eventi:1', slow);
    hub.add('eventi:1', fast);
    slow.bufferedAmount = 1001;
    expect(hub.broadcast('eventi:1', Buffer.from('x'))).toBe(1);
    expect(slow.terminated).toBe(true);
    expect(fast.sent).toHaveLength(1);
    expect(onDrop).toHaveBeenCalledWith('slow', 'eventi:1');
    expect(hub.count('eventi:1')).toBe(1);
  });

  it('terminates sockets that did not answer the previous ping', () => {
    vi.useFakeTimers();
    const hub = new FeedHub({ pingIntervalMs: 1000 });
    const [alive, dead] = [fake(), fake()];
    hub.add('last:1', alive);
    hub.add('last:1', dead);
    vi.advanceTimersByTime(1000);
    expect(alive.pings).toBe(1);
    alive.emit('pong');
    vi.advanceTimersByTime(1000);
    expect(dead.terminated).toBe(true);
    expect(alive.terminated).toBe(false);
    expect(hub.stats().droppedDead).toBe(1);
    hub.close(1001, 'fine');
  });

  it('holds frames for a pending socket until approved', () => {
    const hub = new FeedHub({ pingIntervalMs: 0 });
    const s = fake();
    hub.add('eventi:1', s, { pending: true });
    hub.broadcast('eventi:1', Buffer.from('1'));
    expect(s.sent).toHaveLength(0);
    hub.approve(s);
    hub.broadcast('eventi:1', Buffer.from('2'));
    expect(s.sent.map(String)).toEqual(['1', '2']);
    // A snapshot feed replaces what it held with its newest frame.
    const t = fake();
    hub.add('last:1', t, { pending: true });
    hub.broadcast('last:1', Buffer.from('old'));
    hub.approve(t, [Buffer.from('newest')]);
    expect(t.sent.map(String)).toEqual(['newest']);
  });

  it('writes a batch of frames to each socket in one corked write', () => {
    const hub = new FeedHub({ pingIntervalMs: 0 });
    const s = fake();
    const corks: string[] = [];
    Object.assign(s, { _socket: { cork: () => corks.push('c'), uncork: () => corks.push('u') } });
    hub.add('eventi:1', s);
    hub.broadcast('eventi:1', [Buffer.from('1'), Buffer.from('2')]);
    expect(s.sent.map(String)).toEqual(['1', '2']);
    expect(corks).toEqual(['c', 'u']);
    expect(hub.stats()).toMatchObject({ broadcasts: 2, framesSent: 2 });
  });

  it('forgets closed sockets', () => {
    const hub = new FeedHub({ pingIntervalMs: 0 });
    const s = fake();
    hub.add('eventi:1', s);
    s.emit('close');
    expect(hub.count('eventi:1')).toBe(0);
    expect(hub.stats().feeds).toBe(0);
  });
});

describe('SnapshotFeed', () => {
  it('coalesces a burst of changes into at most one frame per interval', async () => {
    vi.useFakeTimers();
    const hub = new FeedHub({ pingIntervalMs: 0 });
    const s = fake();
    hub.add('last:7', s);
    let version = 0;
    const source = {
      // Not a real ranking: the feed passes it through untouched.
      get: vi.fn(async () => ({
        ora: new Date(0),
        punteggi: { version } as unknown as PunteggiJson,
      })),
    };
    const feed = new SnapshotFeed(hub, source, { minIntervalMs: 1000 });
    for (let i = 0; i < 10; i++) {
      version = i;
      feed.changed(7);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(s.sent).toHaveLength(1);
    version = 42;
    feed.changed(7);
    feed.changed(7);
    await vi.advanceTimersByTimeAsync(500);
    expect(s.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(s.sent).toHaveLength(2);
    const last = JSON.parse(String(s.sent[1])) as { type: string; json: { json: unknown } };
    expect(last).toMatchObject({ type: 'new_json', json: { json: { version: 42 } } });
    expect(source.get).toHaveBeenCalledTimes(2);
    feed.close();
  });

  it('does no work for sessions nobody follows', async () => {
    const hub = new FeedHub({ pingIntervalMs: 0 });
    const source = { get: vi.fn(async () => null) };
    const feed = new SnapshotFeed(hub, source);
    feed.changed(3);
    await new Promise((r) => setTimeout(r, 5));
    expect(source.get).not.toHaveBeenCalled();
  });
});
