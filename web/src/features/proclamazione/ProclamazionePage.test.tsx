// The ceremony as a page shows it: the waiting screen names no team and has
// no controls for a viewer; an administrator moves it with the buttons and
// the arrow keys, within its bounds; a step is on stage with the ranking
// revealed so far below, guests without a position.
import type { Proclamazione, SquadraProclamata } from '@gas/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../testing';
import { Cerimonia } from './ProclamazionePage';
import type { Mossa } from './useProclamazione';

afterEach(cleanup);

const finita = new Date(Date.now() - 3_600_000).toISOString();
const s = (id: number, posizione: number | null, nome: string): SquadraProclamata => ({
  id,
  posizione,
  nome,
  scuola: `Liceo ${nome}`,
  polo: null,
  totale: 200 - id,
});

const attesa: Proclamazione = {
  sessione: 7,
  passo: 0,
  passi: 4,
  aggiornata: null,
  fine: finita,
  corrente: null,
  rivelati: [],
};

function mostra(stato: Proclamazione, amministratore: boolean) {
  const muovi = vi.fn<(m: Mossa) => void>();
  renderPage(
    <Cerimonia
      stato={stato}
      evento={{ id: 3, titolo: 'Gara di prova' }}
      status="connected"
      amministratore={amministratore}
      muovi={muovi}
      inCorso={false}
      errore={null}
    />,
  );
  return muovi;
}

describe('Cerimonia', () => {
  it('waits without teams or controls for a viewer', () => {
    mostra(attesa, false);
    expect(
      screen.getByRole('heading', { name: 'La proclamazione non è ancora iniziata' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('rivelata')).toBeNull();
  });

  it('lets an administrator start with the button or the right arrow, not go back from 0', () => {
    const muovi = mostra(attesa, true);
    expect(screen.getByRole('button', { name: /Indietro/ })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: /Avanti/ }));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowRight', ctrlKey: true });
    expect(muovi.mock.calls).toEqual([[{ azione: 'avanti' }], [{ azione: 'avanti' }]]);
  });

  it('shows the step on stage and the ranking revealed so far, guests without a position', () => {
    const corrente = {
      tipo: 'ospiti' as const,
      squadre: [s(9, null, 'Ospiti Uno')],
    };
    const muovi = mostra(
      {
        ...attesa,
        passo: 4,
        corrente,
        rivelati: [
          { tipo: 'posizione', posizione: 3, squadre: [s(3, 3, 'Terzi')] },
          { tipo: 'podio', posizione: 2, squadre: [s(2, 2, 'Secondi')] },
          { tipo: 'podio', posizione: 1, squadre: [s(1, 1, 'Primi')] },
          corrente,
        ],
      },
      true,
    );
    const palco = screen.getByTestId('palco');
    expect(within(palco).getByRole('heading', { name: 'Squadre ospiti' })).toBeTruthy();
    expect(palco.textContent).toContain('Passo 4 di 4');
    expect(palco.textContent).toContain('Ospiti Uno');
    expect(palco.textContent).toContain('Fuori classifica');
    const righe = within(screen.getByTestId('rivelata')).getAllByRole('listitem');
    expect(righe.map((r) => r.textContent)).toEqual([
      '1°PrimiLiceo Primi199 punti',
      '2°SecondiLiceo Secondi198 punti',
      '3°TerziLiceo Terzi197 punti',
      'OspiteOspiti UnoLiceo Ospiti Uno191 punti',
    ]);
    // At the last step only 'Indietro' moves.
    expect(screen.getByRole('button', { name: /Avanti/ })).toHaveProperty('disabled', true);
    fireEvent.keyDown(window, { key: 'PageDown' });
    fireEvent.keyDown(window, { key: 'PageUp' });
    expect(muovi.mock.calls).toEqual([[{ azione: 'indietro' }]]);
    expect(screen.getByText(/La proclamazione è conclusa/)).toBeTruthy();
  });
});
