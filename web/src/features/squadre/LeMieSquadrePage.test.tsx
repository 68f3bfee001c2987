// 'Le mie squadre' (issue 26): a manager's teams of the current events, by
// event and session, with the ways on to each session.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { evento, mockFetch, page, renderPage, squadra, user } from '../../testing';
import LeMieSquadrePage, { NESSUNA_SQUADRA_CORRENTE } from './LeMieSquadrePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const manager = user('m.rossi', {
  responsabile: {
    id: 5,
    user: 7,
    attivo: true,
    ruolo: 'sp',
    puo_iscriversi_gare_ufficiali: true,
    newsletter: false,
    scuole: [1],
    squadre: [],
  },
});

function open(squadre: ReturnType<typeof squadra>[]) {
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': manager,
    '/api/gas/evento/': page([
      evento(1, 48, { titolo: 'Gara a squadre nazionale' }),
      evento(2, 2, {
        titolo: 'Allenamento di Roma',
        sessioni: [
          { id: 21, nome: 'Mattina', ufficiale: false, numero_qualificati: null },
          { id: 22, nome: 'Pomeriggio', ufficiale: false, numero_qualificati: null },
        ],
      }),
    ]),
    '/api/gas/squadra/mie/': page(squadre),
    '/api/gas/polo/': page([]),
  });
  renderPage(<LeMieSquadrePage />, { path: '/le-mie-squadre/' });
  return fetchMock;
}

describe('Le mie squadre', () => {
  it('lists every team of the current events by event (soonest first) and session', async () => {
    open([
      { ...squadra(1, 10, 'Fermi A', 'Liceo Fermi', 'Roma'), evento: 1 },
      { ...squadra(2, 22, 'Fermi B', 'Liceo Fermi', 'Roma'), evento: 2 },
      { ...squadra(3, 21, 'Fermi C', 'Liceo Fermi', 'Roma'), evento: 2 },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Le mie squadre' })).toBeTruthy();
    const eventi = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(eventi).toEqual(['Allenamento di Roma', 'Gara a squadre nazionale']);
    const mattina = screen.getByRole('region', { name: 'Allenamento di Roma — Mattina' });
    expect(within(mattina).getByText('Fermi C')).toBeTruthy();
    expect(
      within(mattina)
        .getByRole('link', { name: 'Le tue squadre in questa sessione' })
        .getAttribute('href'),
    ).toBe('/sessione/21/le-tue-squadre/');
    expect(
      within(mattina).getByRole('link', { name: 'Consegna risposte' }).getAttribute('href'),
    ).toBe('/sessione/21/consegna-risposte/');
    const pomeriggio = screen.getByRole('region', { name: 'Allenamento di Roma — Pomeriggio' });
    expect(within(pomeriggio).getByText('Fermi B')).toBeTruthy();
    expect(
      within(
        screen.getByRole('region', { name: 'Gara a squadre nazionale — Sessione 1' }),
      ).getByText('Fermi A'),
    ).toBeTruthy();
  });

  it('says so when he has no team in the current events', async () => {
    open([]);
    expect(await screen.findByText(NESSUNA_SQUADRA_CORRENTE)).toBeTruthy();
  });
});
