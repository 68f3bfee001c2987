// Wires a LiveSession to the two score feeds, the initial fetch and the
// timers of spec §4, as plain TypeScript (tested without React; the page's
// hook useLiveSession only creates, updates and subscribes to it):
// - the feeds open from 24 h before the start to 1 h after the end; frames
//   arriving while the events load are buffered and applied afterwards;
// - npe applied (late ones inserted in place), npe_delete removed, malformed
//   frames reported and dropped, refresh_page / refresh_page_delayed reload;
// - after a reconnection the newer events are fetched (id__gt); every
//   snapshot of punteggi_last is compared with the local totals, and a
//   persistent difference triggers a full re-sync;
// - every 5 minutes while the session runs, the missing-answer re-check;
// - every 10 s while some `new` flag is on, a fresh leaderboard.
import type { ModificaFrame, PunteggiItem, PunteggiJson, TempiFrame } from '@gas/contracts';
import type { ScoringEvent, ScoringParams } from '@gas/scoring';
import { withRetries } from '../../../api/retry';
import { LiveSocket, type FeedStatus, type LiveSocketOptions } from '../../../lib/live/LiveSocket';
import { wsUrl } from '../../../lib/live/reconnect';
import { reportError } from '../../../lib/reportError';
import { MAX_TIMER_MS } from '../../../lib/timers';
import { yieldToBrowser } from '../../../lib/yieldToBrowser';
import {
  fetchEventiPagina,
  fetchEventIds,
  fetchEventsAfter,
  fetchEventsByIds,
  fetchPunteggi,
} from '../api';
import { markNpeReceived } from '../perf';
import { LiveSession, setupFromSnapshot, type LiveSessionDeps } from './LiveSession';
import { delayedRefreshMs, parseEventiMessage, parseLastMessage } from './messages';
import { RECHECK_INTERVAL_MS } from './recheck';

export const FEEDS_OPEN_BEFORE_MS = 24 * 3_600_000;
export const FEEDS_OPEN_AFTER_MS = 3_600_000;
/** A snapshot that disagrees is re-checked after this pause (frames may be in flight). */
export const RESYNC_DELAY_MS = 3_000;
/** At most one full id comparison per this interval. */
export const FULL_CHECK_MIN_INTERVAL_MS = 30_000;
export const NEW_FLAGS_REFRESH_MS = 10_000;

export interface LiveInput {
  sessioneId: number;
  inizio: string;
  fine: string;
  params: Partial<ScoringParams>;
  /** server - local clock (ms). */
  offset: number;
  /** Called with each server snapshot (last-update time, changed dates). */
  onSnapshot?(item: PunteggiItem): void;
  /** Local and server totals still differ after a full re-sync (parameters changed?). */
  onPersistentMismatch?(): void;
  /** A change of the event itself on the feed (its times, its parts: api/modifiche-evento.ts). */
  onEvento?(frame: TempiFrame | ModificaFrame): void;
  /** Injected by tests and benchmarks. */
  reload?(): void;
  /**
   * A snapshot already at hand (the one the server painted the page from:
   * shell/primaSchermata.tsx), shown from the first render until the page's
   * own read arrives.
   */
  initial?: PunteggiItem | null;
}

/** What the page reads; a new object at every change. */
export interface LiveView {
  session: LiveSession | null;
  /** The first snapshot, shown until the events are loaded. */
  initial: PunteggiItem | null;
  error: unknown;
  feeds: { eventi: FeedStatus; last: FeedStatus };
  /** The feeds are meant to be open now. */
  feedsOpen: boolean;
}

export interface FeedSocket {
  start(): void;
  stop(): void;
}

/** The outside world of the controller: the API, the sockets, error reporting. */
export interface LiveControllerDeps {
  fetchPunteggi(sessioneId: number, signal: AbortSignal): Promise<PunteggiItem>;
  fetchAllEvents(sessioneId: number, signal: AbortSignal): Promise<ScoringEvent[]>;
  fetchEventsAfter(sessioneId: number, idGt: number): Promise<ScoringEvent[]>;
  fetchEventIds(sessioneId: number): Promise<number[]>;
  fetchEventsByIds(sessioneId: number, ids: number[]): Promise<ScoringEvent[]>;
  createSocket(options: LiveSocketOptions): FeedSocket;
  reportError(error: unknown, context: string): void;
  warn(...args: unknown[]): void;
  /** Reload of the page when the input gives none. */
  reload(): void;
  /** For the delayed refresh. */
  random(): number;
  /** Called with each npe received (the performance marks). */
  onNpe(): void;
  /** Between two slices of a long job (the engine fed with a whole session's events). */
  pause(): Promise<void>;
}

export const browserDeps: LiveControllerDeps = {
  fetchPunteggi,
  fetchAllEvents: fetchEventiPagina,
  fetchEventsAfter,
  fetchEventIds,
  fetchEventsByIds,
  createSocket: (options) => new LiveSocket(options),
  reportError,
  warn: (...args) => console.warn(...args),
  reload: () => window.location.reload(),
  random: Math.random,
  onNpe: markNpeReceived,
  pause: yieldToBrowser,
};

type Feed = 'eventi' | 'last';

/** After a change of problems or teams, the snapshot is read this much later (the server's copy is checked every 2 s). */
export const SETUP_REFRESH_DELAY_MS = 3_000;
type Timer = ReturnType<typeof setTimeout>;

export class LiveController {
  private view: LiveView = {
    session: null,
    initial: null,
    error: null,
    feeds: { eventi: 'never', last: 'never' },
    feedsOpen: false,
  };
  private input: LiveInput;
  private readonly deps: LiveControllerDeps;
  private readonly listeners = new Set<() => void>();
  private running = false;
  private load: AbortController | null = null;
  private sockets: { eventi: FeedSocket; last: FeedSocket } | null = null;
  /** Frames received before the session exists. */
  private buffer: { feed: Feed; text: string }[] = [];
  private windowTimers: Timer[] = [];
  private recheckTimer: ReturnType<typeof setInterval> | null = null;
  private flagsTimer: ReturnType<typeof setInterval> | null = null;
  private resyncTimer: Timer | null = null;
  private readonly reloadTimers = new Set<Timer>();
  private lastFull = 0;
  private latestSnapshot: PunteggiJson | null = null;

  constructor(input: LiveInput, deps: LiveControllerDeps = browserDeps) {
    this.input = input;
    this.deps = deps;
    this.view.initial = input.initial ?? null;
    // What the first render shows: whether the feeds are due now.
    const { open, close } = this.window();
    this.view.feedsOpen = Date.now() >= open && Date.now() < close;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): LiveView => this.view;

  /** Server time, epoch ms. */
  now = (): number => Date.now() + this.input.offset;

  /** Loads the session and opens the feeds when their window is on. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loadSession();
    this.planWindow();
  }

  /** Everything off: fetches aborted, feeds closed, timers cleared. */
  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.load?.abort();
    this.load = null;
    for (const t of this.windowTimers) clearTimeout(t);
    this.windowTimers = [];
    for (const t of this.reloadTimers) clearTimeout(t);
    this.reloadTimers.clear();
    if (this.setupTimer !== null) clearTimeout(this.setupTimer);
    this.setupTimer = null;
    this.clearResync();
    this.closeFeeds();
    this.sync();
  }

  /** 'Riprova' after a failed load. */
  retry = (): void => {
    if (this.running) this.loadSession();
  };

  /**
   * A new render's input: callbacks and the clock offset are taken as they
   * are (no reconnection); new parameters rescore; new dates move the window.
   */
  update(input: LiveInput): void {
    const before = this.input;
    this.input = input;
    const session = this.view.session;
    if (session && JSON.stringify(session.setup.params) !== JSON.stringify(input.params)) {
      session.rebuild({ ...session.setup, params: input.params });
    }
    if (
      this.running &&
      (before.inizio !== input.inizio ||
        before.fine !== input.fine ||
        before.offset !== input.offset)
    ) {
      this.planWindow();
    }
  }

  private set(patch: Partial<LiveView>): void {
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener();
  }

  // ---- load: the snapshot first (shown at once), then every event into the engine

  private loadSession(): void {
    this.load?.abort();
    const controller = new AbortController();
    this.load = controller;
    const { signal } = controller;
    const { sessioneId } = this.input;
    this.setSession(null);
    this.set({ error: null });
    (async () => {
      // A proxy's 502 or an instance restarting is asked again before the
      // page shows an error (retry.ts), as the page's other reads are.
      const item = await withRetries(() => this.deps.fetchPunteggi(sessioneId, signal), signal);
      if (signal.aborted) return;
      this.set({ initial: item });
      const events = await withRetries(() => this.deps.fetchAllEvents(sessioneId, signal), signal);
      if (signal.aborted) return;
      const setup = setupFromSnapshot(item.json, this.input.params);
      const sessionDeps: LiveSessionDeps = {
        // A catch-up follows a feed's (re)opening, when a proxy may still
        // answer 502 (an instance just died): asked again as the load is.
        fetchAfter: (idGt) => withRetries(() => this.deps.fetchEventsAfter(sessioneId, idGt)),
        fetchIds: () => this.deps.fetchEventIds(sessioneId),
        fetchByIds: (ids) => this.deps.fetchEventsByIds(sessioneId, ids),
        now: this.now,
      };
      const session = await LiveSession.load(setup, events, sessionDeps, this.deps.pause);
      if (signal.aborted) return;
      this.setSession(session);
    })().catch((e: unknown) => {
      if (!signal.aborted) this.set({ error: e });
    });
  }

  private setupTimer: Timer | null = null;

  private scheduleSetupRefresh(): void {
    if (this.setupTimer !== null) return;
    this.setupTimer = setTimeout(() => {
      this.setupTimer = null;
      this.refreshSetup().catch((e: unknown) =>
        this.deps.reportError(e, 'punteggi: problemi e squadre aggiornati'),
      );
    }, SETUP_REFRESH_DELAY_MS);
  }

  /** The ranking's problems and teams from a fresh snapshot, without a reload of the page. */
  private async refreshSetup(): Promise<void> {
    const session = this.view.session;
    const signal = this.load?.signal;
    if (!session || !signal || !this.running) return;
    const item = await withRetries(
      () => this.deps.fetchPunteggi(this.input.sessioneId, signal),
      signal,
    );
    if (signal.aborted || session !== this.view.session) return;
    // A changed problem or team list rebuilds the setup (and re-ranks).
    session.reconcile(item.json);
  }

  private setSession(session: LiveSession | null): void {
    if (session === this.view.session) return;
    this.clearResync();
    this.latestSnapshot = null;
    this.lastFull = 0;
    // The periodic checks belong to one session: sync() starts them for the new one.
    if (this.recheckTimer !== null) clearInterval(this.recheckTimer);
    if (this.flagsTimer !== null) clearInterval(this.flagsTimer);
    this.recheckTimer = null;
    this.flagsTimer = null;
    this.set({ session });
    // The state's newest id, before the frames kept meanwhile (they may be newer than what it lacks).
    const stateMaxId = session?.maxId ?? 0;
    if (session) for (const { feed, text } of this.buffer.splice(0)) this.handle(feed, text);
    // The state came in after the feed opened, but a shared cache (nginx's
    // stale copy while it refreshes) may have served it from before: what
    // committed in between is in neither. Otherwise the feed's opening catches up.
    if (session && this.view.feeds.eventi === 'connected') this.catchUp(session, stateMaxId);
    this.sync();
  }

  /** The events newer than `after` (the newest held), read fresh (risposta-all id__gt is never cached). */
  private catchUp(session: LiveSession, after?: number): void {
    session
      .catchUp(after)
      .catch((e: unknown) => this.deps.reportError(e, 'punteggi: recupero eventi'));
  }

  // ---- the feeds' window: from 24 h before the start to 1 h after the end

  private planWindow(): void {
    for (const t of this.windowTimers) clearTimeout(t);
    this.windowTimers = [];
    const { open, close } = this.window();
    for (const at of [open, close]) {
      const delay = at - Date.now();
      if (delay > 0 && delay <= MAX_TIMER_MS) {
        this.windowTimers.push(setTimeout(() => this.sync(), delay));
      }
    }
    this.sync();
  }

  private window() {
    const { inizio, fine, offset } = this.input;
    return {
      open: Date.parse(inizio) - FEEDS_OPEN_BEFORE_MS - offset,
      close: Date.parse(fine) + FEEDS_OPEN_AFTER_MS - offset,
    };
  }

  /** Opens or closes the feeds and the periodic checks to match the state. */
  private sync(): void {
    const { open, close } = this.window();
    const feedsOpen = this.running && Date.now() >= open && Date.now() < close;
    if (feedsOpen !== this.view.feedsOpen) this.set({ feedsOpen });
    if (feedsOpen && !this.sockets) this.openFeeds();
    if (!feedsOpen && this.sockets) this.closeFeeds();

    const session = this.running ? this.view.session : null;
    if (session && feedsOpen && this.recheckTimer === null) {
      this.recheckTimer = setInterval(() => this.recheck(session), RECHECK_INTERVAL_MS);
    } else if ((!session || !feedsOpen) && this.recheckTimer !== null) {
      clearInterval(this.recheckTimer);
      this.recheckTimer = null;
    }
    if (session && this.flagsTimer === null) {
      // `new` flags last 180 s: refresh the board while some are on.
      this.flagsTimer = setInterval(() => {
        const board = session.leaderboard();
        if (board.classifica.some((e) => e.new.some(Boolean))) session.touch();
      }, NEW_FLAGS_REFRESH_MS);
    } else if (!session && this.flagsTimer !== null) {
      clearInterval(this.flagsTimer);
      this.flagsTimer = null;
    }
  }

  private openFeeds(): void {
    const { sessioneId } = this.input;
    const status = (feed: Feed) => (value: FeedStatus) =>
      this.set({ feeds: { ...this.view.feeds, [feed]: value } });
    const eventi = this.deps.createSocket({
      url: wsUrl(`/ws/gas/sessione/${sessioneId}/punteggi_eventi/`),
      onMessage: (text) => this.receive('eventi', text),
      onStatus: status('eventi'),
      // Open after the state was read (first time or again): what committed
      // before the server registered the socket is in neither (docs/live.md).
      onOpen: () => {
        if (this.view.session) this.catchUp(this.view.session);
      },
    });
    const last = this.deps.createSocket({
      url: wsUrl(`/ws/gas/sessione/${sessioneId}/punteggi_last/`),
      onMessage: (text) => this.receive('last', text),
      onStatus: status('last'),
    });
    this.sockets = { eventi, last };
    eventi.start();
    last.start();
  }

  private closeFeeds(): void {
    if (!this.sockets) return;
    this.sockets.eventi.stop();
    this.sockets.last.stop();
    this.sockets = null;
    this.buffer = [];
    this.set({ feeds: { eventi: 'never', last: 'never' } });
  }

  /** The 5-minute re-check, while the session runs. */
  private recheck(session: LiveSession): void {
    const t = this.now();
    const running = t >= Date.parse(this.input.inizio) && t < Date.parse(this.input.fine);
    if (!running) return;
    session
      .recheckMissing()
      .catch((e: unknown) => this.deps.reportError(e, 'punteggi: ricontrollo'));
  }

  // ---- frames

  /** A frame from a feed: handled now, or kept until the session exists. */
  receive(feed: Feed, text: string): void {
    if (this.view.session) this.handle(feed, text);
    else this.buffer.push({ feed, text });
  }

  private handle(feed: Feed, text: string): void {
    if (feed === 'eventi') this.onEventi(this.view.session!, text);
    else this.onLast(this.view.session!, text);
  }

  private reload(): void {
    (this.input.reload ?? this.deps.reload)();
  }

  private onEventi(session: LiveSession, text: string): void {
    const m = parseEventiMessage(text);
    switch (m.type) {
      case 'npe':
        this.deps.onNpe();
        session.applyLive(m.event);
        return;
      case 'npe_delete':
        session.remove(m.id);
        return;
      case 'refresh_page':
        this.reload();
        return;
      case 'evento':
        this.input.onEvento?.(m.frame);
        // Problems and teams are the ranking's setup: taken again from a
        // snapshot built after the change (the server checks its copy
        // against the sources every 2 s).
        if (
          m.frame.type === 'modifica' &&
          m.frame.parti.some((p) => p === 'problemi' || p === 'squadre')
        ) {
          this.scheduleSetupRefresh();
        }
        return;
      case 'refresh_page_delayed': {
        const timer = setTimeout(
          () => {
            this.reloadTimers.delete(timer);
            this.reload();
          },
          delayedRefreshMs(m.interval, this.deps.random),
        );
        this.reloadTimers.add(timer);
        return;
      }
      case 'pong':
      case 'proclamazione':
        // The ceremony's own page follows it (features/proclamazione).
        return;
      case 'malformed':
        this.deps.reportError(
          new Error(`Evento live malformato: ${m.problems.join('; ')}`),
          `punteggi_eventi ${m.raw.slice(0, 200)}`,
        );
        return;
      case 'unknown':
        this.deps.warn('[GaS] punteggi_eventi: messaggio sconosciuto', m.raw.slice(0, 200));
    }
  }

  private onLast(session: LiveSession, text: string): void {
    const m = parseLastMessage(text);
    if (m.type === 'malformed') {
      this.deps.reportError(new Error(m.problems.join('; ')), 'punteggi_last');
      return;
    }
    if (m.type === 'unknown') {
      this.deps.warn('[GaS] punteggi_last: messaggio sconosciuto', m.raw.slice(0, 200));
      return;
    }
    if (m.type !== 'new_json') return;
    this.latestSnapshot = m.item.json;
    this.input.onSnapshot?.(m.item);
    const result = session.reconcile(m.item.json);
    if (result === 'mismatch') {
      if (this.resyncTimer === null) {
        this.resyncTimer = setTimeout(() => {
          this.resyncTimer = null;
          this.resync(session).catch((e: unknown) =>
            this.deps.reportError(e, 'punteggi: risincronizzazione'),
          );
        }, RESYNC_DELAY_MS);
      }
    } else {
      this.clearResync();
    }
  }

  /** A snapshot still disagrees after the pause: catch up, then compare every id. */
  private async resync(session: LiveSession): Promise<void> {
    const snap = this.latestSnapshot;
    if (!snap || session.reconcile(snap) === 'ok') return;
    await session.catchUp();
    if (session.reconcile(snap) === 'ok') return;
    if (Date.now() - this.lastFull < FULL_CHECK_MIN_INTERVAL_MS) return;
    this.lastFull = Date.now();
    await session.fullCheck();
    if (session.reconcile(snap) !== 'ok') this.input.onPersistentMismatch?.();
  }

  private clearResync(): void {
    if (this.resyncTimer !== null) clearTimeout(this.resyncTimer);
    this.resyncTimer = null;
  }
}
