// Back-office records of the site: sponsors, collaborators, and the settings.
import { z } from 'zod';
import { id, istante } from '../responses/common';
import { attestatiImpostazioneSchema } from '../classifiche';
import { sitoSchema } from '../responses/sito';
import { testoLibero, testoObbligatorio } from './common';

const indirizzoWeb = z
  .string()
  .trim()
  .max(500)
  .refine((u) => u === '' || /^https?:\/\/[^\s]+$/i.test(u), 'Inserisci un indirizzo web valido.');

export const adminSponsorRequest = z.object({
  name: testoObbligatorio(200),
  logo_url: indirizzoWeb.optional(),
  website: indirizzoWeb.optional(),
  description: testoLibero(2000).optional(),
  ordine: z.number().int().min(0).max(10_000).optional(),
});
export const adminSponsorSchema = z.object({
  id,
  name: z.string(),
  logo_url: z.string(),
  website: z.string(),
  description: z.string(),
  ordine: z.number().int(),
});

/** A problem author credited on the about-us page (its top contributors). */
export const adminCollaboratoreRequest = z.object({
  nome: testoObbligatorio(200),
  contributi: z.number().int().min(0).max(1_000_000).optional(),
});
export const adminCollaboratoreSchema = z.object({
  id,
  nome: z.string(),
  contributi: z.number().int(),
});

// ---- the site's content (impostazioni del sito), one JSON value per key

/** The value of each key of the site settings, as GET /api/gas/sito/ serves it (attestati aside). */
export const IMPOSTAZIONI_SITO_SCHEMI = {
  home: sitoSchema.shape.home.unwrap(),
  regolamento: sitoSchema.shape.regolamento.unwrap(),
  webinar: sitoSchema.shape.webinar.unwrap(),
  finale: sitoSchema.shape.finale.unwrap(),
  chi_siamo: sitoSchema.shape.chi_siamo.unwrap(),
  /** Read by the certificates only, never served to the public pages (issue 28). */
  attestati: attestatiImpostazioneSchema,
} as const;
export type ChiaveSito = keyof typeof IMPOSTAZIONI_SITO_SCHEMI;
export const CHIAVI_SITO = Object.keys(IMPOSTAZIONI_SITO_SCHEMI) as ChiaveSito[];

/** One setting: its key, its value (null when never set) and when it changed. */
export const adminImpostazioneSchema = z.object({
  chiave: z.enum(['home', 'regolamento', 'webinar', 'finale', 'chi_siamo', 'attestati']),
  valore: z.unknown(),
  aggiornato: istante.nullable(),
});
export const adminImpostazioneRequest = z.object({ valore: z.unknown() });
