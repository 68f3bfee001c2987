// Answers, jokers and the delivery slips (spec §3, §5).
import { z } from 'zod';
import { DECISIONI_DIGITAZIONE, STATI_DIGITAZIONE } from '../gara';
import { id, istante } from './common';

/** An answer row as the answer pages read it. */
export const rispostaSchema = z.object({
  id,
  problema: id,
  problema_nome: z.string(),
  squadra: id,
  squadra_nome: z.string(),
  sessione: id,
  /** null when the user may not see answer values yet (canSeeRispostaValore). */
  valore: z.string().nullable(),
  valore_exp: z.number().int().nullable(),
  kind: z.enum(['r', 'j']),
  /** null for joker rows. */
  corretto: z.boolean().nullable(),
  momento_consegna: istante,
  date: istante,
  date_received: istante,
  inserita_da: id.nullable(),
  inserita_da_nome: z.string().nullable(),
});
export type RispostaOut = z.infer<typeof rispostaSchema>;

/**
 * One typing of a slip when the event requires double entry (issue 17): what
 * POST /api/gas/risposta/ answers (202) until two typings agree, and the rows
 * of GET /api/gas/digitazione/.
 */
export const digitazioneSchema = z.object({
  id,
  sessione: id,
  squadra: id,
  squadra_nome: z.string(),
  problema: id,
  problema_nome: z.string(),
  valore: z.string(),
  valore_exp: z.number().int(),
  momento_consegna: istante,
  ricevuta: istante,
  utente: id.nullable(),
  utente_nome: z.string().nullable(),
  stato: z.enum(STATI_DIGITAZIONE),
  /** The other typing of the same slip, once paired. */
  abbinata_a: id.nullable(),
  /** The answer stored for the pair (confermata, risolta). */
  risposta: id.nullable(),
  risolta_da_nome: z.string().nullable(),
  risolta_il: istante.nullable(),
  /** For a pair the administrators decided: what became of this reading (else null). */
  decisione: z.enum(DECISIONI_DIGITAZIONE).nullable(),
  /** The value of the stored answer (confermata, risolta; null once that answer is deleted). */
  valore_registrato: z.string().nullable(),
  valore_registrato_exp: z.number().int().nullable(),
});
export type DigitazioneOut = z.infer<typeof digitazioneSchema>;

/** POST /api/gas/risposta/: the stored answer (200, 201) or, under double entry, the typing (202). */
export const consegnaRispostaSchema = z.union([rispostaSchema, digitazioneSchema]);
export type ConsegnaRispostaOut = z.infer<typeof consegnaRispostaSchema>;

/**
 * A scoring event as risposta-all carries it (spec §5, the live `npe` without
 * its type): `c` only on answers; `date_received` only for superusers (the
 * latency tab).
 */
export const eventoPunteggioSchema = z.union([
  z.object({
    id,
    k: z.literal('r'),
    s: id,
    p: id,
    c: z.boolean(),
    d: istante,
    date_received: istante.optional(),
  }),
  z.object({
    id,
    k: z.literal('j'),
    s: id,
    p: id,
    d: istante,
    date_received: istante.optional(),
  }),
]);
export type EventoPunteggioRow = z.infer<typeof eventoPunteggioSchema>;
/** A scoring event without the superuser's extra. */
export type EventoPunteggio =
  | { id: number; k: 'r'; s: number; p: number; c: boolean; d: string }
  | { id: number; k: 'j'; s: number; p: number; d: string };

/**
 * GET /api/gas/sessione/{id}/eventi/ (issue 18): the scoring events of a
 * session as the scores page loads them, in blocks of `finestra_ms` of
 * delivery time from the start. Each block's `versione` changes with its
 * content, so a block fetched with its version never changes and may be
 * cached for good; the index itself is short-lived.
 */
export const indiceEventiSchema = z.object({
  sessione: id,
  ora: istante,
  inizio: istante,
  finestra_ms: z.number().int().positive(),
  eventi: z.number().int().nonnegative(),
  blocchi: z.array(
    z.object({
      blocco: z.number().int(),
      eventi: z.number().int().positive(),
      versione: z.string(),
    }),
  ),
});
export type IndiceEventi = z.infer<typeof indiceEventiSchema>;

/**
 * GET /api/gas/sessione/{id}/eventi/{blocco}/?v=: one block, in columns (the
 * same events as risposta-all, about a fifth of the bytes before compression).
 * `id`: the first id, then the difference from the previous one; `k`: one
 * letter per event, r or j; `c`: 1 correct, 0 wrong, - for a joker; `d`:
 * milliseconds from `inizio`, the block's start.
 */
export const bloccoEventiSchema = z.object({
  sessione: id,
  blocco: z.number().int(),
  versione: z.string(),
  inizio: istante,
  id: z.array(z.number().int()),
  k: z.string(),
  s: z.array(id),
  p: z.array(id),
  c: z.string(),
  d: z.array(z.number().int()),
});
export type BloccoEventi = z.infer<typeof bloccoEventiSchema>;

/** A team's joker (GET /api/gas/jolly/). */
export const jollySchema = z.object({
  id,
  squadra: id,
  problema: id,
  /** The kind-j answer row carrying the choice into the live feed. */
  risposta: id.nullable(),
});
export type JollyOut = z.infer<typeof jollySchema>;

/** POST /api/gas/jolly/: the joker and the time it counts from. */
export const jollyCreatoSchema = jollySchema.extend({ momento_consegna: istante, date: istante });
export type JollyCreato = z.infer<typeof jollyCreatoSchema>;

/** POST /api/gas/biglietti-consegna/: the PDF and pdflatex's log, base64. */
export const bigliettiConsegnaSchema = z.object({
  success: z.boolean(),
  pdf_b64: z.string(),
  log_b64: z.string(),
  source: z.string(),
});
export type BigliettiConsegna = z.infer<typeof bigliettiConsegnaSchema>;

/**
 * GET /api/gas/risposta-all/pk_risposte/: without `pk__in` the ids of the
 * session's events, with it the events themselves.
 */
export const pkRisposteSchema = z.union([z.array(id), z.array(eventoPunteggioSchema)]);
