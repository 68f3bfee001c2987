import { computeLeaderboard, type ScoringEvent } from '@gas/scoring';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { improntaFino, PAST_RANKING_MS, useClassificaPassata } from './classificaPassata';
import { LiveSession } from './live/LiveSession';
import { at, deps, r, setup, T0 } from './live/testing';

/** The minute number whose past ranking is taken at `minutes` after the start. */
const minuteFor = (minutes: number) => (T0 + minutes * 60_000 + PAST_RANKING_MS) / 60_000;

describe('improntaFino', () => {
  const session = () =>
    new LiveSession(setup, [r(1, 10, 1, true, 1), r(2, 11, 1, false, 2)], deps());

  it('changes with an event added, removed or changed up to the instant, not after it', () => {
    const live = session();
    const cutoff = T0 + 10 * 60_000;
    const first = improntaFino(live, cutoff);
    live.applyLive(r(3, 12, 2, true, 20));
    expect(improntaFino(live, cutoff)).toBe(first);
    live.applyLive(r(4, 12, 1, true, 5));
    const withLate = improntaFino(live, cutoff);
    expect(withLate).not.toBe(first);
    live.remove(4);
    expect(improntaFino(live, cutoff)).toBe(first);
    // The same answer re-checked (outcome), or moved to another team or problem.
    for (const changed of [r(2, 11, 1, true, 2), r(2, 12, 1, false, 2), r(2, 11, 2, false, 2)]) {
      const other = new LiveSession(setup, [r(1, 10, 1, true, 1), changed], deps());
      expect(improntaFino(other, cutoff)).not.toBe(first);
    }
    // An event on the instant itself counts.
    live.applyLive(r(5, 10, 2, true, 10));
    expect(improntaFino(live, cutoff)).not.toBe(first);
  });
});

describe('useClassificaPassata', () => {
  it('is the ranking of five minutes earlier, replayed only when its events change', () => {
    const live = new LiveSession(setup, [r(1, 10, 1, true, 1), r(2, 11, 1, true, 3)], deps());
    const minute = minuteFor(10);
    const { result, rerender } = renderHook(
      ({ version }) => useClassificaPassata(live, minute, version),
      { initialProps: { version: live.version } },
    );
    const expected = (events: ScoringEvent[]) =>
      computeLeaderboard({ ...setup, eventi: events, at: at(10) }).classifica;
    expect(result.current).toEqual(expected(live.allEvents()));
    const first = result.current;

    // An answer after the instant: the same ranking, not replayed.
    act(() => void live.applyLive(r(3, 12, 2, true, 12)));
    rerender({ version: live.version });
    expect(result.current).toBe(first);

    // A late entry before it: replayed, and the arrows' ranking has it.
    act(() => void live.applyLive(r(4, 12, 1, true, 2)));
    rerender({ version: live.version });
    expect(result.current).not.toBe(first);
    expect(result.current).toEqual(expected(live.allEvents()));
    expect(result.current.find((e) => e.id === 12)?.totale).toBeGreaterThan(0);
  });

  it('is empty before the start and without a session', () => {
    const live = new LiveSession(setup, [], deps());
    expect(renderHook(() => useClassificaPassata(live, minuteFor(-1), 0)).result.current).toEqual(
      [],
    );
    expect(renderHook(() => useClassificaPassata(null, minuteFor(10), 0)).result.current).toEqual(
      [],
    );
  });
});
