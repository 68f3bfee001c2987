// People and teams: the logged-in user, managers, teams, chat tokens (spec §3).
import { z } from 'zod';
import { id } from './common';
import { scuolaSchema } from './luoghi';

export const ruoloSchema = z.enum(['sp', 'ss']);
/** sp = main manager (Responsabile principale), ss = team manager. */
export type Ruolo = z.infer<typeof ruoloSchema>;

/** The manager profile of a user. */
export const responsabileSchema = z.object({
  id,
  user: id,
  attivo: z.boolean(),
  ruolo: ruoloSchema,
  puo_iscriversi_gare_ufficiali: z.boolean(),
  newsletter: z.boolean(),
  scuole: z.array(id),
  squadre: z.array(id),
});
export type Responsabile = z.infer<typeof responsabileSchema>;

/** GET /api/ext-user/whoami/ (and the login's answer): a logged-out user has id null. */
export const userSchema = z.object({
  id: id.nullable(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_superuser: z.boolean(),
  is_staff: z.boolean(),
  is_authenticated: z.boolean(),
  responsabile: responsabileSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

/**
 * GET /api/gas/user/ and /api/gas/extended-user/: a manager. The newsletter
 * flag only to its owner and the superuser (it is the person's own consent).
 */
export const managerSchema = z.object({
  id,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  responsabile: responsabileSchema.extend({ newsletter: z.boolean().optional() }),
  /** The edit form may be opened (preferences at least). */
  puo_modificare: z.boolean(),
  /** Teams and schools may be changed. */
  puo_modificare_assegnazioni: z.boolean(),
});
export type Manager = z.infer<typeof managerSchema>;

const annoScolastico = z.number().int().nullable().optional();
const membro = z.string().nullable().optional();

/**
 * A team (spec §3 Squadra). Everyone who sees the event gets the public part;
 * the members, their school years, the external id and the penalty only the
 * team's owners and the event staff: those fields are then present.
 */
export const squadraSchema = z.object({
  id,
  nome: z.string(),
  scuola: scuolaSchema.nullable(),
  sessione: id,
  evento: id,
  polo: id.nullable(),
  ufficiale: z.boolean(),
  ospite: z.boolean(),
  ordine_eta: z.number().int(),
  /** User ids of its managers. */
  responsabili: z.array(id),
  /** Drives the edit button of le-tue-squadre. */
  puo_modificare: z.boolean(),
  id_esterno: z.string().nullable().optional(),
  capitano: membro,
  consegnatore: membro,
  p1: membro,
  p2: membro,
  p3: membro,
  anno_capitano: annoScolastico,
  anno_consegnatore: annoScolastico,
  anno_p1: annoScolastico,
  anno_p2: annoScolastico,
  anno_p3: annoScolastico,
  penalita: z.number().int().optional(),
});
export type Squadra = z.infer<typeof squadraSchema>;

/** POST /api/gas/chat-token/ and /reset/: the token and the chat name it carries. */
export const chatTokenSchema = z.object({ token: z.string(), username: z.string() });
export type ChatToken = z.infer<typeof chatTokenSchema>;
