// Rank announcements: the words (pure) and the gathering over 10 s (fake timers).
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnnunciClassifica } from './AnnunciClassifica';
import { alPosto, cambiPosizione, testoAnnuncio, type RigaAnnunci } from './cambiPosizione';
import { CHIAVE_ANNUNCI } from './useAnnunciAttivi';
import { INTERVALLO_ANNUNCI_MS, useAnnunciClassifica } from './useAnnunciClassifica';

const NOMI: Record<number, string> = {
  1: 'Liceo Fermi',
  2: 'Liceo Volta',
  3: 'ITIS Galilei',
  4: 'Liceo Curie',
  5: 'Liceo Majorana',
  6: 'Ospiti Svizzeri',
};

/** A ranking from ids in order; `null` makes a guest, a repeated number a tie. */
function classifica(...righe: [number, number | null][]): RigaAnnunci[] {
  return righe.map(([id, posizione]) => ({ id, nome: NOMI[id]!, posizione }));
}

const iniziale = classifica([1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, null]);

describe('cambiPosizione', () => {
  it('announces the top three moving, best first', () => {
    const dopo = classifica([2, 1], [1, 2], [3, 3], [4, 4], [5, 5], [6, null]);
    expect(testoAnnuncio(iniziale, dopo, [])).toBe(
      'Liceo Volta sale al 1° posto. Liceo Fermi scende al 2° posto.',
    );
  });

  it('announces a team entering or leaving the podium, not moves below it', () => {
    const dopo = classifica([1, 1], [2, 2], [4, 3], [3, 4], [5, 5], [6, null]);
    expect(cambiPosizione(iniziale, dopo, []).map((c) => c.frase)).toEqual([
      'Liceo Curie sale al 3° posto',
      'ITIS Galilei scende al 4° posto',
    ]);
    const sotto = classifica([1, 1], [2, 2], [3, 3], [5, 4], [4, 5], [6, null]);
    expect(cambiPosizione(iniziale, sotto, [])).toEqual([]);
  });

  it('announces followed teams anywhere in the ranking', () => {
    const sotto = classifica([1, 1], [2, 2], [3, 3], [5, 4], [4, 5], [6, null]);
    expect(testoAnnuncio(iniziale, sotto, [4])).toBe('Liceo Curie scende al 5° posto.');
  });

  it('says when a position is shared', () => {
    const dopo = classifica([1, 1], [3, 1], [2, 3], [4, 4], [5, 5], [6, null]);
    expect(testoAnnuncio(iniziale, dopo, [])).toBe(
      'ITIS Galilei sale al 1° posto a pari merito. Liceo Volta scende al 3° posto.',
    );
  });

  it('counts many teams moving alike instead of naming them, names followed ones', () => {
    const tutte = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      nome: `Squadra ${i + 1}`,
      posizione: 1,
    }));
    // Everyone shared the 1st place; the last team's first answer sends the others to the 2nd.
    const dopo = [
      { id: 1000, nome: 'Squadra 1000', posizione: 1 },
      ...tutte.slice(0, 999).map((r) => ({ ...r, posizione: 2 })),
    ];
    expect(testoAnnuncio(tutte, dopo, [7])).toBe(
      'Squadra 7 scende al 2° posto a pari merito. 998 squadre scendono al 2° posto a pari merito.',
    );
    // Three alike are still named.
    const prima = classifica([1, 1], [2, 1], [3, 1], [4, 4], [5, 5]);
    const dopoTre = classifica([5, 1], [1, 2], [2, 2], [3, 2], [4, 5]);
    expect(testoAnnuncio(prima, dopoTre, [])).toBe(
      'Liceo Majorana sale al 1° posto. ITIS Galilei scende al 2° posto a pari merito. ' +
        'Liceo Fermi scende al 2° posto a pari merito. Liceo Volta scende al 2° posto a pari merito.',
    );
  });

  it('never announces guests, followed or not', () => {
    const dopo = classifica([6, null], [1, 1], [2, 2], [3, 3], [4, 4], [5, 5]);
    expect(cambiPosizione(iniziale, dopo, [6])).toEqual([]);
  });

  it('says nothing of a team it has not seen before', () => {
    const dopo = [{ id: 9, nome: 'Nuova', posizione: 1 }, ...classifica([1, 2], [2, 3])];
    expect(cambiPosizione(classifica([1, 1], [2, 2]), dopo, [])).toHaveLength(2);
    expect(cambiPosizione(classifica([1, 1], [2, 2]), dopo, []).map((c) => c.id)).toEqual([1, 2]);
  });

  it('elides the article before ordinals read with a vowel', () => {
    expect(alPosto(3)).toBe('al 3° posto');
    expect(alPosto(8)).toBe("all'8° posto");
    expect(alPosto(11)).toBe("all'11° posto");
    expect(alPosto(18)).toBe('al 18° posto');
    expect(alPosto(80)).toBe("all'80° posto");
    expect(alPosto(812)).toBe("all'812° posto");
  });
});

describe('useAnnunciClassifica', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-04-15T08:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    localStorage.clear();
  });

  const hook = (seguite: number[] = []) =>
    renderHook(
      (props: { classifica: RigaAnnunci[]; attivi?: boolean; contesto?: unknown }) =>
        useAnnunciClassifica({
          classifica: props.classifica,
          seguite,
          attivi: props.attivi ?? true,
          contesto: props.contesto,
        }),
      {
        initialProps: { classifica: iniziale } as {
          classifica: RigaAnnunci[];
          attivi?: boolean;
          contesto?: unknown;
        },
      },
    );

  it('says nothing for the first ranking, the first change at once', () => {
    const { result, rerender } = hook();
    expect(result.current).toBeNull();
    rerender({ classifica: classifica([2, 1], [1, 2], [3, 3], [4, 4], [5, 5], [6, null]) });
    expect(result.current?.testo).toBe(
      'Liceo Volta sale al 1° posto. Liceo Fermi scende al 2° posto.',
    );
  });

  it('gathers the changes of the next 10 s into one message, each team at its latest place', () => {
    const { result, rerender } = hook();
    rerender({ classifica: classifica([2, 1], [1, 2], [3, 3], [4, 4], [5, 5], [6, null]) });
    const primo = result.current;
    expect(primo?.numero).toBe(1);
    act(() => vi.advanceTimersByTime(2_000));
    // ITIS Galilei climbs to 2nd, then to 1st; Liceo Volta goes back to 1st... then 2nd.
    rerender({ classifica: classifica([2, 1], [3, 2], [1, 3], [4, 4], [5, 5], [6, null]) });
    act(() => vi.advanceTimersByTime(3_000));
    rerender({ classifica: classifica([3, 1], [2, 2], [1, 3], [4, 4], [5, 5], [6, null]) });
    expect(result.current).toBe(primo);
    act(() => vi.advanceTimersByTime(INTERVALLO_ANNUNCI_MS - 5_001));
    expect(result.current).toBe(primo);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({
      testo:
        'ITIS Galilei sale al 1° posto. Liceo Volta scende al 2° posto. Liceo Fermi scende al 3° posto.',
      numero: 2,
    });
  });

  it('a team back where it was announced last says nothing', () => {
    const { result, rerender } = hook();
    rerender({ classifica: classifica([2, 1], [1, 2], [3, 3], [4, 4], [5, 5], [6, null]) });
    act(() => vi.advanceTimersByTime(1_000));
    rerender({ classifica: classifica([1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, null]) });
    act(() => vi.advanceTimersByTime(1_000));
    rerender({ classifica: classifica([2, 1], [1, 2], [3, 3], [4, 4], [5, 5], [6, null]) });
    act(() => vi.advanceTimersByTime(INTERVALLO_ANNUNCI_MS));
    expect(result.current?.numero).toBe(1);
  });

  it('after a quiet spell of 10 s a change is said at once again', () => {
    const { result, rerender } = hook();
    rerender({ classifica: classifica([2, 1], [1, 2], [3, 3], [4, 4], [5, 5], [6, null]) });
    act(() => vi.advanceTimersByTime(INTERVALLO_ANNUNCI_MS));
    rerender({ classifica: classifica([1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, null]) });
    expect(result.current).toEqual({
      testo: 'Liceo Fermi sale al 1° posto. Liceo Volta scende al 2° posto.',
      numero: 2,
    });
  });

  it('announces followed teams below the podium', () => {
    const { result, rerender } = hook([5]);
    rerender({ classifica: classifica([1, 1], [2, 2], [3, 3], [5, 4], [4, 5], [6, null]) });
    expect(result.current?.testo).toBe('Liceo Majorana sale al 4° posto.');
  });

  it('turned off, says nothing and keeps nothing to say later', () => {
    const { result, rerender } = hook();
    const scambio = classifica([2, 1], [1, 2], [3, 3], [4, 4], [5, 5], [6, null]);
    rerender({ classifica: scambio, attivi: false });
    act(() => vi.advanceTimersByTime(INTERVALLO_ANNUNCI_MS * 2));
    expect(result.current).toBeNull();
    rerender({ classifica: scambio, attivi: true });
    act(() => vi.advanceTimersByTime(INTERVALLO_ANNUNCI_MS * 2));
    expect(result.current).toBeNull();
  });

  it('a new context (a replay) starts again silently', () => {
    const { result, rerender } = hook();
    rerender({
      classifica: classifica([5, 1], [4, 2], [3, 3], [2, 4], [1, 5], [6, null]),
      contesto: 'replay',
    });
    act(() => vi.advanceTimersByTime(INTERVALLO_ANNUNCI_MS * 2));
    expect(result.current).toBeNull();
  });
});

describe('AnnunciClassifica', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('speaks through a polite status region and the switch, kept on the device, silences it', () => {
    const { rerender } = render(<AnnunciClassifica classifica={iniziale} seguite={[]} />);
    const regione = screen.getByRole('status');
    expect(regione.getAttribute('aria-live')).toBe('polite');
    const interruttore = screen.getByLabelText<HTMLInputElement>('Annunci per lettori di schermo');
    expect(interruttore.checked).toBe(true);
    rerender(
      <AnnunciClassifica
        classifica={classifica([2, 1], [1, 2], [3, 3], [4, 4], [5, 5], [6, null])}
        seguite={[]}
      />,
    );
    expect(regione.textContent).toContain('Liceo Volta sale al 1° posto.');
    fireEvent.click(interruttore);
    expect(regione.textContent).toBe('');
    expect(localStorage.getItem(CHIAVE_ANNUNCI)).toBe('no');
    cleanup();
    render(<AnnunciClassifica classifica={iniziale} seguite={[]} />);
    expect(screen.getByLabelText<HTMLInputElement>('Annunci per lettori di schermo').checked).toBe(
      false,
    );
  });
});
