// Back-office records of contests: events, sessions, problems, files,
// answers, jokers and important messages.
import { z } from 'zod';
import { id, istante } from '../responses/common';
import { dataOra, riferimento, testoLibero, testoObbligatorio } from './common';

const intero = z.number().int().min(0).max(1_000_000);
const scala = z.number().positive().max(1000);

export const adminEventoRequest = z.object({
  titolo: testoObbligatorio(200),
  descrizione: testoLibero(5000).optional(),
  tipologia: z.enum(['o', 'pub', 'priv']).optional(),
  ufficiale: z.boolean().optional(),
  anno: z.number().int().min(2000).max(2100),
  inizio: dataOra,
  fine: dataOra,
  inizio_iscrizioni: dataOra.nullable().optional(),
  fine_iscrizioni: dataOra.nullable().optional(),
  fine_modifica_squadre: dataOra.nullable().optional(),
  fine_consegna_jolly: dataOra.nullable().optional(),
  youtube_link: testoLibero(500).optional(),
  pagina_dedicata: testoLibero(500).optional(),
  doppia_digitazione: z.boolean().optional(),
  pti_tolti_errore: intero.optional(),
  pti_base_montepremi: intero.optional(),
  max_errori_raise_montepremi: intero.optional(),
  errore_punteggi_raise: intero.optional(),
  punteggio_base_problemi: intero.optional(),
  bonus_velocita: intero.optional(),
  scaling_bonus_velocita: scala.optional(),
  scaling_bonus_montepremi: scala.optional(),
  /** The event's staff (spec §3 Evento.amministratori / inseritori): manager profiles. */
  amministratori: z.array(riferimento).max(200).optional(),
  inseritori: z.array(riferimento).max(500).optional(),
});
export const adminEventoSchema = z.object({
  id,
  titolo: z.string(),
  descrizione: z.string(),
  tipologia: z.enum(['o', 'pub', 'priv']),
  ufficiale: z.boolean(),
  anno: z.number().int(),
  inizio: istante,
  fine: istante,
  inizio_iscrizioni: istante.nullable(),
  fine_iscrizioni: istante.nullable(),
  fine_modifica_squadre: istante.nullable(),
  fine_consegna_jolly: istante.nullable(),
  youtube_link: z.string(),
  pagina_dedicata: z.string(),
  doppia_digitazione: z.boolean(),
  pti_tolti_errore: z.number().int(),
  pti_base_montepremi: z.number().int(),
  max_errori_raise_montepremi: z.number().int(),
  errore_punteggi_raise: z.number().int(),
  punteggio_base_problemi: z.number().int(),
  bonus_velocita: z.number().int(),
  scaling_bonus_velocita: z.number(),
  scaling_bonus_montepremi: z.number(),
  amministratori: z.array(id),
  inseritori: z.array(id),
});

export const adminSessioneRequest = z.object({
  evento: riferimento,
  nome: testoObbligatorio(200),
  ufficiale: z.boolean().optional(),
  numero_qualificati: z.number().int().min(0).max(100_000).nullable().optional(),
  ordine: z.number().int().min(0).max(1000).optional(),
});
export const adminSessioneSchema = z.object({
  id,
  evento: id,
  nome: z.string(),
  ufficiale: z.boolean(),
  numero_qualificati: z.number().int().nullable(),
  ordine: z.number().int(),
});

export const adminProblemaRequest = z.object({
  evento: riferimento,
  nome: testoObbligatorio(20),
  ordine: z.number().int().min(1).max(1000),
  soluzione: z.number().optional(),
  soluzione_exp: z.number().int().min(-300).max(300).optional(),
  intervallo_validita: z.number().min(0).max(10).optional(),
  udm_soluzione: testoLibero(100).optional(),
});
export const adminProblemaSchema = z.object({
  id,
  evento: id,
  nome: z.string(),
  ordine: z.number().int(),
  soluzione: z.number(),
  soluzione_exp: z.number().int(),
  intervallo_validita: z.number(),
  udm_soluzione: z.string(),
});

/** Files are uploaded on the event's page (multipart); here they are listed, published or withdrawn. */
export const adminFileRequest = z.object({
  data: dataOra.optional(),
  pubblico: z.boolean().optional(),
});
export const adminFileSchema = z.object({
  id,
  evento: id,
  tipologia: z.enum(['problemi', 'soluzioni']),
  data: istante,
  pubblico: z.boolean(),
  nome_file: z.string(),
  dimensione: z.number().int(),
});

/** Answers are typed at the answer desk; here they are looked up and, if needed, deleted. */
export const adminRispostaRequest = z.object({});
export const adminRispostaSchema = z.object({
  id,
  squadra: id,
  problema: id,
  sessione: id,
  valore: z.string(),
  valore_exp: z.number().int(),
  kind: z.enum(['r', 'j']),
  corretto: z.boolean().nullable(),
  momento_consegna: istante,
  date_received: istante,
  inserita_da: id.nullable(),
});

export const adminJollyRequest = z.object({});
export const adminJollySchema = z.object({
  id,
  squadra: id,
  problema: id,
  created_at: istante,
});

export const adminMessaggioRequest = z.object({
  evento: riferimento,
  testo: testoObbligatorio(5000),
});
export const adminMessaggioSchema = z.object({ id, evento: id, testo: z.string(), data: istante });

/**
 * GET /api/admin/problema/{id}/anteprima-correzione/: what a corrected
 * solution would change before it is saved (any of the three may be left out).
 */
export const anteprimaCorrezioneQuery = z.object({
  soluzione: z.coerce.number().optional(),
  soluzione_exp: z.coerce.number().int().min(-300).max(300).optional(),
  intervallo_validita: z.coerce.number().min(0).max(10).optional(),
});
export const anteprimaCorrezioneSchema = z.object({
  /** Answers (not jokers) given to the problem. */
  risposte: z.number().int().nonnegative(),
  diventano_corrette: z.number().int().nonnegative(),
  diventano_errate: z.number().int().nonnegative(),
});
export type AnteprimaCorrezione = z.infer<typeof anteprimaCorrezioneSchema>;
