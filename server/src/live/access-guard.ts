// Live feeds whose viewer may no longer see the event are closed (4403).
//
// A feed's access is checked when it opens (feeds.ts); afterwards the event
// or the viewer can change: the event turns private, a person leaves its
// administrators or inseritori, a user is deactivated or loses superuser, a
// manager profile is deactivated, a viewer logs out. The guard keeps, for
// every open feed, the event it follows and who is watching (the actor and
// the login session of the upgrade request), and checks again:
//
// It follows the change stream (gara/modifiche.ts), where the core turns the
// database's change feed into `accesso_modificato` (gara/modifiche-accessi.ts:
// triggers, so on every instance and whoever wrote), and checks again:
//
// - at once when an event or its staff lists change (`evento`), with the
//   event read fresh from the database;
// - when a user changed (`utente`: the account, its login sessions or its
//   manager profile), that user's viewers; when the change names neither,
//   everything; and in any case every `sweepMs` (a backstop): the viewers of
//   private events are loaded again from their login session (gone after a
//   logout or expiry; a deactivated user has no actor). Only private events
//   need this: official and public ones may be seen by anyone;
// - everything on every sweep while the change feed is down (it may miss
//   changes: a PostgreSQL LISTEN connection lost and regained).
import type WebSocket from 'ws';
import type { Database } from '../db/client';
import type { ModificaDi } from '@gas/contracts';
import type { FlussoModifiche } from '../gara/modifiche';
import { loadActor } from '../auth/queries';
import { ANONYMOUS, canSeeEvento, type Actor, type EventoAccess } from '../policies';
import { loadEventiWithAccess } from '../access/queries';
import { CLOSE } from './messages';
import { usersOfLoginSessions } from './queries';

export type Viewer = { actor: Actor; loginSessionId: string | null };

type Watched = { eventoId: number; viewer: Viewer };

/** Whether the changes that decide access are all heard (gara/modifiche-accessi.ts). */
export type AscoltoAccessi = { readonly live: boolean; ready(): Promise<void>; ensure(): void };

export type AccessGuardOptions = {
  database: Database;
  /** The change stream, whose `accesso_modificato` the guard follows. */
  modifiche: Pick<FlussoModifiche, 'iscrivi'>;
  /** Where those changes come from, and whether it hears them all. */
  ascolto: AscoltoAccessi;
  log: { error(obj: object, msg: string): void };
  /** Period of the viewers' re-check (default 5 s, the actor cache's TTL). */
  sweepMs?: number;
  /** Told whenever an event changed (the feeds drop their cached lookups). */
  onEventoChange?: () => void;
};

/** Changes that name something else coalesce into one re-check per this period. */
const VIEWER_RECHECK_DELAY_MS = 100;

export class AccessGuard {
  private readonly watched = new Map<WebSocket, Watched>();
  private readonly byEvento = new Map<number, Set<WebSocket>>();
  /** The newest access data of every followed event. */
  private readonly access = new Map<number, EventoAccess>();
  private readonly disiscrivi: () => void;
  private stopped = false;
  private readonly sweep: NodeJS.Timeout;
  /** Events to re-check (null: all of them). */
  private pendingEventi: Set<number> | null = new Set();
  private eventiTimer: NodeJS.Immediate | null = null;
  private viewersTimer: NodeJS.Timeout | null = null;
  /** Users whose viewers to re-check (null: every viewer). */
  private pendingUsers: Set<number> | null = new Set();
  private checking: Promise<void> = Promise.resolve();
  /** Bumped by every event change: a lookup that saw it move must be re-checked. */
  generation = 0;
  /** Counters (tests and metrics). */
  readonly stats = { closed: 0, checks: 0 };

  constructor(private readonly options: AccessGuardOptions) {
    this.disiscrivi = options.modifiche.iscrivi('accessi', (m) => {
      if (m.tipo === 'accesso_modificato') this.onChange(m);
    });
    this.sweep = setInterval(() => this.onSweep(), options.sweepMs ?? 5_000);
    this.sweep.unref();
  }

  /** True while every change is heard (lookups may be cached). */
  get live(): boolean {
    return this.options.ascolto.live;
  }

  /** Starts listening to the change feed (retried on later calls after a failure). */
  start(): Promise<void> {
    return this.options.ascolto.ready();
  }

  /**
   * An approved feed: from now on it is closed when its viewer may no longer
   * see the event. `generation` is the guard's generation before the access
   * lookup began: if an event changed since, the lookup may have read the
   * old state, so the event is checked again.
   */
  watch(socket: WebSocket, access: EventoAccess, viewer: Viewer, generation: number): void {
    if (socket.readyState !== socket.OPEN) return;
    const eventoId = access.id;
    this.watched.set(socket, { eventoId, viewer });
    let sockets = this.byEvento.get(eventoId);
    if (!sockets) this.byEvento.set(eventoId, (sockets = new Set()));
    sockets.add(socket);
    if (!this.access.has(eventoId) || generation === this.generation) {
      this.access.set(eventoId, access);
    }
    socket.once('close', () => this.unwatch(socket));
    if (generation !== this.generation) this.recheckEventi([eventoId]);
  }

  /** Whether a feed of this event is open on this instance. */
  follows(eventoId: number): boolean {
    return this.byEvento.has(eventoId);
  }

  /** The events whose feeds are open on this instance. */
  eventiSeguiti(): IterableIterator<number> {
    return this.byEvento.keys();
  }

  /** How many feeds are watched (tests). */
  get size(): number {
    return this.watched.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    if (this.eventiTimer) clearImmediate(this.eventiTimer);
    if (this.viewersTimer) clearTimeout(this.viewersTimer);
    this.eventiTimer = null;
    await this.checking.catch(() => undefined);
    this.disiscrivi();
  }

  private unwatch(socket: WebSocket): void {
    const entry = this.watched.get(socket);
    if (!entry) return;
    this.watched.delete(socket);
    const sockets = this.byEvento.get(entry.eventoId);
    sockets?.delete(socket);
    if (sockets?.size === 0) {
      this.byEvento.delete(entry.eventoId);
      this.access.delete(entry.eventoId);
    }
  }

  private onChange(change: ModificaDi<'accesso_modificato'>): void {
    if (change.evento !== undefined) {
      this.generation += 1;
      this.options.onEventoChange?.();
      if (this.byEvento.has(change.evento)) this.recheckEventi([change.evento]);
      return;
    }
    if (change.utente === undefined) return this.recheckAll();
    this.pendingUsers?.add(change.utente);
    this.viewersTimer ??= setTimeout(() => {
      this.viewersTimer = null;
      const users = this.pendingUsers;
      this.pendingUsers = new Set();
      this.enqueue(() => this.recheckViewers(users));
    }, VIEWER_RECHECK_DELAY_MS);
  }

  private onSweep(): void {
    if (!this.live) {
      this.options.ascolto.ensure();
      this.recheckAll();
      return;
    }
    this.enqueue(() => this.recheckViewers());
  }

  private recheckAll(): void {
    this.generation += 1;
    this.options.onEventoChange?.();
    this.pendingEventi = null;
    this.scheduleEventi();
    this.enqueue(() => this.recheckViewers());
  }

  private recheckEventi(ids: readonly number[]): void {
    if (this.pendingEventi) for (const id of ids) this.pendingEventi.add(id);
    this.scheduleEventi();
  }

  /** Events changed in one turn of the event loop are read in one query. */
  private scheduleEventi(): void {
    this.eventiTimer ??= setImmediate(() => {
      this.eventiTimer = null;
      const ids = this.pendingEventi ?? new Set(this.byEvento.keys());
      this.pendingEventi = new Set();
      this.enqueue(() => this.checkEventi([...ids]));
    });
  }

  /** Checks run one after the other: a later one always sees the newer state. */
  private enqueue(check: () => Promise<void>): void {
    this.checking = this.checking
      .then(check)
      .catch((err: unknown) =>
        this.options.log.error({ err }, 'live: verifica degli accessi fallita'),
      );
  }

  private async checkEventi(ids: number[]): Promise<void> {
    const followed = ids.filter((id) => this.byEvento.has(id));
    if (followed.length === 0 || this.stopped) return;
    this.stats.checks += 1;
    const loaded = await loadEventiWithAccess(this.options.database.db, followed);
    for (const id of followed) {
      const evento = loaded.get(id);
      if (evento) this.access.set(id, evento.access);
      for (const socket of this.byEvento.get(id) ?? []) {
        const viewer = this.watched.get(socket)?.viewer;
        if (!evento) this.close(socket, CLOSE.notFound.code, 'Evento inesistente');
        else if (viewer && !canSeeEvento(viewer.actor, evento.access)) {
          this.close(socket, CLOSE.forbidden.code, CLOSE.forbidden.reason);
        }
      }
    }
  }

  /**
   * The logged-in viewers of private events (of these users only, if given),
   * loaded again from their login session.
   */
  private async recheckViewers(users: ReadonlySet<number> | null = null): Promise<void> {
    if (this.stopped) return;
    const sockets: [WebSocket, Watched][] = [];
    for (const [socket, entry] of this.watched) {
      const { loginSessionId, actor } = entry.viewer;
      if (!loginSessionId || this.access.get(entry.eventoId)?.tipologia !== 'priv') continue;
      if (users === null || (actor.userId !== null && users.has(actor.userId))) {
        sockets.push([socket, entry]);
      }
    }
    if (sockets.length === 0) return;
    this.stats.checks += 1;
    const { db } = this.options.database;
    const sessionIds = [...new Set(sockets.map(([, e]) => e.viewer.loginSessionId!))];
    const userOf = await usersOfLoginSessions(db, sessionIds);
    const actors = new Map<number, Actor>();
    for (const userId of new Set(userOf.values())) {
      actors.set(userId, (await loadActor(db, userId)) ?? ANONYMOUS);
    }
    for (const [socket, entry] of sockets) {
      const userId = userOf.get(entry.viewer.loginSessionId!);
      const actor = userId === undefined ? ANONYMOUS : (actors.get(userId) ?? ANONYMOUS);
      entry.viewer = { ...entry.viewer, actor };
      const access = this.access.get(entry.eventoId);
      if (access && !canSeeEvento(actor, access)) {
        this.close(socket, CLOSE.forbidden.code, CLOSE.forbidden.reason);
      }
    }
  }

  private close(socket: WebSocket, code: number, reason: string): void {
    this.unwatch(socket);
    this.stats.closed += 1;
    if (socket.readyState === socket.OPEN) socket.close(code, reason);
    else socket.terminate();
  }
}
