// Back-office records of places: countries, regions, cities, schools, venues.
import { z } from 'zod';
import { id } from '../responses/common';
import { latitudine, longitudine, riferimento, testoLibero, testoObbligatorio } from './common';

export const adminPaeseRequest = z.object({
  nome: testoObbligatorio(100),
  /** ISO 3166-1 alpha-2. */
  codice: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Il codice è di due lettere (ISO 3166-1), ad esempio IT.')
    .transform((c) => c.toUpperCase())
    .nullable()
    .optional(),
});
export const adminPaeseSchema = z.object({ id, nome: z.string(), codice: z.string().nullable() });

export const adminRegioneRequest = z.object({
  nome: testoObbligatorio(100),
  paese: riferimento.nullable().optional(),
});
export const adminRegioneSchema = z.object({ id, nome: z.string(), paese: id.nullable() });

export const adminCittaRequest = z.object({
  nome: testoObbligatorio(100),
  regione: riferimento.nullable().optional(),
  provincia: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'La sigla della provincia è di due lettere, ad esempio PI.')
    .transform((c) => c.toUpperCase())
    .nullable()
    .optional(),
  latitude: latitudine.optional(),
  longitude: longitudine.optional(),
});
export const adminCittaSchema = z.object({
  id,
  nome: z.string(),
  regione: id.nullable(),
  provincia: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const TIPOLOGIE_SCUOLA = [
  'LC',
  'LS',
  'LA',
  'LL',
  'LM',
  'LU',
  'LSp',
  'ITE',
  'ITT',
  'IPS',
  'IPI',
  'IIS',
  'IO',
  'A',
] as const;

export const adminScuolaRequest = z.object({
  nome: testoObbligatorio(200),
  tipologia: z.enum(TIPOLOGIE_SCUOLA).optional(),
  /** Street and number. */
  indirizzo: testoLibero(200).optional(),
  citta: riferimento.nullable().optional(),
  latitude: latitudine.optional(),
  longitude: longitudine.optional(),
  codice_meccanografico: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{10}$/, 'Il codice meccanografico è di 10 lettere e cifre.')
    .transform((c) => c.toUpperCase())
    .nullable()
    .optional(),
});
export const adminScuolaSchema = z.object({
  id,
  nome: z.string(),
  tipologia: z.enum(TIPOLOGIE_SCUOLA),
  indirizzo: z.string(),
  citta: id.nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  codice_meccanografico: z.string().nullable(),
});

export const adminPoloRequest = z.object({
  evento: riferimento,
  nome_breve: testoObbligatorio(100),
  descrizione: testoLibero(2000).optional(),
  indirizzo: testoLibero(200).optional(),
  citta: riferimento.nullable().optional(),
  latitude: latitudine.optional(),
  longitude: longitudine.optional(),
  capacita_massima_squadre: z.number().int().min(1).max(10_000).nullable().optional(),
  /** The venue's managers (spec §3 Polo.responsabili): user accounts. */
  responsabili: z.array(riferimento).max(200).optional(),
});
export const adminPoloSchema = z.object({
  id,
  evento: id,
  nome_breve: z.string(),
  descrizione: z.string(),
  indirizzo: z.string(),
  citta: id.nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  capacita_massima_squadre: z.number().int().nullable(),
  responsabili: z.array(id),
});
