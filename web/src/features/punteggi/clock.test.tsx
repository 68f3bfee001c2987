// The scores page header shows the time to the start twice (flip clock and
// live tile): they read one clock and must never be a second apart.
import type { Sessione } from '@gas/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScoresHeader } from './ScoresHeader';
import type { ScoresModel } from './useScoresModel';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const START = Date.parse('2026-04-15T08:00:00Z');

function header(offset: number) {
  const sessione = {
    id: 1,
    nome: 'Sessione unica',
    evento: 1,
    ufficiale: true,
    inizio: new Date(START).toISOString(),
    fine: new Date(START + 2 * 3_600_000).toISOString(),
    poli: [],
  } as unknown as Sessione;
  const model = {
    offset,
    inizio: START,
    fine: START + 2 * 3_600_000,
    phase: 'prima',
    live: { feeds: { eventi: 'open', last: 'open' }, feedsOpen: true, error: null },
    session: null,
    board: null,
    lastUpdate: null,
  } as unknown as ScoresModel;
  return render(
    <MemoryRouter>
      <ScoresHeader model={model} sessione={sessione} eventoTitolo="Gara" />
    </MemoryRouter>,
  );
}

/** Seconds shown by the flip clock and by the live tile. */
function shown(): [string, string] {
  const flip = screen.getByRole('timer', { name: "Tempo all'inizio" });
  const seconds = flip.querySelectorAll('.flip-card__value');
  const tile = screen.getByTestId('live-tile').querySelector('[role="timer"]')!;
  return [seconds[seconds.length - 1]!.textContent!, tile.textContent!.slice(-2)];
}

describe('one clock on the scores page', () => {
  it.each([0, 437, -250, 999])(
    'flip clock and live tile show the same second (offset %i ms)',
    (offset) => {
      vi.useFakeTimers();
      // Local clock 90.3 s before the start, off the second boundary.
      vi.setSystemTime(START - offset - 90_300);
      header(offset);
      for (let step = 0; step < 40; step++) {
        const [flip, tile] = shown();
        expect(tile).toBe(flip);
        act(() => void vi.advanceTimersByTime(173));
      }
      // 61 s on, still together, and counting down.
      const before = shown()[0];
      act(() => void vi.advanceTimersByTime(61_000));
      const [flip, tile] = shown();
      expect(tile).toBe(flip);
      expect(flip).not.toBe(before);
    },
  );
});
