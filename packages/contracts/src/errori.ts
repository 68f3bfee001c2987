// The error inbox (issue 16): what the web app reports to POST /api/errori/,
// and the groups the back office lists (/api/admin/errori/). The server adds
// what a client cannot be trusted with: the user comes from the session, the
// time from its clock.
import { z } from 'zod';

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

const testoLimitato = (max: number) => z.string().max(max);

/** Body of POST /api/errori/. Fields too long are cut by the client before sending. */
export const segnalazioneErroreSchema = z.object({
  tipo: z.enum(TIPI_ERRORE_WEB),
  messaggio: testoLimitato(ERRORI_LIMITI.messaggio).min(1),
  stack: testoLimitato(ERRORI_LIMITI.stack).default(''),
  contesto: testoLimitato(ERRORI_LIMITI.contesto).default(''),
  percorso: testoLimitato(ERRORI_LIMITI.percorso).default(''),
  versione: testoLimitato(40).default(''),
  request_id: z
    .string()
    .regex(/^[A-Za-z0-9._-]{0,100}$/)
    .default(''),
});
export type SegnalazioneErrore = z.input<typeof segnalazioneErroreSchema>;

export const segnalazioneRicevutaSchema = z.object({ ricevuta: z.literal(true) });

export const erroreGruppoSchema = z.object({
  id: z.number().int(),
  origine: z.enum(ORIGINI_ERRORE),
  tipo: z.string(),
  messaggio: z.string(),
  contesto: z.string(),
  conteggio: z.number().int(),
  primo: z.string(),
  ultimo: z.string(),
  risolto: z.boolean(),
  risolto_il: z.string().nullable(),
  risolto_da: z.number().int().nullable(),
});
export type ErroreGruppo = z.infer<typeof erroreGruppoSchema>;

export const erroreOccorrenzaSchema = z.object({
  id: z.number().int(),
  quando: z.string(),
  messaggio: z.string(),
  stack: z.string(),
  percorso: z.string(),
  versione: z.string(),
  utente: z.string(),
  request_id: z.string(),
  browser: z.string(),
});
export type ErroreOccorrenza = z.infer<typeof erroreOccorrenzaSchema>;

export const erroreDettaglioSchema = erroreGruppoSchema.extend({
  occorrenze: z.array(erroreOccorrenzaSchema),
});
export type ErroreDettaglio = z.infer<typeof erroreDettaglioSchema>;

/** Filters of GET /api/admin/errori/ (besides DRF's page or limit/offset). */
export const erroriQuery = z.object({
  risolto: z
    .enum(['true', 'false', '1', '0'], { error: 'Usa true o false.' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  origine: z.enum(ORIGINI_ERRORE, { error: 'Usa web o server.' }).optional(),
});

export const erroreRisoltoBody = z.object({
  risolto: z.boolean({ error: 'Indica true (risolto) o false (da riaprire).' }),
});
