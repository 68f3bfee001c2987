import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../api/auth';
import { type Handler, mockFetch, page, renderApp } from '../../testing';

const HOUR = 3_600_000;

function sessione(startOffset: number) {
  return {
    id: 4,
    nome: 'Sessione Nord',
    evento: 2,
    ufficiale: true,
    numero_qualificati: 8,
    ordine: 1,
    inizio: new Date(Date.now() + startOffset).toISOString(),
    fine: new Date(Date.now() + startOffset + 2 * HOUR).toISOString(),
    squadre_count: 20,
    poli: [],
  };
}

function setup(handlers: Record<string, Handler>) {
  mockFetch({
    '/api/ext-user/whoami/': ANONYMOUS_USER,
    '/api/gas/evento/': page([]),
    '/api/time/': () => {
      const now = Date.now();
      return new Response(JSON.stringify({ time: new Date(now).toISOString(), epoch_ms: now }));
    },
    ...handlers,
  });
  return renderApp('/sessione/4/orologio/');
}

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('live clock page', () => {
  it('counts down to the end while the session runs', async () => {
    setup({ '/api/gas/sessione/4/': sessione(-HOUR) });
    expect(await screen.findByText('Alla fine mancano', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Tempo alla fine' })).toBeTruthy();
    expect(screen.queryByText('giorni')).toBeNull();
    expect(screen.queryByText(/orologio del tuo computer/)).toBeNull();
  });

  it("says 'L'evento è concluso!' after the end", async () => {
    setup({ '/api/gas/sessione/4/': sessione(-3 * HOUR) });
    expect(await screen.findByText("L'evento è concluso!", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('warns when this computer is more than 10 s behind the server', async () => {
    setup({
      '/api/gas/sessione/4/': sessione(2 * 86_400_000),
      '/api/time/': () => {
        const now = Date.now() + 25_000;
        return new Response(JSON.stringify({ time: new Date(now).toISOString(), epoch_ms: now }));
      },
    });
    expect(await screen.findByText(/indietro di 25 secondi/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText("All'inizio mancano")).toBeTruthy();
    // On the server's clock, 25 s ahead: 1 day 23 h 59 min (not 2 days) to the start.
    await waitFor(() =>
      expect(screen.getByRole('timer', { name: "Tempo all'inizio" }).textContent).toMatch(
        /^1giorno23ore59minuti3\dsecondi$/,
      ),
    );
  });
});
