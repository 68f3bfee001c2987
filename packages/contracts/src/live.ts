// The live feeds' wire protocol (spec §7 "Live connections"; docs/live.md):
// every frame is one JSON object with a `type`, one discriminated union per
// feed. The server encodes frames of these types once per message; the web app
// parses what it receives with these schemas. Close codes are part of it too.
//
//   /ws/gas/sessione/{id}/punteggi_eventi/   eventiFrame
//   /ws/gas/sessione/{id}/punteggi_last/     lastFrame
//   /ws/gas/messaggi-importanti/{eventoId}/  messaggiFrame
//   both punteggi_eventi and messaggi-importanti also carry the event's
//   changes (tempiFrame, modificaFrame): every open page of the event follows them.
//   any feed, from the client:               clientFrame ({"type":"ping"})
// The close codes and the instant pattern are in wire.ts (no zod: the web
// app's production bundle uses them without the schemas).
import { z } from 'zod';
import { ISTANTE_ISO, ISTANTE_NON_VALIDO } from './wire';

const istante = z.string().regex(ISTANTE_ISO, ISTANTE_NON_VALIDO);
const id = z.number().int().positive();

// ---- punteggi_eventi: scoring events (answers and jokers) and reload requests

/** An answer event: `c` tells whether it was correct. */
export const npeRispostaFrame = z.object({
  type: z.literal('npe'),
  id,
  k: z.literal('r'),
  /** Team id. */
  s: id,
  /** Problem id. */
  p: id,
  c: z.boolean(),
  /** Delivery time. */
  d: istante,
});
/** A joker event: no `c`. */
export const npeJollyFrame = z.object({
  type: z.literal('npe'),
  id,
  k: z.literal('j'),
  s: id,
  p: id,
  d: istante,
});
/** One scoring event; `k` tells answer from joker. */
export const npeFrame = z.discriminatedUnion('k', [npeRispostaFrame, npeJollyFrame]);
export type NpeFrame = z.infer<typeof npeFrame>;

/** An answer or joker was deleted: drop the event with that id. */
export const npeDeleteFrame = z.object({ type: z.literal('npe_delete'), id });
/** Reload the page now. */
export const refreshPageFrame = z.object({ type: z.literal('refresh_page') });
/** Reload after a random delay of at most `interval` seconds. */
export const refreshPageDelayedFrame = z.object({
  type: z.literal('refresh_page_delayed'),
  interval: z.number().nonnegative(),
});
export const pongFrame = z.object({ type: z.literal('pong') });
export const pingFrame = z.object({ type: z.literal('ping') });

// ---- the event's own changes, on the feeds of the event and of its sessions

/**
 * The event's times after a committed change that moved them (earlier or
 * later, a contest reopened included): pages apply them at once to their
 * clock, banners and open/closed state, without reading the event again
 * (a shared cache may hold the old event for a few seconds).
 */
export const tempiFrame = z.object({
  type: z.literal('tempi'),
  evento: id,
  inizio: istante,
  fine: istante,
  /** Null: the joker may be chosen until `fine`. */
  fine_consegna_jolly: istante.nullable(),
});
export type TempiFrame = z.infer<typeof tempiFrame>;

/** What of an event a committed change touched, for pages to read again. */
export const parteEvento = z.enum(['evento', 'sessioni', 'problemi', 'squadre', 'poli']);
export type ParteEvento = z.infer<typeof parteEvento>;

/**
 * A committed change of the event's data (title, sessions, problems, teams,
 * venues): read those parts again. A shared cache may answer from its copy
 * for up to CACHE_CONDIVISA.stabile seconds, so pages read again at once and
 * once more after that.
 */
export const modificaFrame = z.object({
  type: z.literal('modifica'),
  evento: id,
  parti: z.array(parteEvento).min(1),
});
export type ModificaFrame = z.infer<typeof modificaFrame>;

/**
 * The proclamation of the session (proclamazione.ts) moved to step `passo`
 * (0: back to the waiting screen) of `passi`: pages read what it reveals.
 * The scores page knows it and does nothing with it; the proclamation page
 * follows it.
 */
export const proclamazioneFrame = z.object({
  type: z.literal('proclamazione'),
  passo: z.number().int().nonnegative(),
  passi: z.number().int().nonnegative(),
});
export type ProclamazioneFrame = z.infer<typeof proclamazioneFrame>;

export const eventiFrame = z.union([
  npeFrame,
  npeDeleteFrame,
  refreshPageFrame,
  refreshPageDelayedFrame,
  tempiFrame,
  modificaFrame,
  pongFrame,
  proclamazioneFrame,
]);
export type EventiFrame = z.infer<typeof eventiFrame>;

// ---- punteggi_last: the session's latest score snapshot (the /punteggi/ item)

/** A time series of one team's total (the chart's `classifica_tempo`). */
export const serieTempoSchema = z.object({
  /** Epoch milliseconds. */
  tempi: z.array(z.number()),
  punteggi: z.array(z.number()),
});

/** One row of a session's ranking: @gas/scoring's LeaderboardEntry plus the team's venue. */
export const classificaEntrySchema = z.object({
  /** Shared on ties; null for guests. */
  posizione: z.number().int().nullable(),
  id,
  nome: z.string(),
  ospite: z.boolean(),
  totale: z.number(),
  /** Points per problem, in problem order. */
  punti_parziali: z.array(z.number()),
  /** Joker problem id. */
  jolly: id.nullable(),
  solved: z.array(z.boolean()),
  /** The team had an effective event on that problem in the last 180 s. */
  new: z.array(z.boolean()),
  scuola: id.nullable(),
  ordine_eta: z.number().int(),
  penalita: z.number(),
  punti_jolly: z.number(),
  /** Only for sessions with few teams (the server's HISTORY_MAX_TEAMS). */
  classifica_tempo: serieTempoSchema.optional(),
  polo: id.nullable(),
});
export type ClassificaEntry = z.infer<typeof classificaEntrySchema>;

/** `json` of a /sessione/{id}/punteggi/ item. */
export const punteggiJsonSchema = z.object({
  sessione: id,
  evento: id,
  nome: z.string(),
  inizio: z.string(),
  fine: z.string(),
  numero_qualificati: z.number().int().nullable(),
  /** When it was computed: `new` flags are relative to it. */
  ora: z.string(),
  problemi: z.array(z.object({ id, nome: z.string() })),
  /** Current value of each problem, in problem order. */
  valori: z.array(z.number()),
  classifica: z.array(classificaEntrySchema),
  /** Scoring events (answers and jokers) included. */
  numero_eventi: z.number().int().nonnegative(),
});
export type PunteggiJson = z.infer<typeof punteggiJsonSchema>;

/** One item of GET /api/gas/sessione/{id}/punteggi/ and of the new_json frame. */
export const punteggiItemSchema = z.object({ ora: z.string(), json: punteggiJsonSchema });
export type PunteggiItem = z.infer<typeof punteggiItemSchema>;

export const newJsonFrame = z.object({ type: z.literal('new_json'), json: punteggiItemSchema });
export const lastFrame = z.discriminatedUnion('type', [newJsonFrame, pongFrame]);
export type LastFrame = z.infer<typeof lastFrame>;

// ---- messaggi-importanti: an event's important messages

/** An important message (spec §3 MessaggioImportante), as the API and the feed send it. */
export const messaggioImportanteSchema = z.object({
  id,
  testo: z.string(),
  /** ISO 8601. */
  data: z.string(),
  evento: id,
});
export type MessaggioImportante = z.infer<typeof messaggioImportanteSchema>;

export const newMessageFrame = z.object({
  type: z.literal('new_message'),
  message: messaggioImportanteSchema,
});
/** A message was edited: replace it (same id) in the list. */
export const editMessageFrame = z.object({
  type: z.literal('edit_message'),
  message: messaggioImportanteSchema,
});
/** A message was deleted: drop it from the list. */
export const deleteMessageFrame = z.object({ type: z.literal('delete_message'), id });
export const messaggiFrame = z.discriminatedUnion('type', [
  newMessageFrame,
  editMessageFrame,
  deleteMessageFrame,
  tempiFrame,
  modificaFrame,
  pongFrame,
]);
export type MessaggiFrame = z.infer<typeof messaggiFrame>;

/** What a client may send on any feed (anything else closes it after repeated abuse). */
export const clientFrame = pingFrame;
