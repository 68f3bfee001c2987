import { describe, expect, it } from 'vitest';
import { ExpiringMap } from './expiring-map';

describe('ExpiringMap', () => {
  it('serves an entry until its TTL has passed, then drops it', () => {
    let now = 1_000;
    const map = new ExpiringMap<string, number>({ ttlMs: 100, now: () => now });
    map.set('a', 1);
    now += 99;
    expect(map.get('a')).toBe(1);
    now += 1;
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it('keeps an entry until an explicit expiry time', () => {
    let now = 0;
    const map = new ExpiringMap<string, number>({ ttlMs: 100, now: () => now });
    map.set('a', 1, 500);
    now = 499;
    expect(map.get('a')).toBe(1);
    now = 500;
    expect(map.get('a')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const map = new ExpiringMap<number, number>({ ttlMs: 1_000, maxEntries: 2 });
    map.set(1, 1);
    map.set(2, 2);
    map.set(1, 11); // stored again: now the newest
    map.set(3, 3);
    expect([map.get(1), map.get(2), map.get(3)]).toEqual([11, undefined, 3]);
  });

  it('shares one load among concurrent callers and forgets a failed one', async () => {
    const map = new ExpiringMap<number, Promise<string>>({ ttlMs: 1_000 });
    let loads = 0;
    const ok = () => {
      loads += 1;
      return Promise.resolve('x');
    };
    await Promise.all([map.load(1, ok), map.load(1, ok)]);
    expect(loads).toBe(1);
    const failing = map.load(2, () => Promise.reject(new Error('no')));
    await expect(failing).rejects.toThrow('no');
    expect(map.get(2)).toBeUndefined();
    await expect(map.load(2, ok)).resolves.toBe('x');
  });

  it('drops entries by value', () => {
    const map = new ExpiringMap<string, number>({ ttlMs: 1_000 });
    map.set('a', 1);
    map.set('b', 2);
    map.deleteWhere((v) => v === 1);
    expect([map.get('a'), map.get('b')]).toEqual([undefined, 2]);
  });
});
