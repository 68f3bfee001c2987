// Which event a session belongs to, and an event with its access data, shared
// for a few seconds by everyone who asks: after a restart thousands of pages
// reconnect at once, and in the opening minute each page load catches up
// with risposta-all; each would otherwise read the same event again (four
// queries). Emptied whenever access may have changed: the access guard
// hears every such change from the database's change feed (any instance,
// any writer, this one's too, milliseconds after the commit; services.ts
// wires the two), as the microcache of the public reads is emptied.
//
// The live feeds use the lookups always (while the change feed is down the
// guard re-checks the open sockets every few seconds); a read over HTTP,
// which nothing re-checks, only while every change is heard, and reads the
// database otherwise.
import type { EventoWithAccess } from './evento-access';
import type { DbOrTx } from '../db/client';
import { LRUCache } from 'lru-cache';
import { loadEventoOfSessione, loadEventoWithAccess } from './queries';

const LOOKUP_TTL_MS = 5000;
const MAX_ENTRIES = 10_000;

export type EventoLookup = (id: number) => Promise<EventoWithAccess | null>;

export type Lookups = LRUCache<number, Promise<EventoWithAccess | null>>;
export const lookups = (): Lookups => new LRUCache({ max: MAX_ENTRIES, ttl: LOOKUP_TTL_MS });

/**
 * One promise per id for every caller while it is kept; a rejected one is
 * forgotten at once (the next caller asks the database again).
 */
export function shared(cache: Lookups, id: number, load: () => Promise<EventoWithAccess | null>) {
  const hit = cache.get(id);
  if (hit) return hit;
  const value = load();
  cache.set(id, value);
  value.catch(() => {
    if (cache.peek(id) === value) cache.delete(id);
  });
  return value;
}

export class EventoLookups {
  private readonly bySessione = lookups();
  private readonly byEvento = lookups();

  /** `everyChangeHeard`: whether the change feed that empties the lookups is live. */
  constructor(
    private readonly db: DbOrTx,
    private readonly everyChangeHeard: () => boolean,
  ) {}

  /** The event of a session (null: no such session). */
  readonly sessione: EventoLookup = (id) =>
    shared(this.bySessione, id, () => loadEventoOfSessione(this.db, id));

  /** An event (null: no such event). */
  readonly evento: EventoLookup = (id) =>
    shared(this.byEvento, id, () => loadEventoWithAccess(this.db, id));

  /** The event of a session for a read over HTTP: shared only while every change is heard. */
  readonly sessionePerLettura: EventoLookup = (id) =>
    this.everyChangeHeard() ? this.sessione(id) : loadEventoOfSessione(this.db, id);

  clear(): void {
    this.bySessione.clear();
    this.byEvento.clear();
  }
}
