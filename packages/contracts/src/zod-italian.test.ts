import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PASSWORD_MISMATCH, passwordChangeRequest } from './auth';
import { eventoCreateRequest, invitoRequest } from './evento';
import { responsabileCreateRequest, squadraCreateRequest } from './persone';
import { REQUIRED_FIELD } from './wire';
import { configureZodItalian, messaggioValidazione, SCHEMA_WORDS } from './zod-italian';

configureZodItalian();

/** Every message `schema` gives for `input`. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.message);
}

// Node's File (contracts compile without DOM or Node types).
const NodeFile = (globalThis as unknown as { File: new (parts: string[], name: string) => object })
  .File;

const first = (schema: z.ZodType, input: unknown) => messages(schema, input)[0];

describe('messaggioValidazione: one Italian sentence per zod issue kind', () => {
  // One case (at least) for every code of z.core.$ZodIssue, produced by real schemas.
  const cases: [string, z.ZodType, unknown, string][] = [
    ['missing field', z.object({ a: z.string() }), {}, REQUIRED_FIELD],
    ['null field', z.object({ a: z.string() }), { a: null }, REQUIRED_FIELD],
    ['text expected', z.string(), 5, 'Inserisci un testo.'],
    ['number expected', z.number(), 'x', 'Inserisci un numero.'],
    ['NaN', z.number(), Number.NaN, 'Inserisci un numero.'],
    ['integer expected', z.number().int(), 1.5, 'Inserisci un numero intero.'],
    ['integer schema', z.int(), 0.5, 'Inserisci un numero intero.'],
    ['boolean expected', z.boolean(), 'x', 'Indica sì o no.'],
    ['list expected', z.array(z.number()), 'x', 'Indica un elenco di valori.'],
    ['object expected', z.object({}), 'x', 'Valore non valido.'],
    ['date expected', z.date(), 'x', 'Data non valida.'],
    ['invalid date', z.date(), new Date(Number.NaN), 'Data non valida.'],
    ['empty text', z.string().min(1), '', REQUIRED_FIELD],
    ['blank text, trimmed', z.string().trim().min(1), '   ', REQUIRED_FIELD],
    ['short text', z.string().min(8), 'abc', 'Almeno 8 caratteri.'],
    ['long text', z.string().max(200), 'x'.repeat(201), 'Al massimo 200 caratteri.'],
    ['one character', z.string().max(1), 'xx', 'Al massimo 1 carattere.'],
    ['exact length', z.string().length(5), 'abc', 'Esattamente 5 caratteri.'],
    ['empty list', z.array(z.number()).min(1), [], 'Indica almeno un elemento.'],
    ['short list', z.array(z.number()).min(2), [1], 'Almeno 2 elementi.'],
    ['long list', z.array(z.number()).max(1000), Array(1001).fill(1), 'Al massimo 1000 elementi.'],
    ['small number', z.number().min(0), -1, 'Il valore deve essere almeno 0.'],
    ['not positive', z.number().positive(), 0, 'Il valore deve essere maggiore di 0.'],
    ['big number', z.number().max(1_000_000), 2e6, 'Il valore deve essere al massimo 1.000.000.'],
    ['below bound', z.number().lt(10), 10, 'Il valore deve essere minore di 10.'],
    ['decimal bound', z.number().max(0.5), 1, 'Il valore deve essere al massimo 0,5.'],
    [
      'early date',
      z.date().min(new Date('2020-01-01T00:00:00Z')),
      new Date(0),
      'La data non può precedere il 01/01/20, 01:00.',
    ],
    [
      'late date',
      z.date().max(new Date('2020-01-01T00:00:00Z')),
      new Date('2030-01-01'),
      'La data non può seguire il 01/01/20, 01:00.',
    ],
    [
      'big file',
      z.file().max(1000),
      new NodeFile(['x'.repeat(2000)], 'a.pdf'),
      'Al massimo 1000 byte.',
    ],
    ['e-mail', z.email(), 'abc', 'Inserisci un indirizzo e-mail valido.'],
    ['empty e-mail', z.email(), '', REQUIRED_FIELD],
    ['empty date', z.iso.datetime(), '', REQUIRED_FIELD],
    ['url', z.url(), 'abc', 'Inserisci un indirizzo web valido.'],
    ['date-time', z.iso.datetime(), 'ieri', 'Data non valida.'],
    ['date', z.iso.date(), 'ieri', 'Data non valida.'],
    ['time', z.iso.time(), 'presto', 'Ora non valida.'],
    ['regex', z.string().regex(/^a+$/), 'b', 'Formato non valido.'],
    ['uuid', z.uuid(), 'b', 'Formato non valido.'],
    ['starts with', z.string().startsWith('/'), 'b', 'Deve iniziare con «/».'],
    ['ends with', z.string().endsWith('.pdf'), 'b', 'Deve terminare con «.pdf».'],
    ['includes', z.string().includes('@'), 'b', 'Deve contenere «@».'],
    ['decimals', z.number().multipleOf(0.001), 0.0001, 'Al massimo 3 cifre decimali.'],
    ['one decimal', z.number().multipleOf(0.1), 0.05, 'Al massimo 1 cifra decimale.'],
    ['integer step', z.number().multipleOf(1), 0.5, 'Inserisci un numero intero.'],
    ['multiple', z.number().multipleOf(5), 7, 'Inserisci un multiplo di 5.'],
    ['enum', z.enum(['o', 'pub', 'priv']), 'x', 'Scegli un valore tra quelli proposti.'],
    ['literal', z.literal('pdf'), 'x', 'Scegli un valore tra quelli proposti.'],
    ['extra keys', z.strictObject({ a: z.number() }), { a: 1, b: 2 }, 'Campi non previsti: b.'],
    ['union', z.union([z.number(), z.boolean()]), 'x', 'Valore non valido.'],
    ['record key', z.record(z.string().min(2), z.number()), { b: 1 }, 'Valore non valido.'],
    [
      'map key',
      z.map(z.object({ a: z.number() }), z.number()),
      new Map([[{}, 1]]),
      'Valore non valido.',
    ],
    ['map element', z.map(z.object({}), z.number()), new Map([[{}, 'x']]), 'Valore non valido.'],
    ['refine without message', z.number().refine(() => false), 1, 'Valore non valido.'],
  ];

  it.each(cases)('%s', (_name, schema, input, expected) => {
    const message = first(schema, input);
    expect(message).toBe(expected);
    expect(message).not.toMatch(SCHEMA_WORDS);
  });

  it('covers every issue code zod has', () => {
    const seen = new Set<string>();
    for (const [, schema, input] of cases) {
      for (const issue of schema.safeParse(input).error!.issues) seen.add(issue.code);
    }
    const codes: z.core.$ZodIssueCode[] = [
      'invalid_type',
      'too_big',
      'too_small',
      'invalid_format',
      'not_multiple_of',
      'unrecognized_keys',
      'invalid_union',
      'invalid_key',
      'invalid_element',
      'invalid_value',
      'custom',
    ];
    expect([...seen].sort()).toEqual([...codes].sort());
  });

  it('an unknown issue kind still gets a sentence', () => {
    const message = messaggioValidazione({ code: 'boh', input: 1 } as never);
    expect(message).toBe('Valore non valido.');
  });

  it('keeps the messages the schemas write themselves', () => {
    const mismatch = passwordChangeRequest.safeParse({
      old_password: 'vecchia',
      new_password: 'nuovapassword',
      confirm_password: 'altrapassword',
    });
    expect(mismatch.error!.issues.map((i) => i.message)).toEqual([PASSWORD_MISMATCH]);
    const responsabile = responsabileCreateRequest.safeParse({
      email: 'a@b.it',
      username: 'mario',
      password: 'corta',
      confirm_password: 'corta',
    });
    expect(responsabile.error!.issues.map((i) => i.message)).toEqual([
      'La password deve contenere almeno 8 caratteri.',
    ]);
  });

  it('the contracts speak to people: empty and wrong values of real payloads', () => {
    const all = [
      ...messages(eventoCreateRequest, { titolo: '' }),
      ...messages(eventoCreateRequest, { titolo: 'x', PTI_TOLTI_ERRORE: 1.5, tipologia: 'x' }),
      ...messages(squadraCreateRequest, { nome: ' ', sessione: 'x' }),
      ...messages(invitoRequest, { email: '', ruolo: '' }),
      ...messages(responsabileCreateRequest, {
        email: 'no',
        username: '',
        password: '',
        confirm_password: '',
      }),
    ];
    for (const message of all) expect(message).not.toMatch(SCHEMA_WORDS);
    expect(messages(eventoCreateRequest, { titolo: '' })).toEqual([REQUIRED_FIELD]);
    expect(messages(invitoRequest, { email: ' ', ruolo: 'adm' })).toEqual([REQUIRED_FIELD]);
    expect(messages(invitoRequest, { email: 'mario', ruolo: 'adm' })).toEqual([
      'Inserisci un indirizzo e-mail valido.',
    ]);
  });

  it('names refuse control and bidi characters (a right-to-left override reverses a team name)', () => {
    for (const nome of ['a\u0000b', 'Squadra \u202Eilgirep', 'a\u2066b\u2069', 'a\u200Fb']) {
      expect(messages(squadraCreateRequest, { nome, sessione: 1 })).toEqual([
        'Il testo contiene caratteri non ammessi.',
      ]);
    }
    expect(squadraCreateRequest.safeParse({ nome: 'Però – π', sessione: 1 }).success).toBe(true);
    expect(messages(eventoCreateRequest, { titolo: 'Gara \u202Eilgirep' })).toEqual([
      'Il testo contiene caratteri non ammessi.',
    ]);
    expect(eventoCreateRequest.safeParse({ titolo: 'Gara di Pisa – 2026' }).success).toBe(true);
  });
});
