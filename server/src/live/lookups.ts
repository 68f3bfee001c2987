// The access lookups of the live feeds (which event a session belongs to, an
// event with its access data), shared for a few seconds: after a restart
// thousands of pages reconnect at once and would otherwise each query the
// same event. Emptied whenever an event changes (the access guard hears it,
// services.ts wires the two), so a visibility change applies to new
// connections at once (within LOOKUP_TTL_MS while a PostgreSQL change feed
// reconnects; the guard then re-checks the open sockets every few seconds).
import type { EventoWithAccess } from '../access/evento-access';
import type { DbOrTx } from '../db/client';
import { LRUCache } from 'lru-cache';
import { eventoById, eventoOfSessione } from './queries';

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

  constructor(private readonly db: DbOrTx) {}

  /** The event of a session (null: no such session). */
  readonly sessione: EventoLookup = (id) =>
    shared(this.bySessione, id, () => eventoOfSessione(this.db, id));

  /** An event (null: no such event). */
  readonly evento: EventoLookup = (id) => shared(this.byEvento, id, () => eventoById(this.db, id));

  clear(): void {
    this.bySessione.clear();
    this.byEvento.clear();
  }
}
