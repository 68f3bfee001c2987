// The server's first screen kept by the app while the page loads
// (primaSchermata.tsx): shown for its own path only, until the page renders;
// the answers it was painted from seed the query cache, stale.
import { cleanup, render, screen } from '@testing-library/react';
import { FILTRO_EVENTI_NON_UFFICIALI, FILTRO_EVENTI_UFFICIALI } from '@gas/contracts';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../api/queries';
import { punteggiKeys } from '../features/punteggi/api';
import { risultatiKeys } from '../features/risultati/useRisultati';
import {
  catturaPrimaSchermata,
  classificaDellaPrimaSchermata,
  dipingiCon,
  FinePrimaSchermata,
  InAttesa,
} from './primaSchermata';

/** A document as the server sends a painted page (plugins/prima-schermata.ts). */
function dipinta(percorso: string, dati?: string): Document {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML =
    `<div id="root"><main><div data-prima-schermata="${percorso}"><h1>Finale</h1></div></main></div>` +
    (dati === undefined
      ? ''
      : `<script type="application/json" id="dati-prima-schermata">${dati}</script>`);
  return doc;
}

const inAttesa = (percorso: string) =>
  render(
    <MemoryRouter initialEntries={[percorso]}>
      <InAttesa />
    </MemoryRouter>,
  );

describe('the first screen the server painted', () => {
  afterEach(() => {
    cleanup();
    catturaPrimaSchermata(document.implementation.createHTMLDocument());
  });

  it('is shown while its own page loads, and the spinner elsewhere', () => {
    catturaPrimaSchermata(dipinta('/sessione/4/punteggi/'));
    const { unmount } = inAttesa('/sessione/4/punteggi/');
    expect(screen.getByRole('heading', { name: 'Finale' })).toBeTruthy();
    unmount();
    inAttesa('/sessione/5/punteggi/');
    expect(screen.queryByRole('heading', { name: 'Finale' })).toBeNull();
    expect(screen.getByText('Caricamento…')).toBeTruthy();
  });

  it('is never shown again once the page has rendered', () => {
    catturaPrimaSchermata(dipinta('/sessione/4/punteggi/'));
    render(<FinePrimaSchermata />);
    inAttesa('/sessione/4/punteggi/');
    expect(screen.queryByRole('heading', { name: 'Finale' })).toBeNull();
  });

  it('is nothing when the server painted nothing', () => {
    catturaPrimaSchermata(document.implementation.createHTMLDocument());
    inAttesa('/sessione/4/punteggi/');
    expect(screen.getByText('Caricamento…')).toBeTruthy();
  });

  it('seeds the cache with its answers, stale so that the page asks again', () => {
    const client = new QueryClient();
    const sessione = { id: 4, nome: 'Finale', evento: 2 };
    const evento = { id: 2, titolo: 'Gara' };
    catturaPrimaSchermata(
      dipinta('/sessione/4/punteggi/', JSON.stringify({ sessione, evento })),
      client,
    );
    expect(client.getQueryData(queryKeys.sessione(4))).toEqual(sessione);
    expect(client.getQueryData(queryKeys.evento(2))).toEqual(evento);
    expect(client.getQueryState(queryKeys.evento(2))?.dataUpdatedAt).toBe(0);
    // Unreadable answers are ignored: the page asks for them as usual.
    const other = new QueryClient();
    catturaPrimaSchermata(dipinta('/sessione/4/punteggi/', '{rotto'), other);
    expect(other.getQueryData(queryKeys.sessione(4))).toBeUndefined();
  });

  it('seeds an event list under the key its page asks with', () => {
    const client = new QueryClient();
    const lista = [{ id: 3, titolo: 'Allenamento' }];
    catturaPrimaSchermata(
      dipinta(
        '/eventi/non-ufficiali/',
        JSON.stringify({ eventi: { filtro: FILTRO_EVENTI_NON_UFFICIALI, lista } }),
      ),
      client,
    );
    expect(client.getQueryData(queryKeys.eventi(FILTRO_EVENTI_NON_UFFICIALI))).toEqual(lista);
    expect(client.getQueryData(queryKeys.eventi(FILTRO_EVENTI_UFFICIALI))).toBeUndefined();
    expect(client.getQueryState(queryKeys.eventi(FILTRO_EVENTI_NON_UFFICIALI))?.dataUpdatedAt).toBe(
      0,
    );
  });

  it("seeds the results' ranking, teams and venues under the keys the results page reads", () => {
    const client = new QueryClient();
    const sessione = { id: 4, nome: 'Finale', evento: 2, poli: [5] };
    const classifica = { ora: '2026-11-27T10:00:00Z', json: { classifica: [] } };
    const squadre = [{ id: 7, nome: 'Fotoni' }];
    const poli = [{ id: 5, nome_breve: 'Pisa' }];
    catturaPrimaSchermata(
      dipinta(
        '/sessione/4/risultati/',
        JSON.stringify({ sessione, evento: { id: 2 }, classifica, squadre, poli }),
      ),
      client,
    );
    expect(client.getQueryData(risultatiKeys.classifica(4))).toEqual(classifica);
    expect(client.getQueryData(queryKeys.squadreInSessione(4))).toEqual(squadre);
    expect(client.getQueryData(punteggiKeys.poli(2))).toEqual(poli);
    expect(client.getQueryState(risultatiKeys.classifica(4))?.dataUpdatedAt).toBe(0);
  });

  it("hands the painted ranking to the scores page's first render only, for its own session", () => {
    const classifica = { ora: '2026-11-27T10:00:00Z', json: { sessione: 4, classifica: [] } };
    catturaPrimaSchermata(
      dipinta(
        '/sessione/4/punteggi/',
        JSON.stringify({ sessione: { id: 4, evento: 2 }, classifica }),
      ),
      new QueryClient(),
    );
    expect(classificaDellaPrimaSchermata(4)).toEqual(classifica);
    expect(classificaDellaPrimaSchermata(5)).toBeNull();
    // Once the page has rendered, a later visit reads its own.
    render(<FinePrimaSchermata />);
    expect(classificaDellaPrimaSchermata(4)).toBeNull();
  });

  it('on the server, the ranking is at hand while the page renders, and only then', () => {
    const classifica = { ora: '2026-11-27T10:00:00Z', json: { sessione: 4 } } as never;
    const during = dipingiCon({ classifica }, () => classificaDellaPrimaSchermata(4));
    expect(during).toBe(classifica);
    expect(classificaDellaPrimaSchermata(4)).toBeNull();
    expect(() =>
      dipingiCon({ classifica }, () => {
        throw new Error('render failed');
      }),
    ).toThrow('render failed');
    expect(classificaDellaPrimaSchermata(4)).toBeNull();
  });
});
