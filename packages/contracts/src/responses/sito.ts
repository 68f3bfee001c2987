// The public site's content, the Albo d'oro and the server clock.
import { z } from 'zod';
import { id, istante } from './common';
import { sitoServer } from '../sito';

/**
 * GET /api/gas/sito/: the site settings by key (null where unset; their
 * shapes are checked where they are read, as organisers edit them by hand)
 * and the operator's settings.
 */
export const sitoSchema = sitoServer.extend({
  home: z.unknown(),
  regolamento: z.unknown(),
  webinar: z.unknown(),
  finale: z.unknown(),
  chi_siamo: z.unknown(),
});

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

/**
 * GET /api/gas/collaboratori/: the list of collaborators JSON-encoded as a
 * string, itself sent as JSON (the original API's double encoding).
 */
export const collaboratoriJsonSchema = z.string();
