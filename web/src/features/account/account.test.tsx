import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../api/auth';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  page,
  renderApp,
  user,
  sitoOut,
} from '../../testing';

function setup(path: string, handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': ANONYMOUS_USER,
    '/api/gas/evento/': page([]),
    '/api/gas/sito/': sitoOut(),
    ...handlers,
  });
  return { ...renderApp(path), fetchMock };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('logs in and goes back to next (path and hash)', async () => {
    const { fetchMock, router } = setup(
      `/accounts/login/?next=${encodeURIComponent('/regolamento/#anno-2025')}`,
      { '/api/auth/login/': user('docente') },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accedi' }, { timeout: 5000 }),
    ).toBeTruthy();
    fill('Nome utente', 'docente');
    fill('Password', 'gas-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/regolamento/'));
    expect(router.state.location.hash).toBe('#anno-2025');
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/auth/login/');
    expect(JSON.parse((call?.[1] as RequestInit).body as string)).toEqual({
      username: 'docente',
      password: 'gas-demo',
    });
    expect(await screen.findByRole('button', { name: 'docente' })).toBeTruthy();
  });

  it('shows the non-field error and never follows an outside next', async () => {
    const { router } = setup('/accounts/login/?next=//evil.example/', {
      '/api/auth/login/': () =>
        jsonResponse(
          { non_field_errors: ['Impossibile eseguire il login con le credenziali immesse.'] },
          400,
        ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Accedi' }, { timeout: 5000 });
    fill('Nome utente', 'docente');
    fill('Password', 'sbagliata');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(
      await screen.findByText('Impossibile eseguire il login con le credenziali immesse.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/accounts/login/');
  });

  it('asks for both fields before calling the server', async () => {
    const { fetchMock } = setup('/accounts/login/');
    await screen.findByRole('heading', { level: 1, name: 'Accedi' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Inserisci il nome utente.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/auth/login/')).toBe(false);
  });
});

describe('password change page', () => {
  it('sends the three fields and shows server errors on their fields', async () => {
    setup('/accounts/password/', {
      '/api/ext-user/whoami/': user('docente'),
      '/api/auth/password/': () =>
        jsonResponse(
          {
            old_password: ['La password attuale non è corretta.'],
            confirm_password: ['Le due password non corrispondono', 'Riprova.'],
          },
          400,
        ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Cambia password' }, { timeout: 5000 });
    fill('Password attuale', 'x');
    fill('Nuova password', 'nuovissima');
    fill('Conferma password', 'diversa');
    fireEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    expect(await screen.findByText('La password attuale non è corretta.')).toBeTruthy();
    expect(screen.getByText('Le due password non corrispondono. Riprova.')).toBeTruthy();
    expect(screen.getByLabelText('Password attuale').getAttribute('aria-invalid')).toBe('true');
  });

  it('confirms a change', async () => {
    setup('/accounts/password/', {
      '/api/ext-user/whoami/': user('docente'),
      '/api/auth/password/': () => new Response(null, { status: 204 }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Cambia password' }, { timeout: 5000 });
    fill('Password attuale', 'gas-demo');
    fill('Nuova password', 'nuovissima');
    fill('Conferma password', 'nuovissima');
    fireEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    expect(await screen.findByText('La password è stata cambiata.')).toBeTruthy();
  });

  it('sends anonymous visitors to the login page', async () => {
    const { router } = setup('/accounts/password/');
    await screen.findByRole('heading', { level: 1, name: 'Accedi' }, { timeout: 5000 });
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/accounts/password/',
    );
  });
});

describe('login page reached from a login-only page', () => {
  it("keeps next in the navbar's 'Accedi' and lands on next after logging in", async () => {
    const { router } = setup('/accounts/password/', {
      '/api/auth/login/': user('docente'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Accedi' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Accedi' }).getAttribute('href')).toBe(
      `/accounts/login/?next=${encodeURIComponent('/accounts/password/')}`,
    );
    fill('Nome utente', 'docente');
    fill('Password', 'gas-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/password/'));
  });
});

describe('chat-token page', () => {
  it('?user= only prefills the name: no token is created until asked', async () => {
    const { fetchMock } = setup('/accounts/profile/chat-token/?user=fisico42', {
      '/api/ext-user/whoami/': user('docente'),
      '/api/gas/sito/': sitoOut({ chat_url: 'https://chat.example.it/gas' }),
      '/api/gas/chat-token/': { token: 'abc123', username: 'fisico42' },
    });
    const field = (await screen.findByLabelText(
      'Nome utente nella chat',
      {},
      { timeout: 5000 },
    )) as HTMLInputElement;
    expect(field.value).toBe('fisico42');
    expect(
      (await screen.findByRole('link', { name: 'server della comunità' })).getAttribute('href'),
    ).toBe('https://chat.example.it/gas');
    const posts = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/gas/chat-token/'));
    expect(posts()).toEqual([]);
    expect(screen.queryByLabelText('Token')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ottieni il token' }));
    expect(((await screen.findByLabelText('Token')) as HTMLInputElement).value).toBe('abc123');
    expect(posts()).toHaveLength(1);
  });

  it('without GAS_CHAT_URL the page names the chat server without a link', async () => {
    setup('/accounts/profile/chat-token/', {
      '/api/ext-user/whoami/': user('docente'),
      '/api/gas/sito/': sitoOut({ chat_url: null }),
    });
    expect(await screen.findByText(/server della comunità/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'server della comunità' })).toBeNull();
  });
});
