import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  evento,
  type Handler,
  jsonResponse,
  mockFetch,
  page,
  renderPage,
  sentTo,
  user,
} from '../../testing';
import AdminActionsPage, { ERROR_MS, SELEZIONA_SESSIONE } from './AdminActionsPage';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sessione = {
  id: 11,
  nome: 'Sessione Nord',
  evento: 1,
  ufficiale: true,
  numero_qualificati: 5,
  ordine: 1,
  inizio: '2026-04-15T08:00:00Z',
  fine: '2026-04-15T10:00:00Z',
  squadre_count: 3,
  poli: [],
};

function open(who = user('staff', { is_staff: true }), extra: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': who,
    '/api/gas/sessione/': page([sessione]),
    '/api/gas/evento/': page([evento(1, 0, { titolo: 'Gara nazionale' })]),
    '/api/gas/sessione/11/delete_cache/': { detail: 'Cache resettata' },
    '/api/gas/sessione/11/request_refresh_frontend_delayed/': { detail: 'Refresh schedulato' },
    ...extra,
  });
  renderPage(<AdminActionsPage />, { path: '/admin-actions/', route: '/admin-actions' });
  return fetchMock;
}

describe('admin actions', () => {
  it("requires a session: 'Seleziona una sessione', cleared after 10 s", async () => {
    open();
    const button = await screen.findByRole('button', { name: 'Resetta la cache' });
    vi.useFakeTimers();
    fireEvent.click(button);
    expect(screen.getByText(SELEZIONA_SESSIONE)).toBeTruthy();
    act(() => vi.advanceTimersByTime(ERROR_MS));
    expect(screen.queryByText(SELEZIONA_SESSIONE)).toBeNull();
  });

  it("clears the cache ('Cache resettata') and schedules a refresh every 30 s by default ('Refresh schedulato')", async () => {
    const fetchMock = open();
    const select = (await screen.findByLabelText('Sessione')) as HTMLSelectElement;
    expect(select.options[1]!.text).toMatch(/^Gara nazionale — Sessione Nord \(15\/04\/2026\)$/);
    fireEvent.change(select, { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resetta la cache' }));
    expect(await screen.findByText('Cache resettata')).toBeTruthy();
    const intervallo = screen.getByLabelText('Intervallo (secondi)') as HTMLInputElement;
    expect(intervallo.value).toBe('30');
    expect(intervallo.step).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'Richiedi il refresh' }));
    expect(await screen.findByText('Refresh schedulato')).toBeTruthy();
    expect(
      sentTo(fetchMock, '/api/gas/sessione/11/request_refresh_frontend_delayed/', 'PATCH'),
    ).toEqual([{ interval: 30 }]);
    expect(sentTo(fetchMock, '/api/gas/sessione/11/delete_cache/', 'PATCH')).toHaveLength(1);
  });

  it('shows server errors', async () => {
    open(undefined, {
      '/api/gas/sessione/11/request_refresh_frontend_delayed/': () =>
        jsonResponse({ interval: ['Deve essere al massimo 3600.'] }, 400),
    });
    fireEvent.change(await screen.findByLabelText('Sessione'), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText('Intervallo (secondi)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Richiedi il refresh' }));
    await waitFor(() => expect(screen.getByText('Deve essere al massimo 3600.')).toBeTruthy());
  });

  it.each([
    ['', 'Questo campo è obbligatorio.'],
    ['-5', 'Il valore deve essere almeno 0.'],
    ['2.5', 'Inserisci un numero intero.'],
    ['5000', 'Il valore deve essere al massimo 3600.'],
  ])('refuses the interval %j before sending: %s', async (value, message) => {
    const fetchMock = open();
    fireEvent.change(await screen.findByLabelText('Sessione'), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText('Intervallo (secondi)'), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Richiedi il refresh' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(
      sentTo(fetchMock, '/api/gas/sessione/11/request_refresh_frontend_delayed/', 'PATCH'),
    ).toEqual([]);
  });

  it('is for staff only', async () => {
    open(user('docente'));
    expect(await screen.findByText('403: Permesso negato')).toBeTruthy();
  });
});
