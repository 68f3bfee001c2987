import { describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../../policies';
import { ActorCache } from './actor-cache';

describe('actor cache', () => {
  const actor = { ...ANONYMOUS, userId: 7 };

  it('remembers an actor for five seconds, then forgets it', () => {
    let now = 1_000;
    const cache = new ActorCache(() => now);
    cache.set('s', actor);
    now += 4_999;
    expect(cache.get('s')).toBe(actor);
    now += 1;
    expect(cache.get('s')).toBeUndefined();
  });

  it('forgets at once on delete (logout, login)', () => {
    const cache = new ActorCache();
    cache.set('s', actor);
    cache.delete('s');
    expect(cache.get('s')).toBeUndefined();
  });
});
