// The chat-token page shows a refused chat name (another account's) as the
// field's message, not as the raw server body (issue 12 item 6).
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MESSAGGI_PERSONE } from '@gas/contracts';
import { jsonResponse, mockFetch, page, renderApp, user, sitoOut } from '../../testing';

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('shows a chat name taken by another account on the field', async () => {
  mockFetch({
    '/api/ext-user/whoami/': user('principale'),
    '/api/gas/evento/': page([]),
    '/api/gas/sito/': sitoOut(),
    '/api/gas/chat-token/': () => jsonResponse({ user: [MESSAGGI_PERSONE.nomeChatDuplicato] }, 400),
  });
  renderApp('/accounts/profile/chat-token/');
  const field = await screen.findByLabelText('Nome utente nella chat', {}, { timeout: 5000 });
  fireEvent.change(field, { target: { value: 'admin' } });
  fireEvent.click(screen.getByRole('button', { name: 'Ottieni il token' }));
  expect(await screen.findByText(MESSAGGI_PERSONE.nomeChatDuplicato)).toBeTruthy();
  expect(screen.queryByText(/"user"/)).toBeNull();
});
