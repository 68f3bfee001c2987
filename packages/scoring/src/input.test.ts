// Input checks: ISO 8601 times (the same epoch milliseconds on every engine),
// the CLI input shape and the shape of live events (spec §5).
import { describe, expect, it } from 'vitest';
import { instant, parseInstant } from './time';
import { validateInput } from './validate';
import { eventProblems, isScoringEvent } from './validate-event';
import in1 from './__fixtures__/example-1.input.json';

describe('parseInstant', () => {
  it.each([
    ['2025-02-20T09:00:00Z', Date.UTC(2025, 1, 20, 9)],
    ['2025-02-20T09:00:00.000Z', Date.UTC(2025, 1, 20, 9)],
    ['2025-02-20T09:00Z', Date.UTC(2025, 1, 20, 9)],
    ['2025-02-20 09:00:00z', Date.UTC(2025, 1, 20, 9)],
    ['2025-02-20T10:00:00+01:00', Date.UTC(2025, 1, 20, 9)],
    ['2025-02-20T10:30:00+0130', Date.UTC(2025, 1, 20, 9)],
    ['2025-02-20T07:00:00-02', Date.UTC(2025, 1, 20, 9)],
    ['2025-02-20T09:00:00.123456+00:00', Date.UTC(2025, 1, 20, 9, 0, 0, 123)],
    ['2025-02-20T09:00:00.5Z', Date.UTC(2025, 1, 20, 9, 0, 0, 500)],
    ['2025-02-20T09:00:00,25Z', Date.UTC(2025, 1, 20, 9, 0, 0, 250)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['2000-02-29T23:59:59.999Z', Date.UTC(2000, 1, 29, 23, 59, 59, 999)],
    ['1969-12-31T23:59:59Z', -1000],
  ])('%s', (text, expected) => {
    expect(parseInstant(text)).toBe(expected);
  });

  it('agrees with Date for every Date.toISOString output', () => {
    for (let t = -5e11; t < 5e12; t += 7_777_777_777) {
      expect(parseInstant(new Date(t).toISOString())).toBe(t);
    }
  });

  it.each([
    '',
    '2025-02-20',
    '2025-02-20T09:00:00', // no zone: would be local time
    '2025-02-20T09:00:00.Z',
    '2025-02-30T09:00:00Z',
    '2023-02-29T09:00:00Z',
    '1900-02-29T09:00:00Z',
    '2025-13-01T09:00:00Z',
    '2025-02-20T24:00:00Z',
    '2025-02-20T09:60:00Z',
    '2025-02-20T09:00:60Z',
    '2025-02-20T09:00:00+25:00',
    '2025-02-20T09:00:00Zjunk',
    '20250220T090000Z',
    'Thu Feb 20 2025 09:00:00 GMT',
    '0099-01-01T00:00:00Z',
  ])('refuses %j', (text) => {
    expect(parseInstant(text)).toBeNull();
  });

  it('instant throws a RangeError naming the field', () => {
    expect(() => instant('nope', 'inizio')).toThrow(/inizio/);
    expect(instant('1970-01-01T00:00:01Z')).toBe(1000);
  });
});

// Input validation of the CLI contract (and of live events, spec §5).
const valid = () => JSON.parse(JSON.stringify(in1)) as Record<string, unknown>;
const errorsOf = (value: unknown) => {
  const r = validateInput(value);
  return r.ok ? [] : r.errors;
};

describe('validateInput', () => {
  it('accepts the examples and the minimal shape', () => {
    expect(validateInput(valid()).ok).toBe(true);
    const minimal = {
      inizio: '2025-02-20T09:00:00Z',
      problemi: [],
      squadre: [{ id: 1, nome: 'A' }],
      eventi: [],
    };
    expect(validateInput(minimal)).toEqual({ ok: true, value: minimal });
    expect(validateInput({ ...minimal, params: { SCALING_BONUS_VELOCITA: 0.001 } }).ok).toBe(true);
  });

  it.each([
    [null, 'the input must be a JSON object'],
    [[], 'the input must be a JSON object'],
    [{}, 'inizio: missing'],
    [{ inizio: 'yesterday' }, 'inizio: not an ISO 8601 date-time'],
  ])('refuses %j', (value, message) => {
    expect(errorsOf(value).join('\n')).toContain(message);
  });

  const cases: [string, (x: Record<string, unknown>) => void, string][] = [
    ['missing problemi', (x) => delete x.problemi, 'problemi: missing'],
    ['squadre not an array', (x) => (x.squadre = {}), 'squadre: must be an array'],
    ['missing eventi', (x) => delete x.eventi, 'eventi: missing'],
    ['bad at', (x) => (x.at = 12), 'at: not an ISO 8601'],
    ['params not an object', (x) => (x.params = 3), 'params: must be an object'],
    ['unknown param', (x) => (x.params = { PTI: 1 }), 'params.PTI: unknown parameter'],
    ['zero scaling', (x) => (x.params = { SCALING_BONUS_MONTEPREMI: 0 }), 'must be a number > 0'],
    ['negative scaling', (x) => (x.params = { SCALING_BONUS_VELOCITA: -1 }), '> 0'],
    ['string param', (x) => (x.params = { BONUS_VELOCITA: '20' }), 'integer >= 0'],
    ['fractional param', (x) => (x.params = { PTI_TOLTI_ERRORE: 1.5 }), 'integer >= 0'],
    ['negative param', (x) => (x.params = { PTI_BASE_MONTEPREMI: -70 }), 'integer >= 0'],
    ['problem id', (x) => ((x.problemi as object[])[0] = { id: '1', nome: 'P' }), 'problemi[0].id'],
    ['problem name', (x) => ((x.problemi as object[])[1] = { id: 5 }), 'problemi[1].nome'],
    [
      'duplicate problem',
      (x) => (x.problemi as object[]).push({ id: 100, nome: 'X' }),
      'duplicate id 100',
    ],
    ['team not object', (x) => ((x.squadre as unknown[])[0] = 5), 'squadre[0]: must be an object'],
    [
      'team ospite',
      (x) => ((x.squadre as object[])[0] = { id: 1, nome: 'A', ospite: 'no' }),
      'ospite',
    ],
    [
      'team ordine_eta',
      (x) => ((x.squadre as object[])[0] = { id: 1, nome: 'A', ordine_eta: '1' }),
      'ordine_eta',
    ],
    [
      'team penalita',
      (x) => ((x.squadre as object[])[0] = { id: 1, nome: 'A', penalita: null }),
      'penalita',
    ],
    [
      'team scuola',
      (x) => ((x.squadre as object[])[0] = { id: 1, nome: 'A', scuola: 'x' }),
      'scuola',
    ],
    [
      'duplicate team',
      (x) => (x.squadre as object[]).push({ id: 1000, nome: 'X' }),
      'squadre[6].id: duplicate',
    ],
    [
      'event kind',
      (x) => ((x.eventi as object[])[0] = { id: 1, k: 'x', s: 1, p: 1, d: '2025-02-20T09:00:00Z' }),
      'eventi[0].k',
    ],
    [
      'event c',
      (x) => ((x.eventi as object[])[0] = { id: 1, k: 'r', s: 1, p: 1, d: '2025-02-20T09:00:00Z' }),
      'eventi[0].c',
    ],
    [
      'event date',
      (x) => ((x.eventi as object[])[2] = { id: 1, k: 'j', s: 1, p: 1, d: '2025-02-31T09:00:00Z' }),
      'eventi[2].d',
    ],
    [
      'event no zone',
      (x) => ((x.eventi as object[])[2] = { id: 1, k: 'j', s: 1, p: 1, d: '2025-02-20T09:00:00' }),
      'time zone',
    ],
    [
      'event ids',
      (x) =>
        ((x.eventi as object[])[3] = { id: 1.5, k: 'j', s: null, p: 1, d: '2025-02-20T09:00:00Z' }),
      'eventi[3].s',
    ],
  ];
  it.each(cases)('refuses %s', (_name, mutate, message) => {
    const x = valid();
    mutate(x);
    expect(errorsOf(x).join('\n')).toContain(message);
  });

  it('lists every problem, not just the first', () => {
    expect(errorsOf({ inizio: 1, problemi: 1, squadre: 1, eventi: 1 })).toHaveLength(4);
  });
});

describe('live event shape (spec §5)', () => {
  it('requires id, k, s, p, d, and c when k is r', () => {
    const ok = { id: 1, k: 'r', s: 2, p: 3, c: false, d: '2025-02-20T09:00:00Z' };
    expect(isScoringEvent(ok)).toBe(true);
    expect(isScoringEvent({ ...ok, k: 'j', c: undefined })).toBe(true);
    for (const field of ['id', 'k', 's', 'p', 'c', 'd']) {
      const e: Record<string, unknown> = { ...ok };
      delete e[field];
      expect(isScoringEvent(e)).toBe(false);
    }
    expect(eventProblems({ ...ok, k: 'j', c: 'yes' })).toEqual(['c: must be true or false']);
    expect(eventProblems('x')).toEqual(['must be an object']);
  });
});
