import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DisplayEntry } from '../useScoresModel';
import { ElencoClassifica } from './ElencoClassifica';
import { chiavePosizioni } from './movimento';
import { chiaveSeguite } from './squadreSeguite';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const PROBLEMI = [
  { id: 1, nome: 'P1' },
  { id: 2, nome: 'P2' },
];

function entry(id: number, posizione: number | null, totale: number): DisplayEntry {
  return {
    id,
    posizione,
    nome: `Squadra con un nome molto lungo numero ${id}`,
    ospite: posizione === null,
    totale,
    punti_parziali: [totale, 0],
    solved: [totale > 0, false],
    new: [false, false],
    jolly: null,
    scuola: null,
    ordine_eta: id,
    penalita: 0,
    punti_jolly: 0,
  };
}

const ROWS = [
  entry(3, 1, 50),
  entry(1, 2, 40),
  entry(2, 3, 20),
  entry(4, 4, 10),
  entry(9, null, 5),
];

function renderList(rows = ROWS) {
  return render(
    <ElencoClassifica
      sessioneId={7}
      rows={rows}
      problemi={PROBLEMI}
      valori={[20, 20]}
      schools={new Map([[3, 'Liceo Fermi']])}
      eventi={() => [{ id: 1, k: 'r', s: 3, p: 1, c: true, d: '2026-01-01T10:00:00Z' }]}
      live
    />,
  );
}

const items = () => within(screen.getByTestId('elenco-classifica')).getAllByRole('listitem');

describe('the ranking list', () => {
  it('shows each team in order with its movement since the stored look', () => {
    localStorage.setItem(
      chiavePosizioni(7),
      JSON.stringify([
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ]),
    );
    renderList();
    const rows = items();
    expect(rows).toHaveLength(5);
    expect(rows[0]?.textContent).toContain('Squadra con un nome molto lungo numero 3');
    expect(rows[0]?.textContent).toContain('Liceo Fermi');
    expect(rows[0]?.textContent).toContain('▲2');
    expect(rows[0]?.textContent).toContain('salita di 2 posizioni');
    expect(rows[1]?.textContent).toContain('▼1');
    expect(rows[1]?.textContent).toContain('scesa di 1 posizione');
    expect(rows[3]?.textContent).not.toMatch(/[▲▼]/);
    // The guest: no position.
    expect(rows[4]?.textContent).toContain('osp.');
  });

  it('stores the positions seen when it goes away, for the next visit', () => {
    const { unmount } = renderList();
    expect(items()[0]?.textContent).not.toMatch(/[▲▼]/);
    unmount();
    expect(JSON.parse(localStorage.getItem(chiavePosizioni(7))!)).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
      [4, 4],
      [9, null],
    ]);
  });

  it('pins up to three teams at the top and explains the refusal of a fourth', () => {
    renderList();
    for (const id of [1, 2, 4]) {
      fireEvent.click(
        screen.getByRole('button', { name: `Segui Squadra con un nome molto lungo numero ${id}` }),
      );
    }
    const top = screen.getByRole('region', { name: 'Squadre seguite' });
    expect(within(top).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(
      screen.getAllByRole('button', { name: 'Segui Squadra con un nome molto lungo numero 3' })[0]!,
    );
    expect(screen.getByRole('status')?.textContent).toContain(
      'Puoi seguire al massimo tre squadre',
    );
    expect(within(top).getAllByRole('listitem')).toHaveLength(3);
    expect(localStorage.getItem(chiaveSeguite(7))).toBe('[1,2,4]');
  });

  it("opens a team's detail: points with symbols and its last answers", () => {
    renderList();
    fireEvent.click(items()[0]!.querySelector('.elenco-voce__apri')!);
    const dialog = screen.getByRole('dialog');
    expect(dialog?.textContent).toContain('1° posto');
    const rows = within(within(dialog).getByTestId('dettaglio-problemi')).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('✓ risolto');
    expect(rows[2]?.textContent).toContain('– non tentato');
    expect(within(dialog).getByTestId('ultime-risposte')?.textContent).toContain('P1✓ corretta');
  });
});
