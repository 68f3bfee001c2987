import { describe, expect, it, vi } from 'vitest';
import { errorFromResponse, joinMessages } from '../api/errors';
import { applyServerErrors } from './formErrors';

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
