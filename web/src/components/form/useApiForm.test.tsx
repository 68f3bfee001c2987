import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  errorFromResponse,
  joinMessages,
  NETWORK_ERROR_MESSAGE,
  networkError,
} from '../../api/errors';
import { applyServerErrors, serverErrorMessage, useApiForm } from './useApiForm';

describe('server errors on a form (spec §5: several messages joined by ". ")', () => {
  it('joins sentences without doubling their full stop', () => {
    expect(joinMessages(['Questo campo è obbligatorio.', 'Al massimo 150 caratteri.'])).toBe(
      'Questo campo è obbligatorio. Al massimo 150 caratteri.',
    );
    expect(joinMessages(['Obbligatorio', 'Troppo corto'])).toBe('Obbligatorio. Troppo corto');
    expect(joinMessages(['Uno solo.'])).toBe('Uno solo.');
  });

  it('puts field messages on their fields and the rest in the general message', () => {
    const setError = vi.fn();
    const error = errorFromResponse(400, {
      nome: ['Questo campo è obbligatorio.', 'Il testo contiene caratteri non ammessi.'],
      non_field_errors: ['Le iscrizioni a questa sessione non sono aperte.'],
    });
    const general = applyServerErrors(error, setError, ['nome']);
    expect(setError).toHaveBeenCalledWith('nome', {
      type: 'server',
      message: 'Questo campo è obbligatorio. Il testo contiene caratteri non ammessi.',
    });
    expect(general).toBe('Le iscrizioni a questa sessione non sono aperte.');
  });
});

describe('useApiForm', () => {
  interface Values {
    nome: string;
    scuola: string;
  }
  const setup = () =>
    renderHook(() => useApiForm<Values>({ defaultValues: { nome: '', scuola: '' } }));

  it('maps a 400 once: field errors on the fields, the others and non_field_errors in general', () => {
    const { result } = setup();
    const error = errorFromResponse(400, {
      nome: ['Troppo lungo.', 'Caratteri non ammessi.'],
      sessione: ['Sessione chiusa.'],
      non_field_errors: ['Iscrizioni chiuse.'],
    });
    let returned: string | null = null;
    act(() => {
      returned = result.current.showServerError(error, ['nome', 'scuola']);
    });
    expect(result.current.getFieldState('nome').error?.message).toBe(
      'Troppo lungo. Caratteri non ammessi.',
    );
    expect(result.current.getFieldState('scuola').error).toBeUndefined();
    expect(result.current.general).toBe('Iscrizioni chiuse. sessione: Sessione chiusa.');
    expect(returned).toBe(result.current.general);
  });

  it('has no general message when every error sits on a field', () => {
    const { result } = setup();
    act(() => result.current.setGeneral('vecchio'));
    act(() => {
      result.current.showServerError(errorFromResponse(400, { scuola: ['Scuola sconosciuta.'] }), [
        'nome',
        'scuola',
      ]);
    });
    expect(result.current.getFieldState('scuola').error?.message).toBe('Scuola sconosciuta.');
    expect(result.current.general).toBeNull();
  });

  it('shows the network error text and the detail of other failures', () => {
    const { result } = setup();
    act(() => {
      result.current.showServerError(networkError(new TypeError('Failed to fetch')), ['nome']);
    });
    expect(result.current.general).toBe(NETWORK_ERROR_MESSAGE);
    act(() => {
      result.current.showServerError(errorFromResponse(403, { detail: 'Permesso negato.' }), [
        'nome',
      ]);
    });
    expect(result.current.general).toBe('Permesso negato.');
  });
});

describe('serverErrorMessage (single-field forms)', () => {
  it("is the field's own messages, else the general message", () => {
    expect(
      serverErrorMessage(
        errorFromResponse(400, { email: ['Non valida.', 'Troppo lunga.'] }),
        'email',
      ),
    ).toBe('Non valida. Troppo lunga.');
    expect(serverErrorMessage(errorFromResponse(400, { non_field_errors: ['No.'] }), 'email')).toBe(
      'No.',
    );
    expect(serverErrorMessage(networkError(null), 'email')).toBe(NETWORK_ERROR_MESSAGE);
  });
});
