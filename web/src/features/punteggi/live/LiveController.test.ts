// The live controller without React: fake API, fake sockets, fake timers.
import type { PunteggiItem } from '@gas/contracts';
import type { ScoringEvent } from '@gas/scoring';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { MAX_RETRIES, retryDelayMs } from '../../../api/retry';
import type { LiveSocketOptions } from '../../../lib/live/LiveSocket';
import {
  FEEDS_OPEN_AFTER_MS,
  FEEDS_OPEN_BEFORE_MS,
  FULL_CHECK_MIN_INTERVAL_MS,
  LiveController,
  RESYNC_DELAY_MS,
  type LiveControllerDeps,
  type LiveInput,
} from './LiveController';
import { RECHECK_INTERVAL_MS } from './recheck';

const T0 = Date.parse('2026-04-15T09:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const r = (id: number, s: number, c: boolean, minute: number): ScoringEvent => ({
  id,
  k: 'r',
  s,
  p: 1,
  c,
  d: at(minute),
});
const npe = (e: ScoringEvent) => JSON.stringify({ type: 'npe', ...e });

function item(totals: [number, number][] = [], numeroEventi = 0): PunteggiItem {
  const classifica = [10, 11].map((id) => ({
    posizione: 1,
    id,
    nome: `S${id}`,
    ospite: false,
    totale: totals.find(([t]) => t === id)?.[1] ?? 0,
    punti_parziali: [0],
    jolly: null,
    solved: [false],
    new: [false],
    scuola: null,
    ordine_eta: 0,
    penalita: 0,
    punti_jolly: 0,
    polo: null,
  }));
  return {
    ora: at(1),
    json: {
      sessione: 1,
      evento: 1,
      nome: 'Sessione',
      inizio: at(0),
      fine: at(120),
      numero_qualificati: null,
      ora: at(1),
      problemi: [{ id: 1, nome: 'P1' }],
      valori: [20],
      classifica,
      numero_eventi: numeroEventi,
    },
  };
}

interface FakeFeed {
  options: LiveSocketOptions;
  started: boolean;
  stopped: boolean;
}

function setup(overrides: Partial<LiveControllerDeps> = {}, input: Partial<LiveInput> = {}) {
  const feeds: FakeFeed[] = [];
  let resolveEvents: (events: ScoringEvent[]) => void = () => {};
  const deps: LiveControllerDeps = {
    fetchPunteggi: vi.fn(async () => item()),
    fetchAllEvents: vi.fn(
      () =>
        new Promise<ScoringEvent[]>((resolve) => {
          resolveEvents = resolve;
        }),
    ),
    fetchEventsAfter: vi.fn(async () => []),
    fetchEventIds: vi.fn(async () => []),
    fetchEventsByIds: vi.fn(async () => []),
    createSocket: (options) => {
      const feed: FakeFeed = { options, started: false, stopped: false };
      feeds.push(feed);
      return {
        start: () => {
          feed.started = true;
        },
        stop: () => {
          feed.stopped = true;
        },
      };
    },
    reportError: vi.fn(),
    warn: vi.fn(),
    reload: vi.fn(),
    random: () => 0.5,
    onNpe: vi.fn(),
    pause: () => Promise.resolve(),
    ...overrides,
  };
  const controller = new LiveController(
    { sessioneId: 1, inizio: at(0), fine: at(120), params: {}, offset: 0, ...input },
    deps,
  );
  const feed = (name: 'eventi' | 'last') =>
    feeds.filter((f) => f.options.url.includes(`punteggi_${name}`)).at(-1)!;
  const send = (name: 'eventi' | 'last', text: string) => feed(name).options.onMessage(text);
  const loaded = async (events: ScoringEvent[] = []) => {
    await vi.waitFor(() => expect(deps.fetchAllEvents).toHaveBeenCalled());
    resolveEvents(events);
    await vi.waitFor(() => expect(controller.getView().session).not.toBeNull());
    return controller.getView().session!;
  };
  return { controller, deps, feeds, feed, send, loaded };
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(T0 + 30 * 60_000); // half an hour into the session
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LiveController (spec §4 live scores, without React)', () => {
  it('a snapshot at hand (the painted page) is on view from the start, until its own read', async () => {
    const painted = item([[10, 40]]);
    const fresh = item([[10, 55]]);
    const { controller, deps, loaded } = setup(
      { fetchPunteggi: vi.fn(async () => fresh) },
      { initial: painted },
    );
    // Before start: the first render (and the server's) already has the ranking.
    expect(controller.getView().initial).toBe(painted);
    controller.start();
    await vi.waitFor(() => expect(controller.getView().initial).toBe(fresh));
    expect(deps.fetchPunteggi).toHaveBeenCalledTimes(1);
    await loaded();
    controller.stop();
  });

  it('shows the snapshot first, buffers frames until the events are loaded, then applies them', async () => {
    const { controller, send, loaded } = setup();
    const views: unknown[] = [];
    controller.subscribe(() => views.push(controller.getView()));
    controller.start();
    expect(controller.getView().feedsOpen).toBe(true);
    send('eventi', npe(r(3, 10, true, 5)));
    await vi.waitFor(() => expect(controller.getView().initial).not.toBeNull());
    expect(controller.getView().session).toBeNull();
    const session = await loaded([r(1, 11, true, 2)]);
    expect(session.eventCount).toBe(2);
    expect(session.recent[0]!.event.id).toBe(3);
    send('eventi', '{"type":"npe_delete","id":1}');
    expect(session.eventCount).toBe(1);
    expect(views.length).toBeGreaterThan(2);
    controller.stop();
  });

  it('reports malformed frames and drops them; warns about unknown types', async () => {
    const { controller, deps, send, loaded } = setup();
    controller.start();
    const session = await loaded();
    send('eventi', '{"type":"npe","id":5,"k":"r","s":10,"d":"2026-04-15T09:01:00Z"}');
    expect(session.eventCount).toBe(0);
    expect(deps.reportError).toHaveBeenCalledWith(
      new Error(
        'Evento live malformato: p: Questo campo è obbligatorio.; c: Questo campo è obbligatorio.',
      ),
      expect.stringMatching(/^punteggi_eventi \{"type":"npe"/),
    );
    send('eventi', '{"type":"boh"}');
    expect(deps.warn).toHaveBeenCalledWith(
      '[GaS] punteggi_eventi: messaggio sconosciuto',
      '{"type":"boh"}',
    );
    send('last', '{"type":"new_json","json":{}}');
    expect(deps.reportError).toHaveBeenLastCalledWith(expect.any(Error), 'punteggi_last');
    controller.stop();
  });

  it('reloads on refresh_page, after a random part of the interval on refresh_page_delayed', async () => {
    const { controller, deps, send, loaded } = setup();
    controller.start();
    await loaded();
    send('eventi', '{"type":"refresh_page"}');
    expect(deps.reload).toHaveBeenCalledTimes(1);
    send('eventi', '{"type":"refresh_page_delayed","interval":30}');
    vi.advanceTimersByTime(14_999);
    expect(deps.reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(deps.reload).toHaveBeenCalledTimes(2);
    // A page left meanwhile does not reload.
    send('eventi', '{"type":"refresh_page_delayed","interval":30}');
    controller.stop();
    vi.advanceTimersByTime(60_000);
    expect(deps.reload).toHaveBeenCalledTimes(2);
  });

  /** The feed opening as LiveSocket reports it: status first, then onOpen. */
  const opens = (f: FakeFeed, reconnected: boolean) => {
    f.options.onStatus!('connected');
    f.options.onOpen!(reconnected);
  };

  it('catches up when the feed opens after the state was read, and after every reconnection', async () => {
    const { controller, deps, feed, loaded } = setup({
      fetchEventsAfter: vi.fn(async (_s: number, idGt: number) =>
        idGt < 8 ? [r(8, 10, true, 20)] : [],
      ),
    });
    controller.start();
    const session = await loaded([r(4, 11, false, 3)]);
    expect(deps.fetchEventsAfter).not.toHaveBeenCalled();
    // Event 8 committed between the state's read and the socket's registration.
    opens(feed('eventi'), false);
    expect(deps.fetchEventsAfter).toHaveBeenCalledWith(1, 4);
    await vi.waitFor(() => expect(session.eventCount).toBe(2));
    feed('eventi').options.onStatus!('disconnected');
    opens(feed('eventi'), true);
    expect(deps.fetchEventsAfter).toHaveBeenLastCalledWith(1, 8);
    expect(deps.fetchEventsAfter).toHaveBeenCalledTimes(2);
    controller.stop();
  });

  it('catches up once, from the state and not from a newer frame, when the state comes in after the feed opened (a shared cache may serve an older copy)', async () => {
    const { controller, deps, feed, send, loaded } = setup({
      fetchEventsAfter: vi.fn(async () => [r(9, 10, true, 20), r(12, 11, true, 21)]),
    });
    controller.start();
    opens(feed('eventi'), false);
    expect(deps.fetchEventsAfter).not.toHaveBeenCalled();
    // A frame kept until the state is in: newer than event 9, which the state lacks.
    send('eventi', npe(r(12, 11, true, 21)));
    const session = await loaded([r(4, 11, false, 3)]);
    expect(deps.fetchEventsAfter).toHaveBeenCalledTimes(1);
    expect(deps.fetchEventsAfter).toHaveBeenCalledWith(1, 4);
    await vi.waitFor(() => expect(session.eventCount).toBe(3));
    controller.stop();
  });

  it("asks a catch-up again after a proxy's 502, as the load is", async () => {
    const proxy = new ApiError({ kind: 'server', status: 502, detail: 'Bad Gateway' });
    const fetchEventsAfter = vi
      .fn<LiveControllerDeps['fetchEventsAfter']>()
      .mockRejectedValueOnce(proxy)
      .mockResolvedValue([r(8, 10, true, 20)]);
    const { controller, deps, feed, loaded } = setup({ fetchEventsAfter });
    controller.start();
    const session = await loaded([r(4, 11, false, 3)]);
    opens(feed('eventi'), false);
    await vi.waitFor(() => expect(fetchEventsAfter).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(retryDelayMs(0));
    await vi.waitFor(() => expect(session.eventCount).toBe(2));
    expect(fetchEventsAfter).toHaveBeenCalledTimes(2);
    expect(deps.reportError).not.toHaveBeenCalled();
    controller.stop();
  });

  it('opens the feeds 24 h before the start and closes them 1 h after the end', () => {
    vi.setSystemTime(T0 - FEEDS_OPEN_BEFORE_MS - 60_000);
    const { controller, feeds } = setup();
    controller.start();
    expect(controller.getView().feedsOpen).toBe(false);
    expect(feeds).toHaveLength(0);
    vi.advanceTimersByTime(60_000);
    expect(controller.getView().feedsOpen).toBe(true);
    expect(feeds.map((f) => f.started)).toEqual([true, true]);
    controller.update({
      sessioneId: 1,
      inizio: at(0),
      fine: at(-24 * 60 + 2),
      params: {},
      offset: 0,
    });
    vi.advanceTimersByTime(2 * 60_000 + FEEDS_OPEN_AFTER_MS);
    expect(controller.getView().feedsOpen).toBe(false);
    expect(feeds.map((f) => f.stopped)).toEqual([true, true]);
    expect(controller.getView().feeds).toEqual({ eventi: 'never', last: 'never' });
    controller.stop();
  });

  it('re-checks missing answers every 5 minutes while the session runs', async () => {
    const { controller, deps, loaded } = setup({
      fetchEventsByIds: vi.fn(async () => [r(5, 10, true, 4)]),
    });
    controller.start();
    const session = await loaded([r(4, 11, false, 3)]);
    session.applyLive(r(7, 10, true, 25)); // ids 5 and 6 never arrived
    vi.advanceTimersByTime(RECHECK_INTERVAL_MS);
    expect(deps.fetchEventsByIds).toHaveBeenCalledWith(1, [5, 6]);
    await vi.waitFor(() => expect(session.eventCount).toBe(3));
    controller.stop();
    vi.advanceTimersByTime(RECHECK_INTERVAL_MS);
    expect(deps.fetchEventsByIds).toHaveBeenCalledTimes(1);
  });

  it('re-syncs after a snapshot that keeps disagreeing, then tells the page', async () => {
    const onPersistentMismatch = vi.fn();
    const { controller, deps, send, loaded } = setup({}, { onPersistentMismatch });
    controller.start();
    await loaded();
    send('last', JSON.stringify({ type: 'new_json', json: item([[10, 99]], 1) }));
    vi.advanceTimersByTime(RESYNC_DELAY_MS);
    await vi.waitFor(() => expect(onPersistentMismatch).toHaveBeenCalledTimes(1));
    expect(deps.fetchEventsAfter).toHaveBeenCalledTimes(1);
    expect(deps.fetchEventIds).toHaveBeenCalledTimes(1);
    // Within the minimum interval no second full comparison.
    send('last', JSON.stringify({ type: 'new_json', json: item([[10, 99]], 1) }));
    vi.advanceTimersByTime(RESYNC_DELAY_MS);
    await vi.waitFor(() => expect(deps.fetchEventsAfter).toHaveBeenCalledTimes(2));
    expect(deps.fetchEventIds).toHaveBeenCalledTimes(1);
    expect(FULL_CHECK_MIN_INTERVAL_MS).toBeGreaterThan(RESYNC_DELAY_MS);
    // An agreeing snapshot cancels a planned re-sync.
    send('last', JSON.stringify({ type: 'new_json', json: item([[10, 99]], 1) }));
    send('last', JSON.stringify({ type: 'new_json', json: item() }));
    vi.advanceTimersByTime(RESYNC_DELAY_MS);
    expect(deps.fetchEventsAfter).toHaveBeenCalledTimes(2);
    controller.stop();
  });

  it('asks again after a 502 or no answer before showing an error (an instance failing over)', async () => {
    const proxy = new ApiError({ kind: 'server', status: 502, detail: 'Bad Gateway' });
    const offline = new ApiError({ kind: 'network', status: null, detail: 'rete' });
    const fetchPunteggi = vi
      .fn<LiveControllerDeps['fetchPunteggi']>()
      .mockRejectedValueOnce(proxy)
      .mockRejectedValueOnce(offline)
      .mockResolvedValue(item());
    const { controller, loaded } = setup({ fetchPunteggi });
    controller.start();
    await vi.waitFor(() => expect(fetchPunteggi).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(retryDelayMs(0));
    expect(fetchPunteggi).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(retryDelayMs(1));
    expect(fetchPunteggi).toHaveBeenCalledTimes(3);
    await loaded();
    expect(controller.getView().error).toBeNull();
    controller.stop();
  });

  it('shows the error after the retries, and at once for a 4xx', async () => {
    const proxy = new ApiError({ kind: 'server', status: 502, detail: 'Bad Gateway' });
    const fetchPunteggi = vi.fn<LiveControllerDeps['fetchPunteggi']>().mockRejectedValue(proxy);
    const { controller } = setup({ fetchPunteggi });
    controller.start();
    await vi.advanceTimersByTimeAsync(retryDelayMs(0) + retryDelayMs(1));
    await vi.waitFor(() => expect(controller.getView().error).toBe(proxy));
    expect(fetchPunteggi).toHaveBeenCalledTimes(1 + MAX_RETRIES);
    controller.stop();

    const missing = new ApiError({ kind: 'not_found', status: 404, detail: 'Non trovato' });
    const fetch404 = vi.fn<LiveControllerDeps['fetchPunteggi']>().mockRejectedValue(missing);
    const second = setup({ fetchPunteggi: fetch404 });
    second.controller.start();
    await vi.waitFor(() => expect(second.controller.getView().error).toBe(missing));
    expect(fetch404).toHaveBeenCalledTimes(1);
    second.controller.stop();
  });

  it('shows a failed load and loads again on retry; new parameters rescore', async () => {
    const fetchPunteggi = vi
      .fn<LiveControllerDeps['fetchPunteggi']>()
      .mockRejectedValueOnce(new Error('giù'))
      .mockResolvedValue(item());
    const { controller, loaded } = setup({ fetchPunteggi });
    controller.start();
    await vi.waitFor(() => expect(controller.getView().error).toEqual(new Error('giù')));
    controller.retry();
    expect(controller.getView().error).toBeNull();
    const session = await loaded([r(1, 10, true, 2)]);
    const before = session.leaderboard().classifica.find((e) => e.id === 10)!.totale;
    controller.update({
      sessioneId: 1,
      inizio: at(0),
      fine: at(120),
      params: { PUNTEGGIO_BASE_PROBLEMI: 100 },
      offset: 0,
    });
    expect(session.setup.params).toEqual({ PUNTEGGIO_BASE_PROBLEMI: 100 });
    expect(session.leaderboard().classifica.find((e) => e.id === 10)!.totale).toBeGreaterThan(
      before,
    );
    controller.stop();
  });
});
