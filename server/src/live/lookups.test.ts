// The live feeds' shared lookups: one database read per id for everyone who
// asks while it is kept, and a failed read forgotten at once.
import { describe, expect, it, vi } from 'vitest';
import { lookups, shared } from './lookups';

describe('live lookups', () => {
  it('share one read per id among concurrent and later callers', async () => {
    const cache = lookups();
    const load = vi.fn(async () => null);
    const [a, b] = [shared(cache, 7, load), shared(cache, 7, load)];
    expect(a).toBe(b);
    await a;
    await shared(cache, 7, load);
    await shared(cache, 8, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forget a read that failed, so the next caller reads again', async () => {
    const cache = lookups();
    const load = vi
      .fn<() => Promise<null>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValueOnce(null);
    await expect(shared(cache, 7, load)).rejects.toThrow('database down');
    await expect(shared(cache, 7, load)).resolves.toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
