// The live state machine: in-order and late events, duplicates, removal,
// undo and the session score state of spec §3; then the score history
// (classifica_tempo) for all teams, sampled and exact.
import { describe, expect, it } from 'vitest';
import { computeLeaderboard } from './compute';
import { scoreChangePoints, scoreHistory, withHistory } from './history';
import { LiveScoring, LiveScoringLoader } from './live';
import { at, entryOf, joker, makeSession, right, team, wrong } from './__fixtures__/sessions';
import type { ScoringEvent, ScoringInput } from './types';

function liveOf(input: ScoringInput) {
  const { eventi, ...setup } = input;
  return { live: new LiveScoring(setup), eventi, setup };
}

const sample = () => [
  joker(1, 2, 0, 1),
  right(1, 1, 1, 2),
  wrong(2, 1, 2, 3),
  right(2, 1, 3, 4),
  right(3, 2, 4, 5),
  wrong(3, 1, 5, 6),
  right(1, 2, 6, 7),
];

describe('LiveScoring', () => {
  it('applies in-order events on the fast path', () => {
    const input = makeSession(4, 2, sample());
    const { live, eventi } = liveOf(input);
    for (const e of eventi) expect(live.apply(e)).toBe('applied');
    expect(live.leaderboard()).toEqual(computeLeaderboard(input));
    expect(live.eventCount).toBe(eventi.length);
  });

  it('inserts a late event at its place (undo later events, redo them)', () => {
    const input = makeSession(4, 2, sample());
    const { live, eventi } = liveOf(input);
    const late = eventi[1]!; // team 1 solves P1 first, but arrives last
    for (const e of eventi) if (e !== late) live.apply(e);
    expect(live.apply(late)).toBe('inserted');
    expect(live.leaderboard()).toEqual(computeLeaderboard(input));
    expect(live.snapshot().ordine_risoluzione['1']).toEqual([1, 2]);
    expect(live.eventList().map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('ignores duplicate ids, whatever their content', () => {
    const input = makeSession(4, 2, sample());
    const { live, eventi } = liveOf(input);
    for (const e of eventi) live.apply(e);
    const before = live.snapshot();
    expect(live.apply(eventi[3]!)).toBe('duplicate');
    expect(live.apply({ ...eventi[3]!, c: false, d: at(0) })).toBe('duplicate');
    expect(live.snapshot()).toEqual(before);
  });

  it('ignores events for unknown teams or problems, keeping their ids taken', () => {
    const { live } = liveOf(makeSession(2, 1));
    expect(live.apply(right(9, 1, 1, 50))).toBe('ignored');
    expect(live.apply(right(1, 9, 1, 51))).toBe('ignored');
    expect(live.apply(right(1, 1, 1, 50))).toBe('duplicate');
    expect(live.eventCount).toBe(0);
    expect(live.remove(50)).toBe(true);
    expect(live.apply(right(1, 1, 1, 50))).toBe('applied');
  });

  it('drops malformed events (spec §5)', () => {
    const { live } = liveOf(makeSession(2, 1));
    const bad = [
      { id: 1, k: 'r', s: 1, p: 1, d: at(1) }, // no c
      { id: 2, k: 'x', s: 1, p: 1, c: true, d: at(1) },
      { k: 'r', s: 1, p: 1, c: true, d: at(1) },
      { id: 3, k: 'r', s: 1, p: 1, c: true, d: '2025-02-20 09:00' },
      { id: 4, k: 'r', s: '1', p: 1, c: true, d: at(1) },
      null,
    ];
    for (const e of bad) expect(live.apply(e as unknown as ScoringEvent)).toBe('malformed');
    expect(live.eventCount).toBe(0);
  });

  it('removes a deleted answer and recomputes what followed', () => {
    const events = sample();
    const input = makeSession(4, 2, events);
    const { live, eventi } = liveOf(input);
    for (const e of eventi) live.apply(e);
    expect(live.remove(2)).toBe(true); // team 1's solve of P1
    const without = { ...input, eventi: events.filter((e) => e.id !== 2) };
    expect(live.leaderboard()).toEqual(computeLeaderboard(without));
    expect(live.snapshot().ordine_risoluzione['1']).toEqual([2]);
    expect(live.remove(2)).toBe(false);
    expect(live.remove(999)).toBe(false);
    expect(live.apply(events[1]!)).toBe('inserted'); // it can come back
    expect(live.leaderboard()).toEqual(computeLeaderboard(input));
  });

  it('undo reverses the latest event exactly', () => {
    const { live, eventi } = liveOf(makeSession(4, 2, sample()));
    const snapshots = [live.snapshot()];
    for (const e of eventi) {
      live.apply(e);
      snapshots.push(live.snapshot());
    }
    for (let i = eventi.length - 1; i >= 0; i--) {
      expect(live.undo()).toBe(eventi[i]);
      expect(live.snapshot()).toEqual(snapshots[i]);
    }
    expect(live.undo()).toBeUndefined();
  });

  it('loads initial events in any order, skipping duplicates and malformed ones', () => {
    const events = sample();
    const input = makeSession(4, 2, events);
    const { setup } = liveOf(input);
    const shuffled = [events[5]!, events[0]!, events[6]!, events[2]!, events[1]!, events[3]!];
    const noisy = [...shuffled, events[4]!, { ...events[2]!, c: true }, { id: 99 }];
    const live = new LiveScoring(setup, noisy as ScoringEvent[]);
    expect(live.leaderboard()).toEqual(computeLeaderboard(input));
  });

  it('builds the same state from events given in slices (LiveScoringLoader)', () => {
    const events = sample();
    const input = makeSession(4, 2, events);
    const { setup } = liveOf(input);
    // Late events, a duplicate across slices (the first kept) and a malformed one.
    const slices = [
      [events[5]!, events[0]!],
      [events[6]!, { ...events[0]!, c: true }, { id: 98 }],
      [],
      [events[2]!, events[1]!, events[3]!, events[4]!],
    ] as ScoringEvent[][];
    const loader = new LiveScoringLoader(setup);
    for (const slice of slices) loader.add(slice);
    const live = loader.finish();
    expect(live.leaderboard()).toEqual(computeLeaderboard(input));
    expect(live.eventCount).toBe(events.length);
    // Then it goes on as any live state: a duplicate, a late insert.
    expect(live.apply(events[0]!)).toBe('duplicate');
    expect(() => loader.add([])).toThrow(/already finished/);
    expect(() => loader.finish()).toThrow(/already finished/);
  });

  it('exposes the session score state of spec §3', () => {
    const input = makeSession(3, 2, [joker(1, 2, 0), wrong(1, 1, 1), right(1, 1, 2, 77)]);
    input.squadre = [team(1), team(2, { ospite: true }), team(3, { penalita: 5 })];
    input.eventi = [...input.eventi, right(1, 2, 3, 78)];
    const { live, eventi } = liveOf(input);
    for (const e of eventi) live.apply(e);
    const s = live.snapshot();
    expect(s.numero_problemi).toBe(2);
    expect(s.squadre).toEqual({
      '1': [
        [true, 1, 77],
        [true, 0, 78],
      ],
      '2': [
        [false, 0, null],
        [false, 0, null],
      ],
      '3': [
        [false, 0, null],
        [false, 0, null],
      ],
    });
    expect(s.ordine_risoluzione).toEqual({ '1': [1], '2': [1] });
    expect(s.jolly).toEqual({ '1': 2 });
    expect(s.risolto_tutto).toEqual([1]);
    expect(s.nomi).toEqual({ '1': 'Squadra 1', '2': 'Squadra 2', '3': 'Squadra 3' });
    expect(s.penalizzate).toEqual({ '3': 5 });
    expect(s.ospiti).toEqual([2]);
    expect(s.bonus_velocita['1']).toEqual([20, 20]);
    expect(s.bonus_completamento).toEqual({ '1': 40 });
    expect(s.attive).toEqual([1]);
  });

  it('flags new cells relative to `now` and re-ranks cheaply', () => {
    const { live, eventi } = liveOf(makeSession(4, 2, sample()));
    for (const e of eventi) live.apply(e);
    const board = live.leaderboard(at(6));
    expect(board.classifica.find((e) => e.id === 1)!.new).toEqual([false, true]);
    expect(board.classifica.find((e) => e.id === 3)!.new).toEqual([true, true]);
    expect(
      live.leaderboard(Date.parse(at(20))).classifica.every((e) => !e.new.includes(true)),
    ).toBe(true);
    const rows = live.ranking();
    expect(rows.map((r) => [r.id, r.totale, r.posizione])).toEqual(
      board.classifica.map((e) => [e.id, e.totale, e.posizione]),
    );
  });

  it('an answer stamped just after `now` (a viewer clock a little behind the server) is new', () => {
    const { live, setup } = liveOf(makeSession(3, 2, []));
    const d = Date.parse(setup.inizio) + 10 * 60_000;
    const p = setup.problemi[0]!.id;
    const s = setup.squadre[0]!.id;
    live.apply({ id: 1, k: 'r', s, p, c: true, d: new Date(d).toISOString() });
    const entry = live.leaderboard(d - 50).classifica.find((e) => e.id === s)!;
    expect(entry.new[0]).toBe(true);
    expect(live.leaderboard(d + 180_000).classifica.find((e) => e.id === s)!.new[0]).toBe(false);
  });

  it('keeps returned leaderboards intact when the state moves on', () => {
    const { live, eventi } = liveOf(makeSession(4, 2, sample()));
    for (const e of eventi.slice(0, 3)) live.apply(e);
    const before = live.leaderboard();
    const copy = JSON.parse(JSON.stringify(before)) as unknown;
    for (const e of eventi.slice(3)) live.apply(e);
    live.leaderboard();
    expect(before).toEqual(copy);
    expect(Object.isFrozen(before.classifica[0]!.punti_parziali)).toBe(true);
  });

  it('gives the history of its events', () => {
    const input = makeSession(4, 2, sample());
    const { live, eventi } = liveOf(input);
    for (const e of eventi) live.apply(e);
    expect(live.history({ stepMs: 120_000 })).toEqual(scoreHistory(input, { stepMs: 120_000 }));
  });
});

// Score history (classifica_tempo) for all teams: sampled and exact.
const historyEvents = [
  joker(1, 1, 0.5),
  right(1, 1, 1),
  wrong(2, 1, 2.5),
  right(2, 1, 4),
  right(3, 2, 4),
];
const historyInput = makeSession(40, 2, historyEvents);
const totalsAt = (time: string) =>
  computeLeaderboard({ ...historyInput, at: time }).classifica.reduce<Record<number, number>>(
    (acc, e) => ({ ...acc, [e.id]: e.totale }),
    {},
  );

describe('scoreHistory', () => {
  it('samples every team (not only 30) from the start to the last event', () => {
    const h = scoreHistory(historyInput, { stepMs: 60_000 });
    expect(h.tempi).toEqual([0, 1, 2, 3, 4].map((m) => Date.parse(at(m))));
    expect(h.squadre).toHaveLength(40);
    h.tempi.forEach((t, k) => {
      const expected = totalsAt(new Date(t).toISOString());
      for (const s of h.squadre) expect(s.punteggi[k]).toBe(expected[s.id]);
    });
    const team1 = h.squadre.find((s) => s.id === 1)!;
    expect(team1.punteggi.slice(0, 2)).toEqual([0, 2 * 120 + 20]);
  });

  it('ends at `to` (or `at`), adding it as the last sample', () => {
    const h = scoreHistory(historyInput, { stepMs: 150_000, to: at(4) });
    expect(h.tempi.map((t) => (t - Date.parse(at(0))) / 60_000)).toEqual([0, 2.5, 4]);
    const cut = scoreHistory({ ...historyInput, at: at(3) });
    expect(cut.tempi.at(-1)).toBe(Date.parse(at(3)));
    expect(cut.squadre.find((s) => s.id === 2)!.punteggi.at(-1)).toBe(20 - 10);
    const late = scoreHistory(historyInput, { from: at(1), to: at(1) });
    expect(late.tempi).toEqual([Date.parse(at(1))]);
  });

  it('rejects a bad step or range', () => {
    expect(() => scoreHistory(historyInput, { stepMs: 0 })).toThrow(RangeError);
    expect(() => scoreHistory(historyInput, { stepMs: NaN })).toThrow(RangeError);
    expect(() => scoreHistory(historyInput, { from: at(5), to: at(1) })).toThrow(RangeError);
    expect(() => scoreHistory(historyInput, { stepMs: 1, to: at(100_000) })).toThrow(RangeError);
  });

  it('attaches classifica_tempo to the entries', () => {
    const board = withHistory(computeLeaderboard(historyInput), scoreHistory(historyInput));
    const e = entryOf(board, 2);
    expect(e.classifica_tempo!.tempi).toHaveLength(5);
    expect(e.classifica_tempo!.punteggi.at(-1)).toBe(e.totale);
  });
});

describe('scoreChangePoints', () => {
  it('records each team at the start and whenever its total changes', () => {
    const points = scoreChangePoints(historyInput);
    expect(points).toHaveLength(40);
    const team1 = points.find((s) => s.id === 1)!;
    // Joker (capital), solve, team 2's error raising the pool of P1 (doubled
    // by the joker), and the value drop when team 2 solves P1 at minute 4.
    expect(team1.tempi.map((t) => (t - Date.parse(at(0))) / 60_000)).toEqual([0, 0.5, 1, 2.5, 4]);
    expect(team1.punteggi).toEqual([0, 20, 260, 20 + 2 * (30 + 71 + 20), totalsAt(at(4))[1]]);
    const idle = points.find((s) => s.id === 10)!;
    expect(idle).toEqual({ id: 10, tempi: [Date.parse(at(0))], punteggi: [0] });
  });
});
