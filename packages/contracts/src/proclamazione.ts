// The proclamation (issue 29 item 5): the award ceremony after a contest,
// driven step by step by an event administrator and followed live by every
// open page of `/sessione/{pk}/proclamazione/`. The server keeps the step;
// `GET /api/gas/sessione/{id}/proclamazione/` tells what it reveals, `POST`
// moves it, and each move reaches the pages as the `proclamazione` frame of
// the session's `punteggi_eventi` feed (live.ts).
import { z } from 'zod';
import { ISTANTE_ISO, ISTANTE_NON_VALIDO } from './wire';

const id = z.number().int().positive();
const istante = z.string().regex(ISTANTE_ISO, ISTANTE_NON_VALIDO);

export const MESSAGGI_PROCLAMAZIONE = {
  primaDellaFine:
    'La proclamazione può iniziare solo dopo la fine della gara: la classifica non è ancora definitiva.',
  giaAllInizio: 'La proclamazione è già all’inizio: non c’è un passo precedente.',
  giaConclusa: 'La proclamazione è già conclusa: non ci sono altri passi.',
  passoFuori: (passi: number) => `Il passo deve essere compreso tra 0 e ${passi}.`,
  richiesta: 'Indica un’azione (avanti o indietro) oppure il passo da mostrare, non entrambi.',
} as const;
const M = MESSAGGI_PROCLAMAZIONE;

/** A team as the ceremony names it. */
export const squadraProclamataSchema = z.object({
  id,
  /** Its position in the session's final ranking; null for guests. */
  posizione: z.number().int().positive().nullable(),
  nome: z.string(),
  /** Its school's name ('' when none is recorded). */
  scuola: z.string(),
  /** Its venue's name, when the session has venues. */
  polo: z.string().nullable(),
  totale: z.number(),
});
export type SquadraProclamata = z.infer<typeof squadraProclamataSchema>;

/**
 * What one step reveals. `posizione`: one position of the ranking (its teams,
 * several on a tie); `blocco`: the positions from `da` to `a` at once (beyond
 * the tenth, in large sessions); `polo`: a venue's winner; `podio`: third,
 * second, first place; `ospiti`: the guests, out of the ranking.
 */
export const passoProclamazioneSchema = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('posizione'),
    posizione: z.number().int().positive(),
    squadre: z.array(squadraProclamataSchema),
  }),
  z.object({
    tipo: z.literal('blocco'),
    da: z.number().int().positive(),
    a: z.number().int().positive(),
    squadre: z.array(squadraProclamataSchema),
  }),
  z.object({
    tipo: z.literal('polo'),
    polo: z.string(),
    squadre: z.array(squadraProclamataSchema),
  }),
  z.object({
    tipo: z.literal('podio'),
    posizione: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    squadre: z.array(squadraProclamataSchema),
  }),
  z.object({ tipo: z.literal('ospiti'), squadre: z.array(squadraProclamataSchema) }),
]);
export type PassoProclamazione = z.infer<typeof passoProclamazioneSchema>;

/** GET (and POST) /api/gas/sessione/{id}/proclamazione/ */
export const proclamazioneSchema = z.object({
  sessione: id,
  /** The current step: 0 before the ceremony starts, `passi` at its end. */
  passo: z.number().int().nonnegative(),
  /** How many steps the ceremony has (its last one is the guests' or the winner's). */
  passi: z.number().int().nonnegative(),
  /** When the step was last moved; null before the first move. */
  aggiornata: istante.nullable(),
  /** The contest's end: the ceremony may start only after it. */
  fine: istante,
  /** What the current step reveals; null at step 0 (nothing is revealed before the start). */
  corrente: passoProclamazioneSchema.nullable(),
  /** Every step revealed so far, from the first to the current one. */
  rivelati: z.array(passoProclamazioneSchema),
});
export type Proclamazione = z.infer<typeof proclamazioneSchema>;

/** POST /api/gas/sessione/{id}/proclamazione/: one step on or back, or straight to a step. */
export const proclamazioneRequest = z
  .object({
    azione: z.enum(['avanti', 'indietro']).optional(),
    passo: z.number().int().min(0).optional(),
  })
  .refine((b) => (b.azione === undefined) !== (b.passo === undefined), {
    error: M.richiesta,
    path: ['azione'],
  });
export type ProclamazioneRequest = z.infer<typeof proclamazioneRequest>;
