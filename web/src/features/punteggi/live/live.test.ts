import type { LeaderboardEntry } from '@gas/scoring';
import type { PunteggiJson } from '@gas/contracts';
import { computeLeaderboard, type ScoringEvent } from '@gas/scoring';
import { describe, expect, it, vi } from 'vitest';
import { LiveSession, LOAD_SLICE, newest, setupFromSnapshot } from './LiveSession';
import { delayedRefreshMs, parseEventiMessage, parseLastMessage } from './messages';
import { areConsecutive, chunks, holes } from './recheck';
import { at, deps, r, setup } from './testing';

/** The ranking of the same events computed in one go: what the live state must equal. */
function expected(events: ScoringEvent[]) {
  return computeLeaderboard({ ...setup, eventi: events }).classifica.map((e) => [e.id, e.totale]);
}
const actual = (live: LiveSession) => live.leaderboard().classifica.map((e) => [e.id, e.totale]);

describe('live frames (spec §5, §7)', () => {
  it('parses npe, keeping only the event fields', () => {
    const m = parseEventiMessage(
      '{"type":"npe","id":5,"k":"r","s":10,"p":1,"c":true,"d":"2026-04-15T09:01:00Z","x":1}',
    );
    expect(m).toEqual({
      type: 'npe',
      event: { id: 5, k: 'r', s: 10, p: 1, c: true, d: '2026-04-15T09:01:00Z' },
    });
    expect(
      parseEventiMessage('{"type":"npe","id":6,"k":"j","s":10,"p":1,"d":"2026-04-15T09:01:00Z"}'),
    ).toMatchObject({ type: 'npe', event: { k: 'j' } });
  });

  it.each([
    ['p', '{"type":"npe","id":5,"k":"r","s":10,"c":true,"d":"2026-04-15T09:01:00Z"}'],
    ['s', '{"type":"npe","id":5,"k":"r","p":1,"c":true,"d":"2026-04-15T09:01:00Z"}'],
    ['k', '{"type":"npe","id":5,"s":10,"p":1,"c":true,"d":"2026-04-15T09:01:00Z"}'],
    ['d', '{"type":"npe","id":5,"k":"r","s":10,"p":1,"c":true}'],
    ['id', '{"type":"npe","k":"r","s":10,"p":1,"c":true,"d":"2026-04-15T09:01:00Z"}'],
    ['c', '{"type":"npe","id":5,"k":"r","s":10,"p":1,"d":"2026-04-15T09:01:00Z"}'],
  ])('reports an npe without %s as malformed', (field, text) => {
    const m = parseEventiMessage(text);
    expect(m.type).toBe('malformed');
    expect(m.type === 'malformed' && m.problems.join(' ')).toContain(`${field}:`);
  });

  it('describes the problems of a malformed frame in Italian', () => {
    const m = parseEventiMessage('{"type":"npe","id":5,"k":"r","s":10,"c":true,"d":"ieri"}');
    expect(m.type === 'malformed' && m.problems).toEqual([
      'p: Questo campo è obbligatorio.',
      'd: Data e ora ISO 8601 con il fuso orario.',
    ]);
    const last = parseLastMessage('{"type":"new_json","json":{"ora":3}}');
    expect(last.type === 'malformed' && last.problems).toContain(
      'json.json: Questo campo è obbligatorio.',
    );
  });

  it('accepts a joker without c', () => {
    expect(
      parseEventiMessage('{"type":"npe","id":5,"k":"j","s":10,"p":1,"d":"2026-04-15T09:01:00Z"}')
        .type,
    ).toBe('npe');
  });

  it('parses deletions, refresh requests, pong, unknown and broken frames', () => {
    expect(parseEventiMessage('{"type":"npe_delete","id":7}')).toEqual({
      type: 'npe_delete',
      id: 7,
    });
    expect(parseEventiMessage('{"type":"refresh_page"}')).toEqual({ type: 'refresh_page' });
    expect(parseEventiMessage('{"type":"refresh_page_delayed","interval":30}')).toEqual({
      type: 'refresh_page_delayed',
      interval: 30,
    });
    expect(parseEventiMessage('{"type":"pong"}').type).toBe('pong');
    expect(parseEventiMessage('{"type":"boh"}').type).toBe('unknown');
    expect(parseEventiMessage('not json').type).toBe('malformed');
    expect(parseEventiMessage('{"type":"npe_delete"}').type).toBe('malformed');
  });

  it('spreads a delayed refresh uniformly up to the interval', () => {
    expect(delayedRefreshMs(30, () => 0)).toBe(0);
    expect(delayedRefreshMs(30, () => 0.5)).toBe(15_000);
    expect(delayedRefreshMs(30, () => 0.999999)).toBeLessThanOrEqual(30_000);
  });

  it('parses new_json snapshots', () => {
    // A complete /punteggi/ item: the frame is parsed with the contracts' schema.
    const json = {
      ora: at(1),
      json: {
        sessione: 1,
        evento: 1,
        nome: 'Sessione',
        inizio: at(0),
        fine: at(120),
        numero_qualificati: null,
        ora: at(1),
        problemi: [],
        valori: [],
        classifica: [],
        numero_eventi: 0,
      },
    };
    expect(parseLastMessage(JSON.stringify({ type: 'new_json', json })).type).toBe('new_json');
    expect(parseLastMessage('{"type":"pong"}').type).toBe('pong');
    expect(parseLastMessage('{"type":"new_json","json":{}}').type).toBe('malformed');
    expect(parseLastMessage('{"type":"other"}').type).toBe('unknown');
  });
});

describe('LiveSession', () => {
  it('applies live events in order and equals a full recompute', () => {
    const initial = [r(1, 10, 1, true, 1), r(2, 11, 1, false, 2)];
    const live = new LiveSession(setup, initial, deps());
    expect(live.applyLive(r(3, 11, 1, true, 3))).toBe('applied');
    expect(live.applyLive(r(4, 12, 2, true, 4))).toBe('applied');
    expect(actual(live)).toEqual(
      expected([...initial, r(3, 11, 1, true, 3), r(4, 12, 2, true, 4)]),
    );
    expect(live.recent[0]?.event.id).toBe(4);
    expect(live.recent[0]?.live).toBe(true);
  });

  it('loads a large session in slices, pausing between them, to the same state', async () => {
    // Ids out of time order, a duplicate and an answer of an unknown team.
    const events: ScoringEvent[] = [];
    for (let i = 1; i <= 2 * LOAD_SLICE + 7; i++) {
      events.push(r(i, 10 + (i % 4), 1 + (i % 2), i % 3 === 0, (i * 37) % 120));
    }
    events.push(r(5, 10, 1, true, 1));
    const pause = vi.fn(() => Promise.resolve());
    const live = await LiveSession.load(setup, events, deps(), pause);
    const whole = new LiveSession(setup, events, deps());
    expect(pause).toHaveBeenCalledTimes(Math.ceil(events.length / LOAD_SLICE) + 1);
    expect(actual(live)).toEqual(actual(whole));
    expect(live.leaderboard()).toEqual(whole.leaderboard());
    expect(live.eventCount).toBe(whole.eventCount);
    expect(live.maxId).toBe(2 * LOAD_SLICE + 7);
    expect(live.recent.map((x) => x.event.id)).toEqual(whole.recent.map((x) => x.event.id));
    // It goes on as any session: a late answer is placed.
    expect(live.applyLive(r(99_999, 11, 2, true, 0))).toBe('inserted');
  });

  it('keeps the first event of an id, loaded whole or in slices, as the engine does', async () => {
    // Team 11's wrong answer first; a later copy of its id says team 10 solved P1.
    const events = [r(1, 11, 2, false, 65), r(2, 12, 1, true, 3), r(1, 10, 1, true, 1)];
    const first = expected([events[0]!, events[1]!]);
    expect(actual(new LiveSession(setup, events, deps()))).toEqual(first);
    const live = await LiveSession.load(setup, events, deps(), () => Promise.resolve());
    expect(actual(live)).toEqual(first);
    expect(live.allEvents()).toEqual([events[0], events[1]]);
  });

  it('keeps the newest events, newest first, ties by the larger id', () => {
    const events = [
      r(1, 10, 1, true, 5),
      r(2, 11, 1, true, 9),
      r(3, 12, 1, true, 5),
      r(4, 10, 2, true, 1),
      r(5, 11, 2, true, 9),
    ];
    const sorted = [...events].sort((a, b) => (a.d < b.d ? 1 : a.d > b.d ? -1 : b.id - a.id));
    for (const count of [0, 1, 3, 5, 8]) {
      expect(newest(events, count)).toEqual(sorted.slice(0, count));
      expect(newest([...events].reverse(), count)).toEqual(sorted.slice(0, count));
    }
  });

  it('inserts an out-of-order event in place (later events undone and redone)', () => {
    const events = [r(1, 10, 1, true, 5), r(2, 11, 1, true, 6), r(3, 12, 1, true, 7)];
    const live = new LiveSession(setup, events, deps());
    // Team 12 actually solved P1 first: it takes the speed bonus and rank 0.
    const late = r(4, 12, 2, true, 1);
    const lateOnP1 = r(5, 11, 2, false, 2);
    expect(live.applyLive(late)).toBe('inserted');
    expect(live.applyLive(lateOnP1)).toBe('inserted');
    expect(actual(live)).toEqual(expected([...events, late, lateOnP1]));
  });

  it('ignores duplicates and removes deleted answers', () => {
    const events = [r(1, 10, 1, true, 1), r(2, 11, 1, true, 2)];
    const live = new LiveSession(setup, events, deps());
    expect(live.applyLive(r(1, 10, 1, true, 1))).toBe('duplicate');
    const v = live.version;
    expect(live.remove(1)).toBe(true);
    expect(live.version).toBeGreaterThan(v);
    expect(actual(live)).toEqual(expected([events[1]!]));
    expect(live.remove(99)).toBe(false);
    // A corrected answer comes back with the same id (npe_delete, then npe).
    expect(live.applyLive(r(1, 10, 1, false, 1))).toBe('inserted');
    expect(actual(live)).toEqual(expected([r(1, 10, 1, false, 1), events[1]!]));
  });

  it('catches up after a reconnection with the events newer than the newest known', async () => {
    const fetchAfter = vi.fn(async () => [r(8, 12, 1, true, 9), r(9, 12, 2, true, 10)]);
    const live = new LiveSession(setup, [r(7, 10, 1, true, 1)], deps({ fetchAfter }));
    expect(await live.catchUp()).toBe(2);
    expect(fetchAfter).toHaveBeenCalledWith(7);
    expect(live.maxId).toBe(9);
    // Fetched events do not reach the live tile.
    expect(live.recent.every((x) => !x.live)).toBe(true);
  });

  it('skips the 5-minute re-check when the ids are consecutive', async () => {
    const d = deps();
    const live = new LiveSession(setup, [r(1, 10, 1, true, 1)], d);
    live.applyLive(r(2, 11, 1, true, 2));
    live.applyLive(r(3, 12, 1, false, 3));
    expect(await live.recheckMissing()).toEqual({ kind: 'skipped' });
    expect(d.fetchByIds).not.toHaveBeenCalled();
  });

  it('asks the server about holes, applies what it missed and asks once per id', async () => {
    const missed = [r(3, 12, 1, true, 3), r(5, 12, 2, true, 4)];
    const fetchByIds = vi.fn(async (ids: number[]) => missed.filter((e) => ids.includes(e.id)));
    const d = deps({ fetchByIds });
    const live = new LiveSession(setup, [r(1, 10, 1, true, 1)], d);
    live.applyLive(r(2, 11, 1, true, 2));
    live.applyLive(r(7, 11, 2, false, 5));
    const result = await live.recheckMissing();
    expect(fetchByIds).toHaveBeenCalledWith([3, 4, 5, 6]);
    expect(result).toEqual({ kind: 'checked', asked: 4, found: 2, removed: 0 });
    expect(actual(live)).toEqual(
      expected([r(1, 10, 1, true, 1), r(2, 11, 1, true, 2), r(7, 11, 2, false, 5), ...missed]),
    );
    // 4 and 6 belong to another session: not asked again.
    expect(await live.recheckMissing()).toEqual({ kind: 'skipped' });
    expect(d.log!.warn).not.toHaveBeenCalled();
  });

  it('warns in the console when more than 5 answers were missing', async () => {
    const missed = [3, 4, 5, 6, 7, 8].map((id) => r(id, 12, 1, false, id));
    const d = deps({ fetchByIds: async (ids) => missed.filter((e) => ids.includes(e.id)) });
    const live = new LiveSession(setup, [r(1, 10, 1, true, 1), r(2, 10, 2, true, 1)], d);
    live.applyLive(r(9, 11, 1, true, 9));
    await live.recheckMissing();
    expect(d.log!.warn).toHaveBeenCalledTimes(1);
    expect(String(vi.mocked(d.log!.warn).mock.calls[0]![0])).toContain('6 risposte mancanti');
  });

  it('does not treat the ids of the initial load as holes', async () => {
    const d = deps();
    // 2 and 3 are other sessions' answers: the initial list is complete.
    const live = new LiveSession(setup, [r(1, 10, 1, true, 1), r(4, 11, 1, true, 2)], d);
    expect(await live.recheckMissing()).toEqual({ kind: 'skipped' });
  });

  it('re-syncs with the full id list: missing fetched, deleted removed', async () => {
    const server = [r(1, 10, 1, true, 1), r(3, 12, 1, true, 3)];
    const d = deps({
      fetchIds: async () => server.map((e) => e.id),
      fetchByIds: async (ids) => server.filter((e) => ids.includes(e.id)),
    });
    const live = new LiveSession(setup, [r(1, 10, 1, true, 1), r(2, 11, 1, true, 2)], d);
    expect(await live.fullCheck()).toEqual({ kind: 'checked', asked: 1, found: 1, removed: 1 });
    expect(actual(live)).toEqual(expected(server));
  });

  it('compares itself with the server snapshot and rebuilds on a changed team list', () => {
    const events = [r(1, 10, 1, true, 1), r(2, 13, 1, true, 2)];
    const live = new LiveSession(setup, events, deps());
    const json = (classifica: readonly LeaderboardEntry[], numero_eventi: number): PunteggiJson =>
      ({ ...base, classifica, numero_eventi }) as unknown as PunteggiJson;
    const base = { inizio: setup.inizio, problemi: setup.problemi, valori: [] };
    const board = computeLeaderboard({ ...setup, eventi: events });
    expect(live.reconcile(json(board.classifica, 1))).toBe('ok');
    expect(live.reconcile(json(board.classifica, 2))).toBe('mismatch');
    // Team 13 enrolled meanwhile: its event (ignored so far) now counts.
    const withNew = { ...setup, squadre: [...setup.squadre, { id: 13, nome: 'Delta' }] };
    const full = computeLeaderboard({ ...withNew, eventi: events });
    expect(live.reconcile(json(full.classifica, 2))).toBe('rebuilt');
    expect(live.reconcile(json(full.classifica, 2))).toBe('ok');
    expect(live.leaderboard().classifica.map((e) => e.id)).toContain(13);
  });

  it('recomputes with custom parameters without touching the real scores', () => {
    const events = [r(1, 10, 1, true, 1), r(2, 11, 1, false, 2), r(3, 11, 2, true, 3)];
    const live = new LiveSession(setup, events, deps());
    const real = actual(live);
    live.setCustomParams({ PUNTEGGIO_BASE_PROBLEMI: 100, PTI_TOLTI_ERRORE: 50 });
    const custom = actual(live);
    expect(custom).not.toEqual(real);
    expect(custom).toEqual(
      computeLeaderboard({
        ...setup,
        params: { PUNTEGGIO_BASE_PROBLEMI: 100, PTI_TOLTI_ERRORE: 50 },
        eventi: events,
      }).classifica.map((e) => [e.id, e.totale]),
    );
    // Live events reach both.
    live.applyLive(r(4, 12, 1, true, 4));
    expect(live.scoring.eventCount).toBe(4);
    expect(live.custom!.eventCount).toBe(4);
    live.setCustomParams(null);
    expect(actual(live)).toEqual(expected([...events, r(4, 12, 1, true, 4)]));
  });

  it('builds the engine setup from a snapshot', () => {
    const s = setupFromSnapshot(
      {
        inizio: at(0),
        problemi: [{ id: 1, nome: 'P1' }],
        classifica: [
          { id: 9, nome: 'B', ospite: true, ordine_eta: 2, penalita: 5, scuola: 3 },
          { id: 4, nome: 'A', ospite: false, ordine_eta: 1, penalita: 0, scuola: null },
        ] as unknown as PunteggiJson['classifica'],
      },
      { PTI_TOLTI_ERRORE: 5 },
    );
    expect(s.squadre.map((t) => t.id)).toEqual([4, 9]);
    expect(s.squadre[1]).toEqual({
      id: 9,
      nome: 'B',
      ospite: true,
      ordine_eta: 2,
      penalita: 5,
      scuola: 3,
    });
    expect(s.params).toEqual({ PTI_TOLTI_ERRORE: 5 });
  });
});

describe('re-check helpers', () => {
  it('tells consecutive ids and lists holes once', () => {
    expect(areConsecutive([])).toBe(true);
    expect(areConsecutive([4, 5, 6])).toBe(true);
    expect(areConsecutive([4, 6])).toBe(false);
    expect(holes(new Set([1, 2, 5, 8]), new Set([3]))).toEqual([4, 6, 7]);
    expect(holes(new Set([1, 2, 5, 8]), new Set(), 5)).toEqual([6, 7]);
    expect(holes(new Set([1, 10_000]), new Set(), 0, 10)).toHaveLength(11);
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('important-message frames (messaggi-importanti)', () => {
  it('reads new_message with the contracts schema, ignores pong, reports the rest', async () => {
    const { parseMessaggioFrame } = await import('../messaggi/useMessaggi');
    const message = { id: 3, testo: 'Pausa', data: at(5), evento: 1 };
    expect(parseMessaggioFrame(JSON.stringify({ type: 'new_message', message }))).toEqual({
      change: { type: 'new_message', message },
    });
    expect(parseMessaggioFrame('{"type":"pong"}')).toEqual({ error: '' });
    expect(parseMessaggioFrame('rotto')).toEqual({ error: 'messaggio non leggibile' });
    expect(parseMessaggioFrame('{"type":"boh"}')).toEqual({
      error: 'tipo di messaggio inatteso: boh',
    });
    const broken = parseMessaggioFrame('{"type":"new_message","message":{"id":3}}');
    expect('error' in broken && broken.error).toMatch(/^new_message senza id, testo o data/);
  });

  it('applies edits and deletions to the list, newest first', async () => {
    const { applyMessaggioChange, parseMessaggioFrame } = await import('../messaggi/useMessaggi');
    const a = { id: 1, testo: 'Inizio', data: at(1), evento: 1 };
    const b = { id: 2, testo: 'Pausa', data: at(5), evento: 1 };
    const edited = parseMessaggioFrame(
      JSON.stringify({ type: 'edit_message', message: { ...a, testo: 'Inizio alle 10' } }),
    );
    expect('change' in edited).toBe(true);
    if (!('change' in edited)) return;
    expect(applyMessaggioChange([b, a], edited.change)).toEqual([
      b,
      { ...a, testo: 'Inizio alle 10' },
    ]);
    const deleted = parseMessaggioFrame('{"type":"delete_message","id":2}');
    if (!('change' in deleted)) throw new Error('delete_message not read');
    expect(applyMessaggioChange([b, a], deleted.change)).toEqual([a]);
    expect(parseMessaggioFrame('{"type":"delete_message"}')).toMatchObject({
      error: expect.stringMatching(/^delete_message senza id/),
    });
  });
});
