// Back-office records of people and teams: users, managers, teams.
import { z } from 'zod';
import { id, istante } from '../responses/common';
import { annoScolastico } from '../persone';
import { permessiRecordSchema, riferimento, testoLibero, testoObbligatorio } from './common';

export const adminUserRequest = z.object({
  username: testoObbligatorio(150).regex(
    /^[\w.@+-]+$/,
    'Solo lettere, cifre e i caratteri @ . + - _.',
  ),
  first_name: testoLibero(150).optional(),
  last_name: testoLibero(150).optional(),
  email: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email())]).optional(),
  is_active: z.boolean().optional(),
  /** Only a superuser sets these two and another user's password. */
  is_staff: z.boolean().optional(),
  is_superuser: z.boolean().optional(),
  password: z.string().min(8).max(128).optional(),
});
export const adminUserSchema = z.object({
  id,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  date_joined: istante,
  last_login: istante.nullable(),
  /** The signed-in user's rights on this account (a record's answer only, not the lists). */
  permessi: permessiRecordSchema.optional(),
});
export const SOLO_SUPERUTENTE = 'Solo un superutente può cambiare questo campo.';

export const adminResponsabileRequest = z.object({
  user: riferimento,
  ruolo: z.enum(['sp', 'ss']).optional(),
  attivo: z.boolean().optional(),
  puo_iscriversi_gare_ufficiali: z.boolean().optional(),
  newsletter: z.boolean().optional(),
  scuole: z.array(riferimento).max(500).optional(),
  squadre: z.array(riferimento).max(2000).optional(),
  /** The manager's id on the external olympiad site: the import matches and updates it. */
  id_esterno: testoLibero(100)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export const adminResponsabileSchema = z.object({
  id,
  user: id,
  ruolo: z.enum(['sp', 'ss']),
  attivo: z.boolean(),
  puo_iscriversi_gare_ufficiali: z.boolean(),
  newsletter: z.boolean(),
  scuole: z.array(id),
  squadre: z.array(id),
  id_esterno: z.string().nullable(),
});

const componente = testoLibero(200).nullable().optional();
const annoDiCorso = annoScolastico.optional();

export const adminSquadraRequest = z.object({
  nome: testoObbligatorio(200),
  evento: riferimento,
  sessione: riferimento,
  scuola: riferimento.nullable().optional(),
  polo: riferimento.nullable().optional(),
  ufficiale: z.boolean().optional(),
  ospite: z.boolean().optional(),
  ordine_eta: z.number().int().min(0).max(100_000).optional(),
  penalita: z.number().int().min(-100_000).max(100_000).optional(),
  id_esterno: testoLibero(100).nullable().optional(),
  capitano: componente,
  anno_capitano: annoDiCorso,
  consegnatore: componente,
  anno_consegnatore: annoDiCorso,
  p1: componente,
  anno_p1: annoDiCorso,
  p2: componente,
  anno_p2: annoDiCorso,
  p3: componente,
  anno_p3: annoDiCorso,
});
export const adminSquadraSchema = z.object({
  id,
  nome: z.string(),
  evento: id,
  sessione: id,
  scuola: id.nullable(),
  polo: id.nullable(),
  ufficiale: z.boolean(),
  ospite: z.boolean(),
  ordine_eta: z.number().int(),
  penalita: z.number().int(),
  id_esterno: z.string().nullable(),
  capitano: z.string().nullable(),
  anno_capitano: z.number().int().nullable(),
  consegnatore: z.string().nullable(),
  anno_consegnatore: z.number().int().nullable(),
  p1: z.string().nullable(),
  anno_p1: z.number().int().nullable(),
  p2: z.string().nullable(),
  anno_p2: z.number().int().nullable(),
  p3: z.string().nullable(),
  anno_p3: z.number().int().nullable(),
});
