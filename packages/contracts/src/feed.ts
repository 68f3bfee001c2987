// The open event feed for third parties (issue 28, docs/feed.md), version 1:
// GET /api/feed/v1/sessione/{id}/?since={token} answers newline-delimited
// JSON, one line per change of what a session's ranking is made of. Every
// line carries a `token`; `since` resumes after it. Without `since` the first
// line is `stato`, the whole state the ranking is built from. A line carries
// the object as it is when the line is sent (not the change that touched
// it): applying a line twice, or a later line after an earlier one, leaves
// the same state, so a client that reconnects with the last token it read
// misses nothing. The JSON Schema of every line is docs/feed.schema.json,
// made from these schemas (npm run openapi).
import { z } from 'zod';
import { npeJollyFrame, npeRispostaFrame } from './live';
import { id, istante } from './responses/common';

export const MESSAGGI_FEED = {
  tokenNonValido: 'Il token non è valido: usa il token di una riga ricevuta dal feed.',
  streamNonValido: 'stream può essere solo true o false.',
  troppiFlussi:
    'Hai già troppi feed aperti da questo indirizzo: chiudine uno prima di aprirne un altro.',
} as const;

/** Opaque: where the feed resumes (`since`). */
const token = z
  .string()
  .max(60)
  .regex(/^\d{1,16}\.\d{1,16}(\.\d{1,16})?$/, MESSAGGI_FEED.tokenNonValido)
  // Each part is a whole number the server reads exactly (below 2^53).
  .refine(
    (t) => t.split('.').every((n) => Number.isSafeInteger(Number(n))),
    MESSAGGI_FEED.tokenNonValido,
  );

/** The scoring parameters of the event (spec's PTI_* fields), as @gas/scoring takes them. */
export const parametriFeedSchema = z.object({
  PTI_TOLTI_ERRORE: z.number(),
  PTI_BASE_MONTEPREMI: z.number(),
  MAX_ERRORI_RAISE_MONTEPREMI: z.number(),
  ERRORE_PUNTEGGI_RAISE: z.number(),
  PUNTEGGIO_BASE_PROBLEMI: z.number(),
  BONUS_VELOCITA: z.number(),
  SCALING_BONUS_VELOCITA: z.number(),
  SCALING_BONUS_MONTEPREMI: z.number(),
});

/**
 * The event's times and scoring. An answer counts when inizio ≤ d ≤ fine,
 * a joker when inizio ≤ d ≤ fine_consegna_jolly (or fine when null).
 */
export const eventoFeedSchema = z.object({
  id,
  titolo: z.string(),
  inizio: istante,
  fine: istante,
  fine_consegna_jolly: istante.nullable(),
  parametri: parametriFeedSchema,
});
export const sessioneFeedSchema = z.object({
  id,
  nome: z.string(),
  numero_qualificati: z.number().int().nullable(),
});
/** A problem; the ranking lists problems by `ordine`, then id. */
export const problemaFeedSchema = z.object({ id, nome: z.string(), ordine: z.number().int() });
export const squadraFeedSchema = z.object({
  id,
  nome: z.string(),
  ospite: z.boolean(),
  ordine_eta: z.number().int(),
  penalita: z.number(),
  scuola: id.nullable(),
  polo: id.nullable(),
});
/** A scoring event: an answer (`k` r, `c` whether correct) or a joker (`k` j). */
export const eventoPunteggioFeedSchema = z.discriminatedUnion('k', [
  npeRispostaFrame.omit({ type: true }),
  npeJollyFrame.omit({ type: true }),
]);
export const messaggioFeedSchema = z.object({ id, testo: z.string(), data: istante });

const riga = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), token, ...shape });

export const rigaFeedSchema = z.discriminatedUnion('type', [
  /** The whole state (first line without `since`). */
  riga('stato', {
    evento: eventoFeedSchema,
    sessione: sessioneFeedSchema,
    problemi: z.array(problemaFeedSchema),
    squadre: z.array(squadraFeedSchema),
    eventi: z.array(eventoPunteggioFeedSchema),
    messaggi: z.array(messaggioFeedSchema),
  }),
  /** An answer or joker as stored now (new, or with a corrected outcome): replace by id. */
  riga('consegna', { evento: eventoPunteggioFeedSchema }),
  /** An answer or joker deleted: drop the event with this id. */
  riga('consegna_eliminata', { id }),
  /** The team's joker as it is now (null: none): drop its joker events, then add this one. */
  riga('jolly', { squadra: id, evento: npeJollyFrame.omit({ type: true }).nullable() }),
  riga('squadra', { squadra: squadraFeedSchema }),
  /** A team deleted or moved to another session: drop it and its events. */
  riga('squadra_eliminata', { id }),
  riga('problema', { problema: problemaFeedSchema }),
  riga('problema_eliminato', { id }),
  riga('evento', { evento: eventoFeedSchema }),
  riga('sessione', { sessione: sessioneFeedSchema }),
  riga('messaggio', { messaggio: messaggioFeedSchema }),
  riga('messaggio_eliminato', { id }),
  /** Nothing new up to `token` (sent every 15 s): resume from it. */
  riga('ping', {}),
]);
export type RigaFeed = z.infer<typeof rigaFeedSchema>;
export type TipoRigaFeed = RigaFeed['type'];
export type StatoFeed = Extract<RigaFeed, { type: 'stato' }>;

/** The query of GET /api/feed/v1/sessione/{id}/. */
export const feedQuery = z.object({
  since: token.optional(),
  /** false: what there is now, then the answer ends (no waiting for changes). */
  stream: z.enum(['true', 'false'], { error: MESSAGGI_FEED.streamNonValido }).optional(),
});
