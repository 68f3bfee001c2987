// Places: countries, regions, cities, schools and venues (spec §3).
import { z } from 'zod';
import { id } from './common';

const coordinata = z.number().nullable();

export const paeseSchema = z.object({ id, nome: z.string(), codice: z.string().nullable() });
export type Paese = z.infer<typeof paeseSchema>;

export const regioneSchema = z.object({ id, nome: z.string(), paese: id.nullable() });
export type Regione = z.infer<typeof regioneSchema>;

/**
 * A city inside a school's address. Spec §3 spells its name `name`; the
 * place lists (ext-user) also send `nome`, as the rest of the API says.
 */
export const cittaBreveSchema = z.object({
  id,
  nome: z.string().optional(),
  name: z.string(),
  latitude: coordinata,
  longitude: coordinata,
});
export type CittaBreve = z.infer<typeof cittaBreveSchema>;

/** GET /api/ext-user/city/ */
export const cittaSchema = cittaBreveSchema.extend({
  nome: z.string(),
  provincia: z.string().nullable(),
  regione: id.nullable(),
});
export type Citta = z.infer<typeof cittaSchema>;

/** Spec §3: {id, nome, tipologia, indirizzo: {nome, citta, latitude, longitude}}. */
export const scuolaSchema = z.object({
  id,
  nome: z.string(),
  tipologia: z.string(),
  indirizzo: z.object({
    nome: z.string(),
    citta: cittaBreveSchema.nullable(),
    latitude: coordinata,
    longitude: coordinata,
  }),
});
export type Scuola = z.infer<typeof scuolaSchema>;

/** A venue (GET /api/gas/polo/): its managers are shown as contacts. */
export const poloSchema = z.object({
  id,
  evento: id,
  nome_breve: z.string(),
  descrizione: z.string(),
  indirizzo: z.string(),
  responsabili: z.array(
    z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
  ),
  capacita_massima_squadre: z.number().int().nullable(),
  latitude: coordinata,
  longitude: coordinata,
  citta: z
    .object({
      id,
      name: z.string(),
      provincia: z.string().nullable(),
      latitude: coordinata,
      longitude: coordinata,
    })
    .nullable(),
});
export type Polo = z.infer<typeof poloSchema>;
