// whoami's answer for a visitor is the user assumed before it: the same
// object, so what depends on the user is not computed again when it lands.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockFetch, user } from '../testing';
import { ANONYMOUS_USER } from './auth';
import { useCurrentUser } from './queries';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderUser() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCurrentUser(), { wrapper });
}

it('keeps the same user object when whoami answers for a visitor', async () => {
  // An equal copy, as JSON from the server would be.
  mockFetch({ '/api/ext-user/whoami/': { ...ANONYMOUS_USER } });
  const { result } = renderUser();
  const prima = result.current.user;
  expect(prima).toBe(ANONYMOUS_USER);
  await waitFor(() => expect(result.current.isPending).toBe(false));
  expect(result.current.user).toBe(prima);
});

it('gives the signed-in user as whoami answers', async () => {
  mockFetch({ '/api/ext-user/whoami/': user('m.rossi') });
  const { result } = renderUser();
  await waitFor(() => expect(result.current.isPending).toBe(false));
  expect(result.current.user.username).toBe('m.rossi');
  expect(result.current.user.is_authenticated).toBe(true);
});
