// Events and what they hold: files, problems, sessions (spec §3).
import { z } from 'zod';
import { TIPOLOGIE_EVENTO } from '../eventi-filtri';
import { id, istante } from './common';

export const tipologiaSchema = z.enum(TIPOLOGIE_EVENTO);

export const tipologiaFileSchema = z.enum(['problemi', 'soluzioni']);

/** A file of an event (spec §3 File). */
export const fileEventoSchema = z.object({
  id,
  evento: id,
  tipologia: tipologiaFileSchema,
  /** Publication time. */
  data: istante,
  /** This user may download it now (green tile). */
  pubblico: z.boolean(),
  /** Everyone may (administrators see their files early). */
  pubblicato: z.boolean(),
  nome_file: z.string(),
  dimensione: z.number().int().nonnegative(),
  programmed_path_url: z.string().nullable(),
});
export type FileEvento = z.infer<typeof fileEventoSchema>;

/** What the current user may do with an event (computed by the server). */
export const eventoPermessiSchema = z.object({
  puo_modificare: z.boolean(),
  puo_inserire: z.boolean(),
  puo_consegnare: z.boolean(),
  puo_cancellare_risposte: z.boolean(),
  puo_scegliere_momento_consegna: z.boolean(),
  puo_vedere_bigliettini: z.boolean(),
  puo_invitare: z.boolean(),
  puo_iscrivere_squadre: z.boolean(),
});
export type EventoPermessi = z.infer<typeof eventoPermessiSchema>;

/** A problem; the solution is null unless this user may see it now. */
export const problemaBaseSchema = z.object({
  id,
  nome: z.string(),
  ordine: z.number().int(),
  soluzione: z.number().nullable(),
  soluzione_exp: z.number().int().nullable(),
  intervallo_validita: z.number(),
  udm_soluzione: z.string(),
});
/** GET /api/gas/problema/{id}/ */
export const problemaSchema = problemaBaseSchema.extend({ evento: id });
export type Problema = z.infer<typeof problemaSchema>;

export const sessioneBreveSchema = z.object({
  id,
  nome: z.string(),
  ufficiale: z.boolean(),
  numero_qualificati: z.number().int().nullable(),
});
export type SessioneBreve = z.infer<typeof sessioneBreveSchema>;

/** GET /api/gas/sessione/{id}/ */
export const sessioneSchema = sessioneBreveSchema.extend({
  evento: id,
  ordine: z.number().int(),
  inizio: istante,
  fine: istante,
  squadre_count: z.number().int().nonnegative(),
  /** Venues of the session's teams. */
  poli: z.array(id),
});
export type Sessione = z.infer<typeof sessioneSchema>;
/** The name the answer pages used for it. */
export type SessioneOut = Sessione;

/** The scoring parameters of an event, named as @gas/scoring names them. */
export const parametriPunteggioSchema = z.object({
  PTI_TOLTI_ERRORE: z.number(),
  PTI_BASE_MONTEPREMI: z.number(),
  MAX_ERRORI_RAISE_MONTEPREMI: z.number(),
  ERRORE_PUNTEGGI_RAISE: z.number(),
  PUNTEGGIO_BASE_PROBLEMI: z.number(),
  BONUS_VELOCITA: z.number(),
  SCALING_BONUS_VELOCITA: z.number(),
  SCALING_BONUS_MONTEPREMI: z.number(),
});
export type ParametriPunteggio = z.infer<typeof parametriPunteggioSchema>;

/** GET /api/gas/evento/ items and /api/gas/evento/{id}/ (spec §3 Evento). */
export const eventoSchema = z
  .object({
    id,
    titolo: z.string(),
    descrizione: z.string(),
    inizio: istante,
    fine: istante,
    tipologia: tipologiaSchema,
    ufficiale: z.boolean(),
    anno: z.number().int(),
    inizio_iscrizioni: istante.nullable(),
    fine_iscrizioni: istante.nullable(),
    fine_modifica_squadre: istante.nullable(),
    fine_consegna_jolly: istante.nullable(),
    file_problemi: fileEventoSchema.nullable(),
    file_soluzioni: fileEventoSchema.nullable(),
    youtube_link: z.string(),
    pagina_dedicata: z.string(),
    poli: z.array(id),
    problemi: z.array(problemaBaseSchema),
    sessioni: z.array(sessioneBreveSchema),
    amministratori: z.array(id),
    inseritori: z.array(id),
    amministratori_str: z.array(z.string()),
    inseritori_str: z.array(z.string()),
    permessi: eventoPermessiSchema,
    /** Each answer typed twice by two users; it counts when they agree (issue 17). */
    doppia_digitazione: z.boolean(),
  })
  .extend(parametriPunteggioSchema.shape);
export type Evento = z.infer<typeof eventoSchema>;

/**
 * GET /api/gas/sessione/{id}/stato/: the session's score state (spec §3),
 * @gas/scoring's ScoreSnapshot plus the session and the time.
 */
export const sessioneStatoSchema = z.object({
  sessione: id,
  ora: istante,
  numero_problemi: z.number().int().nonnegative(),
  /** Per team id: [solved, wrong count, id of the solving answer] per problem. */
  squadre: z.record(z.string(), z.array(z.tuple([z.boolean(), z.number(), id.nullable()]))),
  ordine_risoluzione: z.record(z.string(), z.array(id)),
  jolly: z.record(z.string(), id),
  risolto_tutto: z.array(id),
  nomi: z.record(z.string(), z.string()),
  penalizzate: z.record(z.string(), z.number()),
  ospiti: z.array(id),
  bonus_velocita: z.record(z.string(), z.array(z.number())),
  bonus_completamento: z.record(z.string(), z.number()),
  attive: z.array(id),
});
export type SessioneStato = z.infer<typeof sessioneStatoSchema>;
