// The committed changes of contest data (issue 27 item 2): what a use case of
// the domain core (server/src/gara/) emits after its commit, and the only
// thing the server's caches, live feeds, other instances and metrics react to.
// One change, one path: a page's frames (live.ts) are made from these, never
// published by hand (server/src/gara/modifiche.ts; docs/live.md, "The change
// stream").
import { z } from 'zod';
import { npeJollyFrame, npeRispostaFrame, parteEvento } from './live';
import { ISTANTE_ISO, ISTANTE_NON_VALIDO } from './wire';

const istante = z.string().regex(ISTANTE_ISO, ISTANTE_NON_VALIDO);
const id = z.number().int().positive();

/** A scoring event as stored: the `npe` frame without its `type`. */
const eventoPunteggio = z.discriminatedUnion('k', [
  npeRispostaFrame.omit({ type: true }),
  npeJollyFrame.omit({ type: true }),
]);

export const modificaGaraSchema = z.discriminatedUnion('tipo', [
  /**
   * An answer or a joker committed. `ricontrollata`: an answer stored before
   * whose outcome a corrected solution changed (pages drop the old copy first).
   */
  z.object({
    tipo: z.literal('consegna'),
    sessione: id,
    evento: eventoPunteggio,
    ricontrollata: z.boolean(),
  }),
  /** An answer or a joker deleted. */
  z.object({ tipo: z.literal('consegna_eliminata'), sessione: id, id }),
  /**
   * The sessions' rankings depend on something else that changed (teams
   * imported, added or removed): rebuild them.
   */
  z.object({ tipo: z.literal('classifiche_da_ricalcolare'), sessioni: z.array(id).min(1) }),
  /** An event's data committed (from the database's change feed, whoever wrote it). */
  z.object({
    tipo: z.literal('evento_modificato'),
    evento: id,
    /** Its sessions, whose feeds carry the event's changes too. */
    sessioni: z.array(id),
    parti: z.array(parteEvento),
    /** The times as committed, when they moved. */
    tempi: z
      .object({ inizio: istante, fine: istante, fine_consegna_jolly: istante.nullable() })
      .nullable(),
  }),
  /** An important message posted (`creato`) or edited (`modificato`). */
  z.object({
    tipo: z.literal('messaggio'),
    azione: z.enum(['creato', 'modificato']),
    evento: id,
    messaggio: z.object({ id, testo: z.string(), data: z.string() }),
  }),
  z.object({ tipo: z.literal('messaggio_eliminato'), evento: id, id }),
  /**
   * Who may see an event may have changed (from the database's change feed,
   * whoever wrote it): the event's row or staff (`evento`); an account, its
   * login sessions or its manager profile (`utente`); or, with neither, anything
   * (a table the guard does not know, changes missed while the feed was down).
   * The access guard (live/access-guard.ts) re-checks the open feeds.
   */
  z.object({
    tipo: z.literal('accesso_modificato'),
    evento: id.optional(),
    utente: id.optional(),
  }),
  /** Admin action: open pages of the session reload, at once or within `intervallo` s. */
  z.object({
    tipo: z.literal('ricarica_richiesta'),
    sessione: id,
    intervallo: z.number().nonnegative(),
  }),
  /** The proclamation of the session moved to step `passo` of `passi` (gara/proclamazione/). */
  z.object({
    tipo: z.literal('proclamazione'),
    sessione: id,
    passo: z.number().int().nonnegative(),
    passi: z.number().int().nonnegative(),
  }),
]);

export type ModificaGara = z.infer<typeof modificaGaraSchema>;
export type TipoModificaGara = ModificaGara['tipo'];
/** The change of one kind. */
export type ModificaDi<T extends TipoModificaGara> = Extract<ModificaGara, { tipo: T }>;
