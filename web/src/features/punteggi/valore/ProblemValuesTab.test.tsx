// The tab against the engine: the values, solvers and jokers shown are those
// of the ranking (computeLeaderboard) for the same events, live and replayed.
// ECharts needs a canvas: the chart host is replaced by its accessible name.
import {
  computeLeaderboard,
  LiveScoring,
  type ScoringEvent,
  type ScoringInput,
} from '@gas/scoring';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProblemValuesTab from './ProblemValuesTab';

vi.mock('../grafici/EChart', () => ({
  EChart: (props: { label: string; testId?: string }) => (
    <div role="img" aria-label={props.label} data-testid={props.testId} />
  ),
}));

const START = Date.UTC(2025, 1, 20, 9, 0, 0);
const at = (minute: number) => new Date(START + minute * 60_000).toISOString();
let id = 1;
const right = (s: number, p: number, minute: number): ScoringEvent => ({
  id: id++,
  k: 'r',
  s,
  p,
  c: true,
  d: at(minute),
});
const wrong = (s: number, p: number, minute: number): ScoringEvent => ({
  ...right(s, p, minute),
  c: false,
});

const setup: Omit<ScoringInput, 'eventi'> = {
  inizio: at(0),
  problemi: [
    { id: 11, nome: 'Pendolo' },
    { id: 12, nome: 'Molla' },
  ],
  squadre: [1, 2, 3, 4].map((n) => ({ id: n, nome: `Liceo ${n}` })),
};
const eventi = [
  right(1, 11, 5),
  wrong(2, 11, 6),
  right(2, 11, 9),
  { id: id++, k: 'j' as const, s: 3, p: 12, d: at(10) },
  right(3, 11, 20),
];

function renderTab(scoring: LiveScoring, replayT: number | null = null) {
  const board = scoring.leaderboard();
  return render(
    <ProblemValuesTab
      scoring={scoring}
      version={1}
      rows={board.classifica}
      inizio={START}
      fine={START + 120 * 60_000}
      now={START + 30 * 60_000}
      replayT={replayT}
    />,
  );
}

const shownValues = () =>
  ['11', '12'].map(
    (p) => within(screen.getByTestId(`valore-${p}`)).getByTestId('valore-attuale').textContent,
  );

afterEach(cleanup);

describe('Valore dei problemi', () => {
  it('shows the values, solvers and jokers of the ranking, and the causes of each change', () => {
    const scoring = new LiveScoring(setup, eventi);
    renderTab(scoring);
    const board = computeLeaderboard({ ...setup, eventi });
    expect(shownValues()).toEqual(board.valori.map(String));
    const p11 = within(screen.getByTestId('valore-11'));
    expect(p11.getByTestId('valore-risolutori').textContent).toBe('3');
    expect(p11.getByTestId('valore-jolly').textContent).toBe('0');
    expect(within(screen.getByTestId('valore-12')).getByTestId('valore-jolly').textContent).toBe(
      '1',
    );
    // The first problem is chosen: its changes, newest first, with their causes.
    const changes = screen.getByRole('table', { name: /Variazioni del valore di Pendolo/ });
    const motivi = within(changes)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.lastElementChild!.textContent);
    expect(motivi).toEqual([
      'Risposta corretta di Liceo 3',
      'Risposta corretta di Liceo 2',
      'Risposta errata di Liceo 2: sale il montepremi',
      'Risposta corretta di Liceo 1',
      'Valore iniziale',
    ]);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      `Grafico del valore di Pendolo nel tempo: 4 variazioni, valore attuale ${board.valori[0]}`,
    );
    // Choosing the other problem: a joker, but no change of its value.
    fireEvent.click(screen.getByRole('button', { name: /Molla/ }));
    expect(screen.getByRole('button', { name: /Molla/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/Il valore non è cambiato/)).toBeTruthy();
    expect(screen.getByText(/Jolly di Liceo 3/)).toBeTruthy();
  });

  it('follows a new answer and shows the values at a replayed instant', async () => {
    const scoring = new LiveScoring(setup, eventi);
    const view = renderTab(scoring);
    const extra = right(4, 11, 25);
    scoring.apply(extra);
    const rerender = (version: number, replayT: number | null) =>
      view.rerender(
        <ProblemValuesTab
          scoring={scoring}
          version={version}
          rows={scoring.leaderboard().classifica}
          inizio={START}
          fine={START + 120 * 60_000}
          now={START + 30 * 60_000}
          replayT={replayT}
        />,
      );
    vi.useFakeTimers();
    try {
      rerender(2, null);
      await act(() => vi.advanceTimersByTimeAsync(1100));
      const after = computeLeaderboard({ ...setup, eventi: [...eventi, extra] });
      expect(shownValues()).toEqual(after.valori.map(String));
      expect(
        within(screen.getByTestId('valore-11')).getByTestId('valore-risolutori').textContent,
      ).toBe('4');
      rerender(2, Date.parse(at(7)));
      await act(() => vi.advanceTimersByTimeAsync(300));
      const then = computeLeaderboard({ ...setup, eventi, at: at(7) });
      expect(shownValues()).toEqual(then.valori.map(String));
      expect(screen.getByText(/\(replay\)/)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
