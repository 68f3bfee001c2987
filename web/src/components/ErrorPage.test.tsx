import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorFromResponse, networkError } from '../api/errors';
import { COSA_FARE, ErrorPage, SEGNALATO } from './ErrorPage';

afterEach(cleanup);

describe('error page (spec §8)', () => {
  it.each([
    [403, '403: Permesso negato'],
    [404, '404: Oggetto non trovato'],
    [400, '400: Bad request'],
    [500, 'Internal Server error'],
    [429, 'Errore generico'],
  ])('titles an API error with status %i as %s and shows its detail', (status, title) => {
    const { container } = render(
      <ErrorPage error={errorFromResponse(status, { detail: 'Il dettaglio.' })} />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByText('Il dettaglio.')).toBeTruthy();
    expect(container.querySelector('pre')).toBeNull(); // no stack for API errors
  });

  it.each([
    [403, 'forbidden'],
    [404, 'not_found'],
    [400, 'bad_request'],
    [429, 'throttled'],
    [409, 'client'],
  ] as const)(
    'says what to do after a %i and claims no report (nothing reports it)',
    (status, kind) => {
      const { container } = render(<ErrorPage error={errorFromResponse(status, {})} />);
      expect(screen.getByText(COSA_FARE[kind])).toBeTruthy();
      expect(container.textContent).not.toMatch(/segnalat|e-mail|email/i);
    },
  );

  it('says a server error was reported (the API client reports every 5xx)', () => {
    render(<ErrorPage error={errorFromResponse(502, {})} />);
    expect(screen.getByText(COSA_FARE.server).textContent).toContain(SEGNALATO);
  });

  it('shows the failed call’s request id, to quote when contacting the team', () => {
    render(<ErrorPage error={errorFromResponse(500, { detail: 'Errore.' }, 'abc-123-def-456')} />);
    expect(screen.getByText('abc-123-def-456').className).toContain('font-monospace');
    expect(screen.getByText(/Codice della richiesta/)).toBeTruthy();
  });

  it('titles a network error as a generic error', () => {
    const { container } = render(
      <ErrorPage error={networkError(new TypeError('Failed to fetch'))} />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Errore generico');
    expect(screen.getByText(COSA_FARE.network)).toBeTruthy();
    expect(container.textContent).not.toMatch(/segnalat/i);
  });

  it("shows 'L'applicazione è crashata' with the stack for other errors", () => {
    const error = new Error('undefined is not a function');
    render(<ErrorPage error={error} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("L'applicazione è crashata");
    expect(screen.getByText(error.stack!.split('\n')[0]!, { exact: false })).toBeTruthy();
  });
});
