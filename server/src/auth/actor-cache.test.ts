import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Actor } from '../policies';
import { ActorCache } from './actor-cache';

describe('actor cache', () => {
  const actor = { ...ANONYMOUS, userId: 7 };
  const manager = (userId: number, responsabileId: number): Actor => ({
    ...ANONYMOUS,
    userId,
    responsabile: {
      id: responsabileId,
      attivo: true,
      ruolo: 'sp',
      puoIscriversiGareUfficiali: false,
      scuolaIds: [],
      squadraIds: [],
    },
  });

  it('remembers an actor for five seconds, then forgets it', () => {
    let now = 1_000;
    const cache = new ActorCache(() => now);
    cache.set('s', actor);
    // Served while its age is at most the TTL (lru-cache's rule), gone after.
    now += 5_000;
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

  it('drops every session of an account, or of a manager, on the change feed', () => {
    const cache = new ActorCache();
    cache.set('a1', manager(7, 70));
    cache.set('a2', manager(7, 70));
    cache.set('b', manager(8, 80));
    cache.onChange({ table: 'utente', id: 7 });
    expect([cache.get('a1'), cache.get('a2')]).toEqual([undefined, undefined]);
    expect(cache.get('b')?.userId).toBe(8);
    cache.onChange({ table: 'evento', id: 80 }); // not about sessions
    expect(cache.get('b')?.userId).toBe(8);
    cache.onChange({ table: 'responsabile', id: 80 });
    expect(cache.get('b')).toBeUndefined();
    cache.set('c', manager(9, 90));
    cache.onChange({ table: '*' });
    expect(cache.size).toBe(0);
  });

  it('does not keep an actor read before a drop (it may predate the change)', () => {
    const cache = new ActorCache();
    const mark = cache.mark();
    cache.onChange({ table: 'utente', id: 99 });
    cache.set('s', actor, mark);
    expect(cache.get('s')).toBeUndefined();
    cache.set('s', actor, cache.mark());
    expect(cache.get('s')).toBe(actor);
  });

  it('keeps nothing while the change feed is not live', () => {
    let live = false;
    const cache = new ActorCache(Date.now, () => live);
    cache.set('s', actor);
    expect(cache.get('s')).toBeUndefined();
    live = true;
    cache.set('s', actor);
    expect(cache.get('s')).toBe(actor);
    live = false; // the listener was lost: what is held may be stale
    expect(cache.get('s')).toBeUndefined();
  });
});
