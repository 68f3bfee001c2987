// The public site's content, the Albo d'oro and the server clock.
import { z } from 'zod';
import { id, istante } from './common';
import { sitoServer } from '../sito';

export const personaSchema = z.object({
  nome: z.string(),
  ruolo: z.string().optional(),
  affiliazione: z.string().optional(),
});
export type Persona = z.infer<typeof personaSchema>;

export const notiziaSchema = z.object({
  titolo: z.string(),
  testo: z.string(),
  /** YYYY-MM-DD */
  data: z.string(),
});
export type Notizia = z.infer<typeof notiziaSchema>;

export const webinarSchema = z.object({
  /** YYYY-MM-DD */
  data: z.string(),
  /** HH:MM, Italian time */
  ora: z.string(),
  titolo: z.string(),
  descrizione: z.string(),
  link: z.string(),
});
export type Webinar = z.infer<typeof webinarSchema>;

/** A season's rules, logistics and (optionally) venues documents. */
export const documentiAnnoSchema = z.object({
  regolamento: z.string(),
  logistica: z.string(),
  poli: z.string().optional(),
});
export type DocumentiAnno = z.infer<typeof documentiAnnoSchema>;

/**
 * GET /api/gas/sito/: the site settings by key, null where not configured,
 * and the operator's settings (map tiles, chat link) from the environment.
 */
export const sitoSchema = sitoServer.extend({
  home: z
    .object({
      notizie: z.array(notiziaSchema),
      video_url: z.string(),
      chi_siamo_anteprima: z.string(),
      regolamento_sintesi: z.string(),
    })
    .nullable(),
  /** Per season (the year as a string). */
  regolamento: z.record(z.string(), documentiAnnoSchema).nullable(),
  webinar: z.array(webinarSchema).nullable(),
  finale: z
    .object({
      inizio: z.string(),
      fine: z.string(),
      luogo: z.string(),
      calendario: z.array(z.object({ data: z.string(), descrizione: z.string() })),
    })
    .nullable(),
  chi_siamo: z
    .object({
      direzione: z.array(personaSchema),
      docenti_formazione: z.array(personaSchema),
      sviluppatori: z.array(personaSchema),
      ringraziamenti: z.array(z.string()),
      docenti_scuole: z.array(personaSchema),
    })
    .nullable(),
});
export type Sito = z.infer<typeof sitoSchema>;

export const sponsorSchema = z.object({
  name: z.string(),
  logo_url: z.string(),
  website: z.string(),
  description: z.string(),
});
export type Sponsor = z.infer<typeof sponsorSchema>;

/** A problem author with the number of contributions. */
export const collaboratoreSchema = z.object({ nome: z.string(), contributi: z.number() });
export type Collaboratore = z.infer<typeof collaboratoreSchema>;

/** A winner on the podium of a concluded official session. */
export const vincitoreSchema = z.object({
  posizione: z.number().int().positive(),
  id,
  nome: z.string(),
  totale: z.number(),
  scuola: z.object({ id, nome: z.string(), citta: z.string().nullable() }).nullable(),
});
export type Vincitore = z.infer<typeof vincitoreSchema>;

/** GET /api/gas/albo-d-oro/ items: each concluded official event with its podiums. */
export const alboEventoSchema = z.object({
  id,
  titolo: z.string(),
  inizio: istante,
  fine: istante,
  anno: z.number().int(),
  sessioni: z.array(
    z.object({ id, nome: z.string(), squadre: z.number().int(), podio: z.array(vincitoreSchema) }),
  ),
});
export type AlboEvento = z.infer<typeof alboEventoSchema>;

/** GET /api/time/: the server clock (the client computes its offset from it). */
export const oraServerSchema = z.object({ time: istante, epoch_ms: z.number() });
export type OraServer = z.infer<typeof oraServerSchema>;

/** GET /healthz */
export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.string(),
});

/** GET /readyz: 200 when the instance takes traffic, 503 with what it waits for. */
export const readinessSchema = z.object({
  pronto: z.boolean(),
  /** Why not: 'avvio' (migrations, demo data, LISTEN not yet up), 'arresto', 'listen'. */
  motivi: z.array(z.string()),
});

/**
 * GET /api/gas/collaboratori/: the list of collaborators JSON-encoded as a
 * string, itself sent as JSON (the original API's double encoding).
 */
export const collaboratoriJsonSchema = z.string();
