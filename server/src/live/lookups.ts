// The access lookups of the live feeds (which event a session belongs to, an
// event with its access data), shared for a few seconds: after a restart
// thousands of pages reconnect at once and would otherwise each query the
// same event. Emptied whenever an event changes (the access guard hears it,
// services.ts wires the two), so a visibility change applies to new
// connections at once (within LOOKUP_TTL_MS while a PostgreSQL change feed
// reconnects; the guard then re-checks the open sockets every few seconds).
import type { EventoWithAccess } from '../access/evento-access';
import type { DbOrTx } from '../db/client';
import { ExpiringMap } from '../util/expiring-map';
import { eventoById, eventoOfSessione } from './queries';

const LOOKUP_TTL_MS = 5000;
const MAX_ENTRIES = 10_000;

export type EventoLookup = (id: number) => Promise<EventoWithAccess | null>;

export class EventoLookups {
  private readonly bySessione = new ExpiringMap<number, Promise<EventoWithAccess | null>>({
    ttlMs: LOOKUP_TTL_MS,
    maxEntries: MAX_ENTRIES,
  });
  private readonly byEvento = new ExpiringMap<number, Promise<EventoWithAccess | null>>({
    ttlMs: LOOKUP_TTL_MS,
    maxEntries: MAX_ENTRIES,
  });

  constructor(private readonly db: DbOrTx) {}

  /** The event of a session (null: no such session). */
  readonly sessione: EventoLookup = (id) =>
    this.bySessione.load(id, () => eventoOfSessione(this.db, id));

  /** An event (null: no such event). */
  readonly evento: EventoLookup = (id) => this.byEvento.load(id, () => eventoById(this.db, id));

  clear(): void {
    this.bySessione.clear();
    this.byEvento.clear();
  }
}
