// The back office's API (/api/admin/<risorsa>/, issue 14): what every
// resource shares. Records are flat (foreign keys as ids, spec §3 names) so
// that a form edits exactly what the list shows.
import { z } from 'zod';
import { testo } from '../evento';
import { id, istante } from '../responses/common';

/** A text field of the back office (trimmed, bounded, no NUL or bidi controls). */
export const testoLibero = (max: number) => testo(max);
/** A required text field. */
export const testoObbligatorio = (max: number) => testo(max, 1);
/** Date and time (ISO 8601 with offset), as the rest of the API writes them. */
export { dateTime as dataOra } from '../evento';
/** A coordinate in decimal degrees, or empty. */
export const latitudine = z.number().min(-90).max(90).nullable();
export const longitudine = z.number().min(-180).max(180).nullable();
/** A foreign key: a positive int4, checked to name an existing record. */
export { idValue as riferimento } from '../params';

/** What deleting a record would take with it (GET /api/admin/<r>/{id}/dipendenze/). */
export const dipendenzaSchema = z.object({
  risorsa: z.string(),
  etichetta: z.string(),
  numero: z.number().int().nonnegative(),
});
export const dipendenzeSchema = z.object({
  dipendenze: z.array(dipendenzaSchema),
  /** Answers and jokers that would go: only a superuser may then delete, with `?forza=1`. */
  risposte: z.number().int().nonnegative(),
});
export type Dipendenze = z.infer<typeof dipendenzeSchema>;

/** Query of every list: search, ordering, pagination and `format=csv` (filters are per resource). */
export const ORDINAMENTO_NON_VALIDO = (campo: string) => `Ordinamento non valido: «${campo}».`;

/**
 * GET /api/admin/<risorsa>/titoli/ (the list's filters and search): how the
 * back office names each record in other resources' pickers, filters and
 * cells, with its context ('Evento — Sessione Nord').
 */
export const titoloRecordSchema = z.object({ id, titolo: z.string() });
export type TitoloRecord = z.infer<typeof titoloRecordSchema>;

// ---- the audit log

export const ORIGINI = ['admin', 'api', 'import', 'sistema'] as const;
export const AZIONI = ['crea', 'modifica', 'elimina', 'accesso'] as const;

/** One entry of the audit log: `modifiche` maps each field to [before, after]. */
export const registroVoceSchema = z.object({
  id,
  momento: istante,
  utente: id.nullable(),
  utente_nome: z.string(),
  indirizzo: z.string(),
  origine: z.enum(ORIGINI),
  azione: z.enum(AZIONI),
  risorsa: z.string(),
  oggetto: z.number().int().nullable(),
  oggetto_nome: z.string(),
  modifiche: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  nota: z.string(),
  /**
   * The object's title as it reads now, with its context ('Evento — Sessione',
   * 'Squadra — Problema: valore'); null when the object no longer exists.
   */
  oggetto_titolo: z.string().nullable(),
  /** Field → id → title of the records the changed fields point to (ids shown by name). */
  titoli: z.record(z.string(), z.record(z.string(), z.string())),
});
export type RegistroVoce = z.infer<typeof registroVoceSchema>;

// ---- bulk actions (POST /api/admin/<risorsa>/azioni/)

/** The selected records of a bulk action. */
export const idsSelezionati = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1, 'Seleziona almeno un elemento.')
  .max(1000, 'Al massimo 1.000 elementi per volta.');

/** The same change to every selected record, or their deletion; all or nothing. */
export const azioneDiGruppo = <P extends z.ZodObject>(patch: P) =>
  z.discriminatedUnion('azione', [
    z.object({ azione: z.literal('modifica'), ids: idsSelezionati, valori: patch }),
    z.object({ azione: z.literal('elimina'), ids: idsSelezionati, forza: z.boolean().optional() }),
  ]);
export const esitoAzioneSchema = z.object({
  azione: z.enum(['modifica', 'elimina']),
  /** Records changed or deleted. */
  numero: z.number().int().nonnegative(),
});

/**
 * POST /api/admin/squadra/ordine-eta/: the teams of an event in age order,
 * one per line (name or id); each gets its line number as `ordine_eta`.
 */
export const ordineEtaRequest = z.object({
  evento: z.number().int().positive().max(2_147_483_647),
  elenco: z.string().max(200_000),
});

/**
 * What the signed-in user may do with one record, as the server decides it
 * (issue 26): the record's page shows only the fields and buttons he can
 * use, and never repeats the rule. In a record's answer (GET, POST, PATCH of
 * /api/admin/<r>/{id}/) for resources whose rights depend on the record
 * (accounts); absent = everything the back office offers.
 */
export const permessiRecordSchema = z.object({
  /** May save changes to the record at all. */
  modifica: z.boolean(),
  /** May delete it. */
  elimina: z.boolean(),
  /** Fields shown but not editable (read-only; write-only ones such as a password are hidden). */
  campi_bloccati: z.array(z.string()),
  /** May send its password link (POST /api/admin/user/{id}/invito-password/). */
  invito_password: z.boolean(),
  /** Why the record cannot be changed, when it cannot (shown on its page). */
  motivo: z.string().optional(),
});
export type PermessiRecord = z.infer<typeof permessiRecordSchema>;
