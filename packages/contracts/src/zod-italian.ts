// The one mapping from zod validation issues to Italian sentences written for
// people, shared by the server (field errors of the API) and the web forms.
// zod's own Italian locale speaks the schema's language ("Troppo piccolo:
// string deve avere >=1 caratteri", "Input non valido: indirizzo email"):
// never shown. Messages a schema writes itself (e.g. PASSWORD_MISMATCH) win
// over these, as zod gives them precedence over the global locale.
import { z } from 'zod';
import { pigro } from './pigro';
import { REQUIRED_FIELD, VALORE_NON_VALIDO } from './wire';

export const DATA_NON_VALIDA = 'Data non valida.';

/**
 * Words of the schema's language that a message for people never contains
 * (zod's English and Italian locales): the tests of the server and of every
 * web form fail when one shows up.
 */
export const SCHEMA_WORDS =
  /string|number|>=|<=|undefined|Input non valido|Troppo piccolo|Troppo grande|NaN|expected|received|atteso|ricevuto/i;

type Issue = z.core.$ZodRawIssue;
type SizeIssue = Extract<Issue, { code: 'too_big' | 'too_small' }>;

// Built at the first message that needs them, not by every page that imports the schemas.
const numero = pigro(() => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 10 }));
const data = pigro(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'Europe/Rome',
    }),
);

/** A bound as Italian text: 1.000, 0,001, a date for date bounds. */
function limite(issue: SizeIssue, value: number | bigint): string {
  if (issue.origin === 'date') return data().format(new Date(Number(value)));
  return numero().format(value);
}

/** Plural-aware "N caratteri / N elementi / N byte" for lengths and sizes. */
function quantita(origin: string, n: number | bigint, text: string): string {
  const one = Number(n) === 1;
  if (origin === 'string') return `${text} ${one ? 'carattere' : 'caratteri'}`;
  if (origin === 'file') return `${text} byte`;
  return `${text} ${one ? 'elemento' : 'elementi'}`;
}

const SIZED = new Set(['string', 'array', 'set', 'map', 'file']);

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const n = limite(issue, issue.minimum);
  if (SIZED.has(issue.origin)) {
    // An empty (or, after trim, blank) text or list is a missing value.
    if (Number(issue.minimum) === 1 && !issue.exact) {
      return issue.origin === 'string' ? REQUIRED_FIELD : 'Indica almeno un elemento.';
    }
    const what = quantita(issue.origin, issue.minimum, n);
    return issue.exact ? `Esattamente ${what}.` : `Almeno ${what}.`;
  }
  if (issue.origin === 'date') {
    return issue.inclusive ? `La data non può precedere il ${n}.` : `La data deve seguire il ${n}.`;
  }
  return issue.inclusive
    ? `Il valore deve essere almeno ${n}.`
    : `Il valore deve essere maggiore di ${n}.`;
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const n = limite(issue, issue.maximum);
  if (SIZED.has(issue.origin)) {
    const what = quantita(issue.origin, issue.maximum, n);
    return issue.exact ? `Esattamente ${what}.` : `Al massimo ${what}.`;
  }
  if (issue.origin === 'date') {
    return issue.inclusive ? `La data non può seguire il ${n}.` : `La data deve precedere il ${n}.`;
  }
  return issue.inclusive
    ? `Il valore deve essere al massimo ${n}.`
    : `Il valore deve essere minore di ${n}.`;
}

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>): string {
  // Missing or null: for the person at the form, both are a field left empty
  // (the web app sends an emptied number or date field as null).
  if (issue.input === undefined || issue.input === null) return REQUIRED_FIELD;
  switch (issue.expected) {
    case 'int':
      return 'Inserisci un numero intero.';
    case 'number':
    case 'bigint':
    case 'nan':
      return 'Inserisci un numero.';
    case 'string':
      return 'Inserisci un testo.';
    case 'boolean':
      return 'Indica sì o no.';
    case 'date':
      return DATA_NON_VALIDA;
    case 'array':
    case 'tuple':
    case 'set':
      return 'Indica un elenco di valori.';
    case 'file':
      return 'Scegli un file.';
    case 'nonoptional':
      return REQUIRED_FIELD;
    default:
      return VALORE_NON_VALIDO;
  }
}

const FORMATI: Partial<Record<string, string>> = {
  email: 'Inserisci un indirizzo e-mail valido.',
  url: 'Inserisci un indirizzo web valido.',
  datetime: DATA_NON_VALIDA,
  date: DATA_NON_VALIDA,
  time: 'Ora non valida.',
  duration: 'Durata non valida.',
};

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  // An empty e-mail, date or code is a field left empty, not a badly written one.
  if (issue.input === '') return REQUIRED_FIELD;
  const known = FORMATI[issue.format];
  if (known) return known;
  if (issue.format === 'starts_with') return `Deve iniziare con «${String(issue.prefix)}».`;
  if (issue.format === 'ends_with') return `Deve terminare con «${String(issue.suffix)}».`;
  if (issue.format === 'includes') return `Deve contenere «${String(issue.includes)}».`;
  return 'Formato non valido.';
}

function notMultipleOf(divisor: number): string {
  if (divisor === 1) return 'Inserisci un numero intero.';
  // 0.001 and the like: a number of decimal places, as people think of it.
  const decimals = -Math.log10(divisor);
  if (divisor < 1 && Number.isInteger(Math.round(decimals * 1e9) / 1e9)) {
    const k = Math.round(decimals);
    return `Al massimo ${k} ${k === 1 ? 'cifra decimale' : 'cifre decimali'}.`;
  }
  return `Inserisci un multiplo di ${numero().format(divisor)}.`;
}

/** The Italian sentence for one validation issue (never a schema word). */
export function messaggioValidazione(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'not_multiple_of':
      return notMultipleOf(issue.divisor);
    case 'invalid_value':
      return 'Scegli un valore tra quelli proposti.';
    case 'unrecognized_keys':
      return `Campi non previsti: ${issue.keys.join(', ')}.`;
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_union':
    case 'custom':
    default:
      return VALORE_NON_VALIDO;
  }
}

/** Makes `messaggioValidazione` zod's locale (server start-up, web forms). */
export function configureZodItalian(): void {
  z.config({ localeError: messaggioValidazione });
}
