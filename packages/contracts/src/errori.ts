// The error inbox (issue 16): what the web app reports to POST /api/errori/,
// and the groups the back office lists (/api/admin/errori/). The server adds
// what a client cannot be trusted with: the user comes from the session, the
// time from its clock.
// The constants (kinds, limits) are in wire.ts, free of zod.
import { z } from 'zod';
import { ERRORI_LIMITI, ORIGINI_ERRORE, TIPI_ERRORE_WEB } from './wire';

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
