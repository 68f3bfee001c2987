// Test helper of the tools pages: one page at a path, inside the providers
// the layout gives it (query cache, router, toasts), without the navbar.
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../toasts/ToastProvider';

// The machine running the tests is often busy: give slow renders time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

export function renderPage(
  element: ReactElement,
  { path = '/', route }: { path?: string; route?: string } = {},
) {
  const router = createMemoryRouter(
    [
      { path: route ?? path, element: <ToastProvider>{element}</ToastProvider> },
      { path: '*', element: <p>altra pagina</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** The JSON bodies sent to `path` with `method`. */
export function sentTo(
  fetchMock: { mock: { calls: unknown[][] } },
  path: string,
  method = 'POST',
): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => {
      const u = new URL(String(url), 'http://localhost/');
      return u.pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method;
    })
    .map(([, init]) => {
      const body = (init as RequestInit).body;
      return typeof body === 'string' ? (JSON.parse(body) as unknown) : body;
    });
}
