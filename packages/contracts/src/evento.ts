// Payloads of the event form (create, patch, invitation), of the scheduled
// files and of the important messages, with the new-event defaults of spec §9.
// The server validates requests with these schemas and the web form uses the
// same ones, so both reject the same input with the same Italian messages.
import { z } from 'zod';
import { idValue } from './params';
import { INT4_MAX } from './wire';
import { isSafeLink, LINK_NON_VALIDO } from './links';

export const MAX_TITOLO = 200;
export const MAX_TESTO = 5000;
// Bounds of one event (issue 12): enough for any real contest, and they cap
// what one event costs every list and ranking that shows it.
export const MAX_PROBLEMI = 100;
export const MAX_SESSIONI = 20;
export const TROPPI_PROBLEMI = `Al massimo ${MAX_PROBLEMI} problemi per evento.`;
export const TROPPE_SESSIONI = `Al massimo ${MAX_SESSIONI} sessioni per evento.`;
/** Upload limit of the problems / solutions PDF. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export const FINE_PRIMA_DI_INIZIO = "La fine dell'evento deve essere successiva all'inizio.";
export const FINE_ISCRIZIONI_DOPO_INIZIO =
  "La fine delle iscrizioni deve precedere l'inizio dell'evento.";
export const DATA_FUORI_INTERVALLO = 'Data fuori dall’intervallo consentito (anni 2000-2100).';
export const FILE_NON_PDF = 'Il file deve essere un PDF.';
export const FILE_TROPPO_GRANDE = 'Il file supera la dimensione massima consentita (20 MB).';
export const FILE_MANCANTE = 'Nessun file inviato.';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// Outside this range dates are typing mistakes, and PostgreSQL rejects some
// of them (year 0) with an error that must not become a 500.
const MIN_TIME = Date.UTC(2000, 0, 1);
const MAX_TIME = Date.UTC(2101, 0, 1);

/** ISO 8601 date-time with seconds and an explicit offset (Z or ±hh:mm). */
export const dateTime = z.iso.datetime({ offset: true }).refine((s) => {
  const t = Date.parse(s);
  // An unparsable string already fails the format check: one message is enough.
  return Number.isNaN(t) || (t >= MIN_TIME && t < MAX_TIME);
}, DATA_FUORI_INTERVALLO);

// NUL, which PostgreSQL cannot store, and the bidi controls (embeddings,
// overrides, isolates, marks), which would reverse what follows them on the
// public pages (a title that reads differently from what it is).
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const NON_AMMESSI = /[\u0000\u202A-\u202E\u2066-\u2069\u200E\u200F]/;

/** Text stored in PostgreSQL and shown to everyone: refused with a message, not a 500. */
export const testo = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((s) => !NON_AMMESSI.test(s), 'Il testo contiene caratteri non ammessi.');

const intero = z.number().int().min(0).max(1_000_000);
const scala = z.number().positive().max(1000).multipleOf(0.001);
// Links are shown as hrefs: empty, an https address or a path of this site (links.ts).
const link = testo(500).refine((s) => s === '' || isSafeLink(s), LINK_NON_VALIDO);

/**
 * One row of the problem editor: with `id` an existing problem, without one a
 * new problem. `nome` and `ordine` are accepted and ignored: the order of the
 * list is the new order and names are renumbered P1..Pn.
 */
export const problemaInput = z.object({
  id: idValue.optional(),
  soluzione: z.number().optional(),
  soluzione_exp: z.number().int().min(-300).max(300).optional(),
  intervallo_validita: z.number().min(0).max(10).optional(),
  udm_soluzione: testo(100).optional(),
});
export type ProblemaInput = z.infer<typeof problemaInput>;

/** A session of the event: with `id` rename / threshold, without one a new session. */
export const sessioneInput = z.object({
  id: idValue.optional(),
  nome: testo(MAX_TITOLO, 1).optional(),
  numero_qualificati: z.number().int().min(0).max(100_000).nullable().optional(),
});
export type SessioneInput = z.infer<typeof sessioneInput>;

const eventoFields = {
  titolo: testo(MAX_TITOLO, 1),
  descrizione: testo(MAX_TESTO),
  tipologia: z.enum(['o', 'pub', 'priv']),
  inizio: dateTime,
  fine: dateTime,
  inizio_iscrizioni: dateTime.nullable(),
  fine_iscrizioni: dateTime.nullable(),
  fine_modifica_squadre: dateTime.nullable(),
  fine_consegna_jolly: dateTime.nullable(),
  youtube_link: link,
  pagina_dedicata: link,
  doppia_digitazione: z.boolean(),
  PTI_TOLTI_ERRORE: intero,
  PTI_BASE_MONTEPREMI: intero,
  MAX_ERRORI_RAISE_MONTEPREMI: intero,
  ERRORE_PUNTEGGI_RAISE: intero,
  PUNTEGGIO_BASE_PROBLEMI: intero,
  BONUS_VELOCITA: intero,
  SCALING_BONUS_VELOCITA: scala,
  SCALING_BONUS_MONTEPREMI: scala,
  // Create and patch send the whole list, so bounding it bounds the event.
  problemi: z.array(problemaInput).max(MAX_PROBLEMI, TROPPI_PROBLEMI),
  sessioni: z
    .array(sessioneInput)
    .min(1, 'Un evento deve avere almeno una sessione.')
    .max(MAX_SESSIONI, TROPPE_SESSIONI),
};

/**
 * PATCH /api/gas/evento/{id}/: every field optional. Read-only fields of the
 * event payload (id, anno, files, staff lists, permessi...) are ignored, so a
 * client may send back what it read.
 */
export const eventoPatchRequest = z.object(eventoFields).partial();
export type EventoPatchRequest = z.infer<typeof eventoPatchRequest>;

/** POST /api/gas/evento/: only the title is required; the rest has defaults. */
export const eventoCreateRequest = eventoPatchRequest.extend({ titolo: eventoFields.titolo });
export type EventoCreateRequest = z.infer<typeof eventoCreateRequest>;

/**
 * POST /api/gas/evento/{id}/invita/: appoint an account as adm or ins (issue
 * 26): one found by the search (`utente`, its user id) or by its e-mail; an
 * address without an account gets one, and the e-mail to choose a password.
 */
export const invitoRequest = z
  .object({
    email: z.string().trim().max(254).pipe(z.email()).optional(),
    utente: z.number().int().positive().max(INT4_MAX).optional(),
    ruolo: z.enum(['adm', 'ins']),
  })
  .refine((b) => (b.email === undefined) !== (b.utente === undefined), {
    message: 'Indica l’utente oppure il suo indirizzo e-mail.',
    path: ['email'],
  });
export type InvitoRequest = z.infer<typeof invitoRequest>;

/** GET /api/gas/evento/{id}/candidati/?q=: accounts to appoint, by name, username or e-mail. */
export const candidatiQuery = z.object({
  q: z
    .string()
    .trim()
    .min(3, 'Scrivi almeno 3 caratteri.')
    .max(254)
    .regex(/^[^\p{Cc}]*$/u, 'Testo non valido.'),
});

/** One account found: its e-mail only for who may see it (staff) or typed it whole. */
export const candidatoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  username: z.string(),
  email: z.string().nullable(),
});
export type Candidato = z.infer<typeof candidatoSchema>;
export const candidatiSchema = z.object({ results: z.array(candidatoSchema) });

/** Fields of the multipart upload besides `il_file`. */
export const fileProgrammatoFields = z.object({
  evento: z.coerce.number().int().positive().max(INT4_MAX),
  tipologia: z.enum(['problemi', 'soluzioni']),
  /** Publication time; default the event start (problemi) or end (soluzioni). */
  data: dateTime.optional(),
  /** 'false' withholds the file even after its publication time. */
  pubblico: z.enum(['true', 'false']).optional(),
});

export const messaggioImportanteRequest = z.object({
  evento: idValue,
  testo: testo(MAX_TESTO, 1),
});
export type MessaggioImportanteRequest = z.infer<typeof messaggioImportanteRequest>;
/** PATCH of a message: its text (the event and the time stay). */
export const messaggioImportantePatch = z.object({ testo: testo(MAX_TESTO, 1) });

export type DateEvento = {
  inizio: Date;
  fine: Date;
  inizio_iscrizioni: Date | null;
  fine_iscrizioni: Date | null;
  fine_modifica_squadre: Date | null;
  fine_consegna_jolly: Date | null;
};

/**
 * New-event defaults of spec §9 around `inizio` (default: the next full hour
 * after `now`): 90 minutes; joker deadline = end; registration from now to 5
 * minutes before the start; team edits until the start.
 */
export function dateNuovoEvento(now: Date, given: Partial<DateEvento> = {}): DateEvento {
  const inizio = given.inizio ?? new Date((Math.floor(now.getTime() / HOUR) + 1) * HOUR);
  const fine = given.fine ?? new Date(inizio.getTime() + 90 * MINUTE);
  const pick = <K extends keyof DateEvento>(key: K, fallback: DateEvento[K]) =>
    given[key] === undefined ? fallback : given[key];
  return {
    inizio,
    fine,
    inizio_iscrizioni: pick('inizio_iscrizioni', now),
    fine_iscrizioni: pick('fine_iscrizioni', new Date(inizio.getTime() - 5 * MINUTE)),
    fine_modifica_squadre: pick('fine_modifica_squadre', inizio),
    fine_consegna_jolly: pick('fine_consegna_jolly', fine),
  };
}

/** Cross-field date rules, as field errors (empty when the dates are fine). */
export function erroriDateEvento(d: DateEvento): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (d.fine.getTime() <= d.inizio.getTime()) errors.fine = [FINE_PRIMA_DI_INIZIO];
  if (d.fine_iscrizioni && d.fine_iscrizioni.getTime() > d.inizio.getTime()) {
    errors.fine_iscrizioni = [FINE_ISCRIZIONI_DOPO_INIZIO];
  }
  return errors;
}
