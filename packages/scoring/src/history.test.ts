// Score history (classifica_tempo) for all teams: sampled and exact.
import { describe, expect, it } from 'vitest';
import { computeLeaderboard } from './compute';
import { scoreChangePoints, scoreHistory, withHistory } from './history';
import { at, entryOf, joker, makeSession, right, wrong } from './__fixtures__/sessions';

const events = [joker(1, 1, 0.5), right(1, 1, 1), wrong(2, 1, 2.5), right(2, 1, 4), right(3, 2, 4)];
const input = makeSession(40, 2, events);
const totalsAt = (time: string) =>
  computeLeaderboard({ ...input, at: time }).classifica.reduce<Record<number, number>>(
    (acc, e) => ({ ...acc, [e.id]: e.totale }),
    {},
  );

describe('scoreHistory', () => {
  it('samples every team (not only 30) from the start to the last event', () => {
    const h = scoreHistory(input, { stepMs: 60_000 });
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
    const h = scoreHistory(input, { stepMs: 150_000, to: at(4) });
    expect(h.tempi.map((t) => (t - Date.parse(at(0))) / 60_000)).toEqual([0, 2.5, 4]);
    const cut = scoreHistory({ ...input, at: at(3) });
    expect(cut.tempi.at(-1)).toBe(Date.parse(at(3)));
    expect(cut.squadre.find((s) => s.id === 2)!.punteggi.at(-1)).toBe(20 - 10);
    const late = scoreHistory(input, { from: at(1), to: at(1) });
    expect(late.tempi).toEqual([Date.parse(at(1))]);
  });

  it('rejects a bad step or range', () => {
    expect(() => scoreHistory(input, { stepMs: 0 })).toThrow(RangeError);
    expect(() => scoreHistory(input, { stepMs: NaN })).toThrow(RangeError);
    expect(() => scoreHistory(input, { from: at(5), to: at(1) })).toThrow(RangeError);
    expect(() => scoreHistory(input, { stepMs: 1, to: at(100_000) })).toThrow(RangeError);
  });

  it('attaches classifica_tempo to the entries', () => {
    const board = withHistory(computeLeaderboard(input), scoreHistory(input));
    const e = entryOf(board, 2);
    expect(e.classifica_tempo!.tempi).toHaveLength(5);
    expect(e.classifica_tempo!.punteggi.at(-1)).toBe(e.totale);
  });
});

describe('scoreChangePoints', () => {
  it('records each team at the start and whenever its total changes', () => {
    const points = scoreChangePoints(input);
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
