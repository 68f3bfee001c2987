import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { jsonResponse, mockFetch } from '../testing';
import { ConfirmButton } from './ConfirmButton';
import { FlipClock, splitCountdown } from './FlipClock';
import { LoaderError } from './LoaderError';
import { LoadingBar } from './LoadingBar';
import { nextRefreshDelay, RelativeTime } from './RelativeTime';
import { filterMatcher, SelectFilter } from './SelectFilter';
import { elapsedLabel } from './toasts/elapsed';
import { useToasts } from './toasts/ToastContext';
import { THROTTLED_MESSAGE, ToastProvider } from './toasts/ToastProvider';

/** Advances fake time one second per act, so effects re-arm their timers between ticks. */
function tick(ms: number) {
  for (let left = ms; left > 0; left -= 1000) {
    act(() => void vi.advanceTimersByTime(Math.min(1000, left)));
  }
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('toasts', () => {
  it("labels their age 'Adesso', 'N secondi fa', 'N minuti fa'", () => {
    const t = 1_000_000;
    expect(elapsedLabel(t, t)).toBe('Adesso');
    expect(elapsedLabel(t, t + 4999)).toBe('Adesso');
    expect(elapsedLabel(t, t + 12_000)).toBe('12 secondi fa');
    expect(elapsedLabel(t, t + 60_000)).toBe('1 minuto fa');
    expect(elapsedLabel(t, t + 3 * 60_000 + 10_000)).toBe('3 minuti fa');
  });

  it('shows title, age, message and a close button, and ages every second', () => {
    vi.useFakeTimers();
    function Show() {
      const toasts = useToasts();
      return (
        <button type="button" onClick={() => toasts.show({ title: 'Titolo', message: 'Testo' })}>
          mostra
        </button>
      );
    }
    render(
      <ToastProvider>
        <Show />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('mostra'));
    expect(screen.getByText('Titolo')).toBeTruthy();
    expect(screen.getByText('Testo')).toBeTruthy();
    expect(screen.getByText('Adesso')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(7000));
    expect(screen.getByText('7 secondi fa')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByText('2 minuti fa')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByText('Titolo')).toBeNull();
  });

  it("shows one 'Calma' toast on any 429 and hides it after 10 s", async () => {
    vi.useFakeTimers();
    mockFetch({ '/api/x/': () => jsonResponse({ detail: 'Troppe richieste.' }, 429) });
    render(<ToastProvider>{null}</ToastProvider>);
    await act(async () => {
      await expect(api.get('/api/x/', 'detail')).rejects.toMatchObject({ kind: 'throttled' });
      await expect(api.get('/api/x/', 'detail')).rejects.toMatchObject({ kind: 'throttled' });
    });
    expect(screen.getByText('Calma')).toBeTruthy();
    expect(screen.getAllByText(THROTTLED_MESSAGE)).toHaveLength(1);
    tick(9000);
    expect(screen.getByText('9 secondi fa')).toBeTruthy();
    tick(1500);
    expect(screen.queryByText('Calma')).toBeNull();
  });
});

describe("confirm button ('Sei sicuro?')", () => {
  it('acts only after Conferma', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmButton onConfirm={onConfirm}>Elimina</ConfirmButton>);
    fireEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Sei sicuro?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByText('Sei sicuro?')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Conferma' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Sei sicuro?')).toBeNull());
  });

  it('closes on Escape without acting', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmButton onConfirm={onConfirm}>Elimina</ConfirmButton>);
    fireEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sei sicuro?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('loader failure', () => {
  it("shows 'Errore nel caricamento', the message and 'Riprova'", () => {
    const onRetry = vi.fn();
    render(<LoaderError error={new Error('Server giù')} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Errore nel caricamento' })).toBeTruthy();
    expect(screen.getByText('Server giù')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('loading bar', () => {
  it('is busy while a query is pending', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <LoadingBar />
      </QueryClientProvider>,
    );
    const bar = screen.getByTestId('loading-bar');
    expect(bar.dataset.busy).toBe('false');
    let resolve!: (v: number) => void;
    void client.fetchQuery({
      queryKey: ['x'],
      queryFn: () => new Promise<number>((r) => (resolve = r)),
    });
    await waitFor(() => expect(bar.dataset.busy).toBe('true'));
    act(() => resolve(1));
    await waitFor(() => expect(bar.dataset.busy).toBe('false'));
  });
});

describe('relative time', () => {
  it('refreshes every second, minute, hour or day by magnitude', () => {
    expect(nextRefreshDelay(10_500, 0)).toBe(500);
    expect(nextRefreshDelay(5 * 60_000 + 20_000, 0)).toBe(40_000);
    expect(nextRefreshDelay(-3 * 3_600_000 - 60_000, 0)).toBe(3_540_000);
  });

  it("moves from 'Fra 3 secondi' to 'Adesso' and then into the past", () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    render(<RelativeTime value={3000} />);
    expect(screen.getByText('Fra 3 secondi')).toBeTruthy();
    tick(3000);
    expect(screen.getByText('Adesso')).toBeTruthy();
    tick(2000);
    expect(screen.getByText('2 secondi fa')).toBeTruthy();
  });
});

describe('flip clock', () => {
  it('splits the remaining time', () => {
    expect(splitCountdown(((26 * 60 + 3) * 60 + 4) * 1000)).toEqual({
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 4,
    });
    expect(splitCountdown(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('shows days only when more than 0 and calls onEnd at zero', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const onEnd = vi.fn();
    const { rerender } = render(<FlipClock to={2 * 86_400_000 + 5000} />);
    expect(screen.getByText('giorni')).toBeTruthy();
    rerender(<FlipClock key="b" to={65_000} onEnd={onEnd} />);
    expect(screen.queryByText('giorni')).toBeNull();
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('00ore01minuti05secondi');
    tick(5000);
    expect(timer.textContent).toBe('00ore01minuti00secondi');
    tick(60_000);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});

describe('select filter', () => {
  const options = [
    { value: '1', label: 'Liceo Galilei - Fotoni' },
    { value: '2', label: 'ITIS Avogadro - Gluoni' },
    { value: '3', label: 'liceo Volta - Quark (A)' },
  ];

  it('matches case-insensitive regular expressions, literally when invalid', () => {
    expect(options.map((o) => o.label).filter(filterMatcher('^liceo'))).toHaveLength(2);
    expect(options.map((o) => o.label).filter(filterMatcher('gluon|quark'))).toHaveLength(2);
    expect(options.map((o) => o.label).filter(filterMatcher('(a'))).toHaveLength(1);
    expect(options.map((o) => o.label).filter(filterMatcher('(A)'))).toHaveLength(3);
    expect(options.map((o) => o.label).filter(filterMatcher('quark (a'))).toHaveLength(1);
  });

  it('filters the options of the select and keeps the chosen one', () => {
    const onChange = vi.fn();
    render(<SelectFilter label="Squadra" options={options} value="2" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Filtra Squadra'), { target: { value: 'LICEO' } });
    const select = screen.getByLabelText('Squadra') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', '1', '2', '3']);
    fireEvent.change(screen.getByLabelText('Filtra Squadra'), { target: { value: 'volta' } });
    expect([...select.options].map((o) => o.value)).toEqual(['', '2', '3']);
    fireEvent.change(select, { target: { value: '3' } });
    expect(onChange).toHaveBeenCalledWith('3');
  });
});
