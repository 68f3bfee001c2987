import { describe, expect, it } from 'vitest';
import { eventoPunteggioSchema, paginated, squadraSchema, userSchema } from './responses';
import { idParam } from './params';
import { INT4_MAX, pkNonValido } from './wire';

describe('the id parameter', () => {
  it('accepts a positive int4 written in digits', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse(' 42 ')).toBe(42);
    expect(idParam.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('refuses anything else with a message for people', () => {
    for (const bad of [
      '',
      'abc',
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      String(INT4_MAX + 1),
      '99999999999',
    ]) {
      const result = idParam.safeParse(bad);
      expect(result.success, bad).toBe(false);
    }
    expect(idParam.safeParse('abc').error?.issues[0]?.message).toBe(
      'È richiesto un numero intero valido.',
    );
  });

  it('names the missing object as DRF does', () => {
    expect(pkNonValido(7)).toBe('Pk "7" non valido - l\'oggetto non esiste.');
  });
});

describe('response schemas', () => {
  it('describe a DRF page of their items', () => {
    const page = paginated(eventoPunteggioSchema);
    const d = '2026-04-15T09:12:03.120Z';
    expect(
      page.safeParse({
        count: 2,
        next: null,
        previous: null,
        results: [
          { id: 1, k: 'r', s: 2, p: 3, c: true, d },
          { id: 2, k: 'j', s: 2, p: 4, d, date_received: d },
        ],
      }).success,
    ).toBe(true);
    expect(page.safeParse({ count: 1, results: [] }).success).toBe(false);
    expect(
      page.safeParse({
        count: 1,
        next: null,
        previous: null,
        results: [{ id: 1, k: 'r', s: 2, p: 3, d }],
      }).success,
    ).toBe(false);
  });

  it('a logged-out user has no id and no manager profile', () => {
    const anonimo = {
      id: null,
      username: '',
      first_name: '',
      last_name: '',
      email: '',
      is_superuser: false,
      is_staff: false,
      is_authenticated: false,
      responsabile: null,
    };
    expect(userSchema.safeParse(anonimo).success).toBe(true);
    expect(userSchema.safeParse({ ...anonimo, is_staff: 'no' }).success).toBe(false);
  });

  it("a team's members are optional (only its owners and the staff see them)", () => {
    const pubblica = {
      id: 1,
      nome: 'Alfa',
      scuola: null,
      sessione: 2,
      evento: 3,
      polo: null,
      ufficiale: true,
      ospite: false,
      ordine_eta: 0,
      responsabili: [4],
      puo_modificare: false,
    };
    expect(squadraSchema.safeParse(pubblica).success).toBe(true);
    expect(squadraSchema.safeParse({ ...pubblica, capitano: 'Ada', penalita: 0 }).success).toBe(
      true,
    );
    expect(squadraSchema.safeParse({ ...pubblica, penalita: '0' }).success).toBe(false);
  });
});
