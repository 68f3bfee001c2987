// Wires a LiveSession to the two score feeds, the initial fetch and the
// timers of spec §4:
// - the feeds open from 24 h before the start to 1 h after the end; frames
//   arriving while the events load are buffered and applied afterwards;
// - npe applied (late ones inserted in place), npe_delete removed, malformed
//   frames reported and dropped, refresh_page / refresh_page_delayed reload;
// - after a reconnection the newer events are fetched (id__gt); every
//   snapshot of punteggi_last is compared with the local totals, and a
//   persistent difference triggers a full re-sync;
// - every 5 minutes while the session runs, the missing-answer re-check.
import type { ScoringParams } from '@gas/scoring';
import { useEffect, useRef, useState } from 'react';
import { reportError } from '../../../lib/reportError';
import { LiveSocket, type FeedStatus } from '../../../lib/live/LiveSocket';
import { wsUrl } from '../../../lib/live/reconnect';
import { MAX_TIMER_MS } from '../../../lib/timers';
import {
  fetchAllEvents,
  fetchEventIds,
  fetchEventsAfter,
  fetchEventsByIds,
  fetchPunteggi,
} from '../api';
import { markNpeReceived } from '../perf';
import type { PunteggiItem, PunteggiJson } from '../types';
import { LiveSession, setupFromSnapshot } from './LiveSession';
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
  /** Injected by tests and benchmarks. */
  reload?(): void;
}

export interface LiveState {
  session: LiveSession | null;
  /** The first snapshot, shown until the events are loaded. */
  initial: PunteggiItem | null;
  error: unknown;
  retry(): void;
  feeds: { eventi: FeedStatus; last: FeedStatus };
  /** The feeds are meant to be open now. */
  feedsOpen: boolean;
}

function useFeedsWindow(inizio: string, fine: string, offset: number): boolean {
  const open = Date.parse(inizio) - FEEDS_OPEN_BEFORE_MS - offset;
  const close = Date.parse(fine) + FEEDS_OPEN_AFTER_MS - offset;
  const inside = () => Date.now() >= open && Date.now() < close;
  const [value, setValue] = useState(inside);
  useEffect(() => {
    setValue(inside());
    const timers: ReturnType<typeof setTimeout>[] = [];
    for (const at of [open, close]) {
      const delay = at - Date.now();
      if (delay > 0 && delay <= MAX_TIMER_MS)
        timers.push(setTimeout(() => setValue(inside()), delay));
    }
    return () => timers.forEach(clearTimeout);
  }, [open, close]);
  return value;
}

export function useLiveSession(input: LiveInput): LiveState {
  const { sessioneId, offset } = input;
  const [session, setSession] = useState<LiveSession | null>(null);
  const [initial, setInitial] = useState<PunteggiItem | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [feeds, setFeeds] = useState<LiveState['feeds']>({ eventi: 'never', last: 'never' });
  const feedsOpen = useFeedsWindow(input.inizio, input.fine, offset);
  // Callbacks and the clock offset are read through a ref: changing them must not reconnect.
  const latest = useRef(input);
  useEffect(() => {
    latest.current = input;
  });
  const now = () => Date.now() + latest.current.offset;

  // Load: the snapshot first (shown at once), then every event into the engine.
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setSession(null);
    setError(null);
    (async () => {
      const item = await fetchPunteggi(sessioneId, signal);
      if (signal.aborted) return;
      setInitial(item);
      const events = await fetchAllEvents(sessioneId, signal);
      if (signal.aborted) return;
      const setup = setupFromSnapshot(item.json, latest.current.params);
      const live = new LiveSession(setup, events, {
        fetchAfter: (idGt) => fetchEventsAfter(sessioneId, idGt),
        fetchIds: () => fetchEventIds(sessioneId),
        fetchByIds: (ids) => fetchEventsByIds(sessioneId, ids),
        now,
      });
      setSession(live);
    })().catch((e: unknown) => {
      if (!signal.aborted) setError(e);
    });
    return () => controller.abort();
  }, [sessioneId, attempt]);

  // New parameters (the event was edited): rescore.
  const paramsKey = JSON.stringify(input.params);
  useEffect(() => {
    if (!session) return;
    const params = latest.current.params;
    if (JSON.stringify(session.setup.params) !== JSON.stringify(params)) {
      session.rebuild({ ...session.setup, params });
    }
  }, [session, paramsKey]);

  // The feeds. Frames are buffered until the session exists.
  const sessionRef = useRef<LiveSession | null>(null);
  const buffer = useRef<{ feed: 'eventi' | 'last'; text: string }[]>([]);
  const handlers = useRef<{ eventi(text: string): void; last(text: string): void } | null>(null);
  useEffect(() => {
    sessionRef.current = session;
    if (!session) return;
    let resyncTimer: ReturnType<typeof setTimeout> | null = null;
    let lastFull = 0;
    let latestSnapshot: PunteggiJson | null = null;
    const reload = () => (latest.current.reload ?? (() => window.location.reload()))();

    const resync = async () => {
      resyncTimer = null;
      const snap = latestSnapshot;
      if (!snap || session.reconcile(snap) === 'ok') return;
      await session.catchUp();
      if (session.reconcile(snap) === 'ok') return;
      if (Date.now() - lastFull < FULL_CHECK_MIN_INTERVAL_MS) return;
      lastFull = Date.now();
      await session.fullCheck();
      if (session.reconcile(snap) !== 'ok') latest.current.onPersistentMismatch?.();
    };

    handlers.current = {
      eventi(text) {
        const m = parseEventiMessage(text);
        switch (m.type) {
          case 'npe':
            markNpeReceived();
            session.applyLive(m.event);
            return;
          case 'npe_delete':
            session.remove(m.id);
            return;
          case 'refresh_page':
            reload();
            return;
          case 'refresh_page_delayed':
            setTimeout(reload, delayedRefreshMs(m.interval));
            return;
          case 'pong':
            return;
          case 'malformed':
            reportError(
              new Error(`Evento live malformato: ${m.problems.join('; ')}`),
              `punteggi_eventi ${m.raw.slice(0, 200)}`,
            );
            return;
          case 'unknown':
            console.warn('[GaS] punteggi_eventi: messaggio sconosciuto', m.raw.slice(0, 200));
        }
      },
      last(text) {
        const m = parseLastMessage(text);
        if (m.type === 'malformed') {
          reportError(new Error(m.problems.join('; ')), 'punteggi_last');
          return;
        }
        if (m.type === 'unknown') {
          console.warn('[GaS] punteggi_last: messaggio sconosciuto', m.raw.slice(0, 200));
          return;
        }
        if (m.type !== 'new_json') return;
        latestSnapshot = m.item.json;
        latest.current.onSnapshot?.(m.item);
        const result = session.reconcile(m.item.json);
        if (result === 'mismatch') {
          if (resyncTimer === null) {
            resyncTimer = setTimeout(() => {
              resync().catch((e: unknown) => reportError(e, 'punteggi: risincronizzazione'));
            }, RESYNC_DELAY_MS);
          }
        } else if (resyncTimer !== null) {
          clearTimeout(resyncTimer);
          resyncTimer = null;
        }
      },
    };
    for (const { feed, text } of buffer.current.splice(0)) handlers.current[feed](text);
    return () => {
      handlers.current = null;
      if (resyncTimer !== null) clearTimeout(resyncTimer);
    };
  }, [session]);

  useEffect(() => {
    if (!feedsOpen) return;
    const dispatch = (feed: 'eventi' | 'last') => (text: string) => {
      if (handlers.current) handlers.current[feed](text);
      else buffer.current.push({ feed, text });
    };
    const eventi = new LiveSocket({
      url: wsUrl(`/ws/gas/sessione/${sessioneId}/punteggi_eventi/`),
      onMessage: dispatch('eventi'),
      onStatus: (status) => setFeeds((f) => ({ ...f, eventi: status })),
      onOpen: (reconnected) => {
        const live = sessionRef.current;
        if (reconnected && live) {
          live.catchUp().catch((e: unknown) => reportError(e, 'punteggi: recupero eventi'));
        }
      },
    });
    const last = new LiveSocket({
      url: wsUrl(`/ws/gas/sessione/${sessioneId}/punteggi_last/`),
      onMessage: dispatch('last'),
      onStatus: (status) => setFeeds((f) => ({ ...f, last: status })),
    });
    eventi.start();
    last.start();
    return () => {
      eventi.stop();
      last.stop();
      buffer.current = [];
      setFeeds({ eventi: 'never', last: 'never' });
    };
  }, [sessioneId, feedsOpen]);

  // The 5-minute re-check while the session runs.
  useEffect(() => {
    if (!session || !feedsOpen) return;
    const id = setInterval(() => {
      const t = now();
      const running = t >= Date.parse(latest.current.inizio) && t < Date.parse(latest.current.fine);
      if (!running) return;
      session.recheckMissing().catch((e: unknown) => reportError(e, 'punteggi: ricontrollo'));
    }, RECHECK_INTERVAL_MS);
    return () => clearInterval(id);
  }, [session, feedsOpen]);

  // `new` flags last 180 s: refresh the board while some are on.
  useEffect(() => {
    if (!session) return;
    const id = setInterval(() => {
      const board = session.leaderboard();
      if (board.classifica.some((e) => e.new.some(Boolean))) session.touch();
    }, NEW_FLAGS_REFRESH_MS);
    return () => clearInterval(id);
  }, [session]);

  return {
    session,
    initial,
    error,
    retry: () => setAttempt((a) => a + 1),
    feeds,
    feedsOpen,
  };
}
