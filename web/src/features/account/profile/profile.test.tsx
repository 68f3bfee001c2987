import type { Responsabile, User } from '@gas/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  evento,
  mockFetch,
  NESSUN_PERMESSO,
  page,
  renderPage,
  sentTo,
  user,
} from '../../../testing';
import ChatTokenPage from '../ChatTokenPage';
import { PROFILO_MANCANTE } from '../../squadre/texts';
import { DATI_SU_SITO_ESTERNO, NON_AUTENTICATO, Profilo } from './Profilo';
import { NOTA_PASSWORD } from './ManagerCard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const resp = (ruolo: 'sp' | 'ss'): Responsabile => ({
  id: 3,
  user: 1,
  attivo: true,
  puo_iscriversi_gare_ufficiali: true,
  newsletter: true,
  ruolo,
  scuole: [201],
  squadre: [],
});

const altro = {
  id: 61,
  username: 'secondario',
  first_name: 'Sergio',
  last_name: 'Secondi',
  email: 'secondario@example.org',
  responsabile: {
    id: 9,
    user: 61,
    ruolo: 'ss',
    attivo: true,
    puo_iscriversi_gare_ufficiali: true,
    scuole: [],
    squadre: [1, 2],
  },
  puo_modificare: true,
  puo_modificare_assegnazioni: true,
};

function show(u: User) {
  mockFetch({
    '/api/ext-user/whoami/': u,
    '/api/gas/extended-user/': page([altro]),
    '/api/gas/evento/': page([
      evento(4, 86_400_000, {
        titolo: 'Il mio allenamento',
        tipologia: 'pub',
        permessi: { ...NESSUN_PERMESSO, puo_modificare: true },
      }),
    ]),
  });
  return renderPage(<Profilo user={u} />, {
    path: '/accounts/profile/',
    route: '/accounts/profile',
  });
}

describe('profile', () => {
  it("'Non autenticato' for a visitor", () => {
    show({ ...user('x'), is_authenticated: false, id: null });
    expect(screen.getByText(NON_AUTENTICATO)).toBeTruthy();
  });

  it('a main manager: read-only data with the external-site note, own card, events, other managers, create button', async () => {
    show(user('principale', { responsabile: resp('sp') }));
    expect(screen.getByText(DATI_SU_SITO_ESTERNO)).toBeTruthy();
    const mine = screen.getByRole('region', { name: 'I tuoi dati' });
    expect(within(mine).getByText('Responsabile principale')).toBeTruthy();
    expect(within(mine).getByText(NOTA_PASSWORD, { exact: false })).toBeTruthy();
    expect(within(mine).getByText('Newsletter')).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Eventi non ufficiali' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nuovo evento' }).getAttribute('href')).toBe(
      '/nuovo-evento/',
    );
    expect(await screen.findByRole('link', { name: 'Il mio allenamento' })).toBeTruthy();
    const altri = screen.getByRole('region', { name: 'Altri responsabili delle tue scuole' });
    const card = (await within(altri).findByRole('heading', { name: /Sergio Secondi/ })).closest(
      '.card',
    ) as HTMLElement;
    expect(within(card).getByText('Responsabile squadra')).toBeTruthy();
    // Another manager's card has no password note and no newsletter.
    expect(within(card).queryByText(NOTA_PASSWORD, { exact: false })).toBeNull();
    expect(within(card).queryByText('Newsletter')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Modifica' }).getAttribute('href')).toBe(
      '/modifica-responsabile/61/',
    );
    expect(screen.getByRole('link', { name: 'Crea un nuovo responsabile' })).toBeTruthy();
  });

  it('a secondary manager has no create button; without teams he is told whom to ask', async () => {
    show(user('secondario', { responsabile: resp('ss') }));
    expect(screen.getByText(/contatta il responsabile principale/)).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Altri responsabili delle tue scuole' }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Crea un nuovo responsabile' })).toBeNull();
    expect(screen.queryByText(DATI_SU_SITO_ESTERNO)).toBeNull();
  });

  it('a user without a manager profile is told to report it', () => {
    show(user('nessuno'));
    expect(screen.getByText(PROFILO_MANCANTE)).toBeTruthy();
  });
});

describe('chat token', () => {
  it('prefills the user from ?user= (no token until asked), shows the token with copy and reset', async () => {
    const fetchMock = mockFetch({
      '/api/ext-user/whoami/': user('docente', { responsabile: resp('sp') }),
      '/api/gas/chat-token/': { token: 'tok-1', username: 'Dani' },
      '/api/gas/chat-token/reset/': { token: 'tok-2', username: 'Dani' },
    });
    renderPage(<ChatTokenPage />, {
      path: '/accounts/profile/chat-token/?user=Dani',
      route: '/accounts/profile/chat-token',
    });
    const nome = (await screen.findByLabelText('Nome utente nella chat')) as HTMLInputElement;
    expect(nome.value).toBe('Dani');
    // The chat bot's link only prefills: the token comes when asked for.
    expect(screen.queryByLabelText('Token')).toBeNull();
    expect(sentTo(fetchMock, '/api/gas/chat-token/')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ottieni il token' }));
    const token = (await screen.findByLabelText('Token')) as HTMLInputElement;
    expect(token.value).toBe('tok-1');
    expect(sentTo(fetchMock, '/api/gas/chat-token/')).toEqual([{ user: 'Dani' }]);
    expect(screen.getByRole('button', { name: 'Copia' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Conferma' }));
    await screen.findByDisplayValue('tok-2');
  });
});
