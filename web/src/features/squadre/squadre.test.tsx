import type { Responsabile } from '@gas/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  evento,
  type Handler,
  jsonResponse,
  mockFetch,
  NESSUN_PERMESSO,
  page,
  renderPage,
  sentTo,
  squadra,
  user,
  sessioneOut,
} from '../../testing';
import LeTueSquadrePage from './LeTueSquadrePage';
import NuovaSquadraPage, { NESSUNA_SESSIONE_APERTA, sessioniAperte } from './NuovaSquadraPage';
import { SECONDARIO_NESSUNA_QUI } from './texts';

const responsabile = (ruolo: 'sp' | 'ss', squadre: number[] = []): Responsabile => ({
  id: 3,
  user: 1,
  attivo: true,
  puo_iscriversi_gare_ufficiali: false,
  newsletter: false,
  ruolo,
  scuole: [],
  squadre,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function leTue(
  tipologia: 'o' | 'pub',
  ruolo: 'sp' | 'ss',
  mie: unknown[],
  extra: Record<string, Handler> = {},
  opts: { sessioneUfficiale?: boolean; assegnate?: number[]; inizio?: number } = {},
) {
  mockFetch({
    '/api/ext-user/whoami/': user('docente', {
      responsabile: responsabile(ruolo, opts.assegnate),
    }),
    '/api/gas/sessione/10/': sessioneOut({
      id: 10,
      nome: 'Sessione unica',
      evento: 1,
      ufficiale: opts.sessioneUfficiale ?? tipologia === 'o',
      poli: [],
    }),
    '/api/gas/evento/1/': evento(1, opts.inizio ?? 86_400_000, {
      tipologia,
      titolo: 'Gara di prova',
    }),
    '/api/gas/squadra/mie/': page(mie),
    ...extra,
  });
  return renderPage(<LeTueSquadrePage />, {
    path: '/sessione/10/le-tue-squadre/',
    route: '/sessione/:pk/le-tue-squadre',
  });
}

describe('le-tue-squadre', () => {
  it('official session without teams: they are registered on the olympiad site', async () => {
    leTue('o', 'sp', []);
    expect(await screen.findByText(/Vanno registrate su myOlifis/)).toBeTruthy();
    expect(screen.getByText('Sessione ufficiale')).toBeTruthy();
    expect(screen.getByText('Sessione unica', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Registra una squadra' })).toBeNull();
  });

  it("unofficial session without teams: 'Puoi registrarne qualcuna...' and the link", async () => {
    leTue('pub', 'sp', []);
    expect(
      await screen.findByText(/Puoi registrarne qualcuna seguendo il link qui sotto\./),
    ).toBeTruthy();
    expect(screen.getByText('Sessione non ufficiale')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Registra una squadra' }).getAttribute('href')).toBe(
      '/nuova-squadra/?sessione=10',
    );
  });

  it('a secondary manager without teams is told to contact the main manager', async () => {
    leTue('o', 'ss', []);
    expect(await screen.findByText(/contatta il responsabile principale/)).toBeTruthy();
  });

  it('a secondary manager with teams in other sessions: none in this one, no warning', async () => {
    leTue('o', 'ss', [], {}, { assegnate: [1, 3] });
    expect(await screen.findByText(SECONDARIO_NESSUNA_QUI)).toBeTruthy();
    expect(screen.queryByText(/contatta il responsabile principale/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a non-official session of an official event is not called official', async () => {
    leTue('o', 'sp', [], {}, { sessioneUfficiale: false });
    expect(await screen.findByText('Sessione non ufficiale')).toBeTruthy();
    expect(screen.queryByText('Sessione ufficiale')).toBeNull();
  });

  it('shows the team cards', async () => {
    leTue('pub', 'sp', [{ ...squadra(1, 10, 'Le Quark', 'Liceo Fermi', 'Pisa'), capitano: 'Ada' }]);
    expect(await screen.findByRole('heading', { name: /Le Quark/ })).toBeTruthy();
    expect(screen.getByText('Liceo Fermi — Pisa')).toBeTruthy();
    expect(screen.getByText('Ada')).toBeTruthy();
    // Before the contest there is no certificate yet.
    expect(screen.queryByRole('link', { name: /Attestato/ })).toBeNull();
  });

  it("once the contest is over, each team's certificate", async () => {
    leTue(
      'pub',
      'sp',
      [squadra(1, 10, 'Le Quark', 'Liceo Fermi', 'Pisa')],
      {},
      {
        inizio: -3 * 86_400_000,
      },
    );
    const link = await screen.findByRole('link', { name: 'Attestato di Le Quark (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/gas/sessione/10/attestati/?squadra=1');
  });
});

describe('nuova-squadra', () => {
  const aperto = evento(4, 7 * 86_400_000, {
    tipologia: 'pub',
    titolo: 'Allenamento',
    sessioni: [{ id: 40, nome: 'Unica', ufficiale: false, numero_qualificati: null }],
    permessi: { ...NESSUN_PERMESSO, puo_iscrivere_squadre: true },
  });
  const chiuso = evento(5, 7 * 86_400_000, { tipologia: 'pub', titolo: 'Chiuso' });
  const ufficiale = evento(6, 86_400_000, {
    permessi: { ...NESSUN_PERMESSO, puo_iscrivere_squadre: true },
  });

  it('offers only unofficial sessions whose enrolment is open', () => {
    expect(sessioniAperte([aperto, chiuso, ufficiale]).map((o) => o.id)).toEqual([40]);
  });

  it("'Squadra iscritta' / 'Hai iscritto la squadra {name} con successo'", async () => {
    const fetchMock = mockFetch({
      '/api/ext-user/whoami/': user('docente', { responsabile: responsabile('sp') }),
      '/api/gas/evento/': page([aperto, chiuso]),
      '/api/ext-user/scuola/': page([]),
      '/api/gas/squadra/': () =>
        jsonResponse({ ...squadra(9, 40, 'I Fotoni', 'x', 'y'), scuola: null }, 201),
    });
    renderPage(<NuovaSquadraPage />, {
      path: '/nuova-squadra/?sessione=40',
      route: '/nuova-squadra',
    });
    expect(await screen.findByRole('heading', { name: 'Iscrizione squadra' })).toBeTruthy();
    const sessione = (await screen.findByLabelText('Sessione')) as HTMLSelectElement;
    expect(sessione.value).toBe('40');
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'I Fotoni' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iscrivi la squadra' }));
    expect(await screen.findByText('Squadra iscritta')).toBeTruthy();
    expect(screen.getByText('Hai iscritto la squadra I Fotoni con successo')).toBeTruthy();
    expect(sentTo(fetchMock, '/api/gas/squadra/')).toEqual([
      { nome: 'I Fotoni', sessione: 40, scuola: null },
    ]);
    await waitFor(() => expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe(''));
  });

  it('says so when no session is open', async () => {
    mockFetch({
      '/api/ext-user/whoami/': user('docente', { responsabile: responsabile('sp') }),
      '/api/gas/evento/': page([chiuso]),
    });
    renderPage(<NuovaSquadraPage />, { path: '/nuova-squadra/', route: '/nuova-squadra' });
    expect(await screen.findByText(NESSUNA_SESSIONE_APERTA)).toBeTruthy();
  });
});
