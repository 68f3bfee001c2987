import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statusText } from './eventStatus';
import { skewWarning } from './serverClock';
import { MAX_TIMER_MS, phaseAt, scheduleAt, useEventPhase } from './timers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('timers (spec §4)', () => {
  it('ignores instants in the past and beyond 1073741824 ms', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const fn = vi.fn();
    scheduleAt(-1, fn);
    scheduleAt(MAX_TIMER_MS + 1, fn);
    scheduleAt(MAX_TIMER_MS, fn);
    vi.advanceTimersByTime(MAX_TIMER_MS + 10);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const cancel = scheduleAt(Date.now() + 1000, fn);
    cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).not.toHaveBeenCalled();
  });

  it('computes the phase of an event', () => {
    expect(phaseAt(10, 20, 5)).toBe('prima');
    expect(phaseAt(10, 20, 10)).toBe('durante');
    expect(phaseAt(10, 20, 20)).toBe('dopo');
  });

  it('switches the phase at start and end, calling onStart', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const onStart = vi.fn();
    function Probe() {
      return <p>{useEventPhase(1000, 3000, onStart)}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('prima')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText('durante')).toBeTruthy();
    expect(onStart).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByText('dopo')).toBeTruthy();
  });

  it('does not switch when the start is more than 2^30 ms away', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    function Probe() {
      return <p>{useEventPhase(MAX_TIMER_MS + 5000, MAX_TIMER_MS + 9000)}</p>;
    }
    render(<Probe />);
    act(() => void vi.advanceTimersByTime(MAX_TIMER_MS + 6000));
    expect(screen.getByText('prima')).toBeTruthy();
  });
});

describe('status texts', () => {
  const inizio = '2026-04-16T07:00:00Z';
  const fine = '2026-04-16T09:00:00Z';
  it.each([
    [
      'prima',
      "L'evento non è ancora iniziato. Inizierà giovedì 16 aprile 2026 alle 09:00 e durerà 2 ore.",
    ],
    ['durante', "L'evento è in corso e finirà giovedì 16 aprile 2026 alle 11:00."],
    ['dopo', "L'evento si è concluso giovedì 16 aprile 2026 alle 11:00 ed è durato 2 ore."],
  ] as const)('%s', (phase, text) => {
    expect(statusText(phase, inizio, fine)).toBe(text);
  });
});

describe('clock skew', () => {
  it('warns only over 10 s, saying late or early', () => {
    expect(skewWarning(10_000)).toBeNull();
    expect(skewWarning(-9000)).toBeNull();
    expect(skewWarning(12_400)).toMatch(/indietro di 12 secondi/);
    expect(skewWarning(-61_000)).toMatch(/avanti di 61 secondi/);
  });
});
