// The document of the external olympiad site (../shared/import-format.md,
// issue 15): official schools, main managers and teams of an official event,
// and the summary every way of importing answers with. The format is a
// contract: extra fields are ignored, these are checked.
import { z } from 'zod';
import { testo } from './evento';
import { TIPOLOGIE_SCUOLA } from './admin/luoghi';

/** Bounds of one document: a national one has ~2,000 schools, ~3,000 managers, ~2,000 teams. */
export const IMPORT_LIMITI = {
  scuole: 20_000,
  responsabili: 20_000,
  squadre: 10_000,
  /** Bytes of a body of POST /api/admin/import/. */
  corpo: 20 * 1024 * 1024,
  /** Errors listed at most (the count of the others follows). */
  errori: 500,
} as const;

const obbligatorio = (max: number) => testo(max, 1);
const facoltativo = (max: number) => testo(max).nullish();

const codiceMeccanografico = z
  .string({ error: 'Serve il codice meccanografico (10 lettere e cifre).' })
  .trim()
  .regex(/^[A-Za-z0-9]{10}$/, 'Il codice meccanografico è di 10 lettere e cifre.')
  .transform((c) => c.toUpperCase());

const idEsterno = z
  .string({ error: 'Serve l’identificativo del sito olimpiadi (id_esterno).' })
  .trim()
  .min(1, 'Serve l’identificativo del sito olimpiadi (id_esterno).')
  .max(100, 'L’identificativo è lungo al massimo 100 caratteri.');

const classe = z
  .number({ error: 'La classe è un numero da 1 a 5, oppure null.' })
  .int('La classe è un numero da 1 a 5, oppure null.')
  .min(1, 'La classe è un numero da 1 a 5, oppure null.')
  .max(5, 'La classe è un numero da 1 a 5, oppure null.')
  .nullish();

const coordinata = (max: number) => z.number().min(-max).max(max).nullish();

export const importScuolaSchema = z.object({
  codice_meccanografico: codiceMeccanografico,
  nome: obbligatorio(300),
  tipologia: z.enum(TIPOLOGIE_SCUOLA, {
    error: `Tipologia di scuola non valida: usa una di ${TIPOLOGIE_SCUOLA.join(', ')}.`,
  }),
  indirizzo: facoltativo(300),
  citta: facoltativo(200),
  provincia: facoltativo(10),
  regione: facoltativo(200),
  latitude: coordinata(90),
  longitude: coordinata(180),
});

export const importResponsabileSchema = z.object({
  id_esterno: idEsterno,
  username: obbligatorio(150).regex(
    /^[\w.@+-]+$/,
    'Il nome utente ha solo lettere, cifre e i caratteri @ . + - _.',
  ),
  email: z
    .string({ error: 'Serve l’indirizzo e-mail.' })
    .trim()
    .max(254)
    .pipe(z.email({ error: 'Indirizzo e-mail non valido.' })),
  first_name: facoltativo(150),
  last_name: facoltativo(150),
  scuole: z.array(codiceMeccanografico).max(1000).optional(),
  puo_iscriversi_gare_ufficiali: z.boolean().optional(),
  newsletter: z.boolean().optional(),
});

export const importSquadraSchema = z.object({
  id_esterno: idEsterno,
  nome: obbligatorio(200),
  scuola: codiceMeccanografico.nullish(),
  sessione: obbligatorio(200),
  polo: facoltativo(200),
  ospite: z.boolean().optional(),
  ordine_eta: z.number().int().min(0).max(1_000_000).optional(),
  capitano: facoltativo(200),
  anno_capitano: classe,
  consegnatore: facoltativo(200),
  anno_consegnatore: classe,
  p1: facoltativo(200),
  anno_p1: classe,
  p2: facoltativo(200),
  anno_p2: classe,
  p3: facoltativo(200),
  anno_p3: classe,
  responsabili: z.array(idEsterno).max(100).optional(),
});

export const importDocumentoSchema = z.object({
  formato: z.literal(1, { error: 'Formato non supportato: questa versione legge il formato 1.' }),
  generato: z.string().max(100).optional(),
  evento: z.number().int().positive().max(2_147_483_647).nullish(),
  scuole: z.array(importScuolaSchema).max(IMPORT_LIMITI.scuole).default([]),
  responsabili: z.array(importResponsabileSchema).max(IMPORT_LIMITI.responsabili).default([]),
  squadre: z.array(importSquadraSchema).max(IMPORT_LIMITI.squadre).default([]),
});
export type ImportDocumento = z.infer<typeof importDocumentoSchema>;
export type ImportScuola = z.infer<typeof importScuolaSchema>;
export type ImportResponsabile = z.infer<typeof importResponsabileSchema>;
export type ImportSquadra = z.infer<typeof importSquadraSchema>;

const perTipo = z.object({
  scuole: z.number().int().nonnegative(),
  responsabili: z.number().int().nonnegative(),
  squadre: z.number().int().nonnegative(),
});
export type ConteggiImport = z.infer<typeof perTipo>;

/**
 * One problem of a document: where, for a program (`squadre[3].sessione`,
 * counted from 0) and for a person (`dove`: 'Squadra 4 «Fermi A» (id_esterno
 * t-77), campo sessione', counted from 1), and why, in Italian. `dove` was
 * added later: summaries stored before it lack it.
 */
export const erroreImportSchema = z.object({
  luogo: z.string(),
  messaggio: z.string(),
  dove: z.string().optional(),
});
export type ErroreImport = z.infer<typeof erroreImportSchema>;

/** What an import does to one record (the back office's dry-run review). */
export const dettaglioImportSchema = z.object({
  tipo: z.enum(['scuola', 'responsabile', 'squadra']),
  /** Codice meccanografico or id_esterno. */
  chiave: z.string(),
  nome: z.string(),
  esito: z.enum(['creato', 'aggiornato', 'invariato']),
  /** `{campo: [prima, dopo]}` of the fields that change. */
  modifiche: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type DettaglioImport = z.infer<typeof dettaglioImportSchema>;

/** A record of GaS the document no longer lists, by its key and its name. */
const nonPiuPresente = z.object({ id_esterno: z.string(), nome: z.string() });

/** The summary of an import (the format page's "Result"); `dettagli` only when asked for. */
export const esitoImportSchema = z.object({
  applicato: z.boolean(),
  creati: perTipo,
  aggiornati: perTipo,
  invariati: perTipo,
  non_piu_presenti: z.object({
    responsabili: z.array(z.string()),
    squadre: z.array(z.string()),
  }),
  /**
   * The same records as `non_piu_presenti`, with their names (added later:
   * summaries stored before it lack it).
   */
  non_piu_presenti_nomi: z
    .object({ responsabili: z.array(nonPiuPresente), squadre: z.array(nonPiuPresente) })
    .optional(),
  errori: z.array(erroreImportSchema),
  dettagli: z.array(dettaglioImportSchema).optional(),
});
export type EsitoImport = z.infer<typeof esitoImportSchema>;

/** POST /api/admin/import/ query: `dry_run=1` checks without writing, `dettagli=1` adds the per-record review. */
export const importQuery = z.object({
  dry_run: z.enum(['1', '0', 'true', 'false']).optional(),
  dettagli: z.enum(['1', '0', 'true', 'false']).optional(),
});

/** One run of the scheduled sync (or of 'Sincronizza ora'). */
export const sincronizzazioneSchema = z.object({
  id: z.number().int(),
  inizio: z.string(),
  fine: z.string().nullable(),
  esito: z.enum(['in_corso', 'applicato', 'rifiutato', 'fallito']),
  avviata_da: z.string(),
  generato: z.string(),
  riepilogo: esitoImportSchema.nullable(),
  errore: z.string(),
});
export type Sincronizzazione = z.infer<typeof sincronizzazioneSchema>;

/** GET /api/admin/import/sincronizzazioni/: the set-up and the last runs, newest first. */
export const statoSincronizzazioneSchema = z.object({
  configurata: z.boolean(),
  /** Where from (the origin only: a query may hold secrets). */
  sorgente: z.string().nullable(),
  ogni_minuti: z.number().int(),
  esecuzioni: z.array(sincronizzazioneSchema),
});
export type StatoSincronizzazione = z.infer<typeof statoSincronizzazioneSchema>;
