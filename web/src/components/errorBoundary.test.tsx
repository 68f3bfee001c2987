import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../api/auth';
import { errorFromResponse } from '../api/errors';
import { mockFetch, page } from '../testing';
import { RouteErrorBoundary } from './ErrorPage';
import { Layout } from './Layout';

function renderWith(element: React.ReactNode) {
  mockFetch({ '/api/ext-user/whoami/': ANONYMOUS_USER, '/api/gas/evento/': page([]) });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        children: [{ errorElement: <RouteErrorBoundary />, children: [{ index: true, element }] }],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('error boundary (spec §8)', () => {
  it("shows 'L'applicazione è crashata' with the stack inside the layout when a page throws", async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Boom(): React.ReactNode {
      throw new TypeError('x is not a function');
    }
    renderWith(<Boom />);
    expect(
      await screen.findByRole('heading', { level: 1, name: "L'applicazione è crashata" }),
    ).toBeTruthy();
    expect(screen.getByText(/TypeError: x is not a function/)).toBeTruthy();
    // The boundary reports it (below), so the page may say so.
    expect(screen.getByText(/segnalato automaticamente agli amministratori/)).toBeTruthy();
    // The navbar is still there, so the visitor can go elsewhere.
    expect(screen.getByRole('navigation', { name: 'Navigazione principale' })).toBeTruthy();
    expect(report).toHaveBeenCalled();
  });

  it("titles a forbidden call '403: Permesso negato' as a warning", async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Forbidden(): React.ReactNode {
      throw errorFromResponse(403, { detail: 'Non hai il permesso.' });
    }
    renderWith(<Forbidden />);
    const title = await screen.findByRole('heading', { level: 1, name: '403: Permesso negato' });
    expect(title.closest('.alert')?.className).toContain('alert-warning');
    expect(screen.getByText('Non hai il permesso.')).toBeTruthy();
    // No e-mail went anywhere: the page does not say one did.
    expect(screen.queryByText(/e-mail|segnalat/)).toBeNull();
  });
});
