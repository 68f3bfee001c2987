// Constants of the wire protocol that server and web app share: the int4
// bound of every id, the CSRF names, the live feeds' close codes and the
// Italian messages both sides write. No zod here: the web app's start-up
// path imports these, and the package is marked free of side effects so that
// what a bundle does not use (the schemas) stays out of it.

import type { User } from './responses/persone';

/**
 * The user of a visitor without a session: what whoami answers then, and
 * what the web app assumes before whoami answers or when it fails (spec §7).
 */
export const ANONYMOUS_USER: User = Object.freeze({
  id: null,
  username: '',
  first_name: '',
  last_name: '',
  email: '',
  is_superuser: false,
  is_staff: false,
  is_authenticated: false,
  responsabile: null,
});

/** Ids are PostgreSQL int4: a larger number must be a 400 or 404, never a 500. */
export const INT4_MAX = 2_147_483_647;

/** DRF's message for an id or number parameter that is not a valid integer. */
export const NUMERO_INTERO_RICHIESTO = 'È richiesto un numero intero valido.';

/** Django's CSRF double submit: the cookie the server sets and the header unsafe requests repeat it in. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

/** DRF's message for an id that names nothing the user may see. */
export const pkNonValido = (pk: number | string) => `Pk "${pk}" non valido - l'oggetto non esiste.`;

/** A required value is missing (zod-italian.ts and the web app's frame checks). */
export const REQUIRED_FIELD = 'Questo campo è obbligatorio.';
export const VALORE_NON_VALIDO = 'Valore non valido.';
export const ISTANTE_NON_VALIDO = 'Data e ora ISO 8601 con il fuso orario.';

/** Client-side only: the form cannot send a file inside a nested object. */
export const NESTED_FILE_NON_SUPPORTATO = 'Non si supporta ancora nested post con file.';

/**
 * ISO 8601 date-time with a time zone, as the scoring engine reads it
 * (@gas/scoring parseInstant: `T`, `t` or a space between date and time,
 * optional seconds and fraction, `Z` or an offset). The engine still checks
 * the calendar (month lengths, leap days) when it reads the instant.
 */
export const ISTANTE_ISO =
  /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}([.,]\d+)?)?([Zz]|[+-]\d{2}(:?\d{2})?)$/;

// ---- the live feeds' close codes (4000-4999 are the application's range)

const NOT_FOUND = 4404;
const FORBIDDEN = 4403;

export const CLOSE_CODES = {
  /** The session or event does not exist: do not reconnect. */
  notFound: { code: NOT_FOUND, reason: 'Non trovato' },
  /** The viewer may not (or may no longer) see the event: do not reconnect. */
  forbidden: { code: FORBIDDEN, reason: 'Permesso negato' },
  /** The client sent too many frames. */
  tooManyMessages: { code: 4429, reason: 'Troppi messaggi' },
  serverError: { code: 1011, reason: 'Errore interno del server' },
  shutdown: { code: 1001, reason: 'Server in arresto' },
} as const;

/** Close codes after which a client must not reconnect (the web app needs only these). */
export const FINAL_CLOSE_CODES: readonly number[] = [NOT_FOUND, FORBIDDEN];

// ---- The error inbox (errori.ts): the web app's reporter reads these at start-up.

export const ORIGINI_ERRORE = ['web', 'server'] as const;
export type OrigineErrore = (typeof ORIGINI_ERRORE)[number];

/**
 * errore: an uncaught exception; promessa: an unhandled rejection; render: a
 * page that failed to render (the error boundary); api: an API call answered
 * 5xx; segnalato: one of the cases the spec reports (whoami, unreadable
 * frames, missing answers); richiesta/processo: the server's own.
 */
export const TIPI_ERRORE = [
  'errore',
  'promessa',
  'render',
  'api',
  'segnalato',
  'richiesta',
  'processo',
] as const;
export const TIPI_ERRORE_WEB = ['errore', 'promessa', 'render', 'api', 'segnalato'] as const;
export type TipoErrore = (typeof TIPI_ERRORE)[number];

export const ERRORI_LIMITI = {
  /** Bytes of one report's body. */
  corpo: 32 * 1024,
  messaggio: 2_000,
  stack: 16_000,
  contesto: 300,
  percorso: 2_000,
  /** Reports one address may send per minute (more answer 429). */
  perIndirizzoAlMinuto: 10,
  /** Occurrences kept per group (the oldest are dropped). */
  occorrenzePerGruppo: 20,
  /** Groups kept at most: past it, new groups of the web app are counted only in the log. */
  gruppi: 10_000,
} as const;

// ---- Answers and jokers (gara.ts).

/**
 * The header of a submission's idempotency key (IETF httpapi draft
 * "The Idempotency-Key HTTP Header Field", issue 17), on POST
 * /api/gas/risposta/ and /api/gas/jolly/. Its value is a Structured Field
 * string (`"…"`; the bare token is accepted too) of 8 to 128 letters, digits,
 * `-` or `_`. The same key again, from the same user, answers the stored
 * answer with the first answer's status and body (header
 * `Idempotent-Replayed: true`), never a second row; with another body, 422.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const CHIAVE_IDEMPOTENZA = /^[A-Za-z0-9_-]{8,128}$/;
