// GaS's own error inbox (issue 16): every unexpected error of the web app and
// of the server, grouped by fingerprint (same kind, message and place in the
// code) so that a thousand viewers hitting one bug make one group with a
// count, shown in the back office and marked resolved there. Each group keeps
// its last few occurrences (ERRORI_LIMITI.occorrenzePerGruppo) with their stacks.
import { ORIGINI_ERRORE } from '@gas/contracts';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { oneOf, tz } from './columns';
import { users } from './utenti';

export const erroreGruppo = pgTable(
  'errore_gruppo',
  {
    id: serial('id').primaryKey(),
    /** sha256 of origin, kind, normalised message and the top of the stack (errori/impronta.ts). */
    impronta: text('impronta').notNull().unique(),
    origine: text('origine', { enum: ORIGINI_ERRORE }).notNull(),
    tipo: text('tipo').notNull(),
    messaggio: text('messaggio').notNull(),
    /** Where the code reported it ('whoami', 'GET /api/gas/evento/:id/', …). */
    contesto: text('contesto').notNull().default(''),
    conteggio: integer('conteggio').notNull().default(1),
    primo: tz('primo').notNull().defaultNow(),
    ultimo: tz('ultimo').notNull().defaultNow(),
    risolto: boolean('risolto').notNull().default(false),
    risoltoIl: tz('risolto_il'),
    risoltoDa: integer('risolto_da').references(() => users.id, { onDelete: 'set null' }),
    /** When the superusers were last told about this group (at most once an hour). */
    ultimaEmail: tz('ultima_email'),
    /**
     * Waiting for the digest since then: its alert found the hour's e-mails
     * used up (errori/avvisi.ts). Null when not waiting.
     */
    riepilogoDal: tz('riepilogo_dal'),
    /** Taken by a digest being sent at that time (retaken after a while if that sender died). */
    riepilogoPresoIl: tz('riepilogo_preso_il'),
  },
  (t) => [
    index('errore_gruppo_ultimo_idx').on(t.ultimo),
    check('errore_gruppo_origine_check', oneOf(t.origine, ORIGINI_ERRORE)),
  ],
);
export type ErroreGruppo = typeof erroreGruppo.$inferSelect;

/**
 * The e-mails to the superusers in one clock hour, counted across every
 * instance (errori/avvisi.ts): the alerts sent, and whether the hour's one
 * digest went out. Claimed by conditional upserts; rows of past hours are
 * pruned by the digest.
 */
export const erroreEmailOra = pgTable('errore_email_ora', {
  /** The start of the hour (UTC). */
  ora: tz('ora').primaryKey(),
  avvisi: integer('avvisi').notNull().default(0),
  riepilogo: boolean('riepilogo').notNull().default(false),
});

export const erroreOccorrenza = pgTable(
  'errore_occorrenza',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gruppoId: integer('gruppo_id')
      .notNull()
      .references(() => erroreGruppo.id, { onDelete: 'cascade' }),
    quando: tz('quando').notNull().defaultNow(),
    messaggio: text('messaggio').notNull(),
    stack: text('stack').notNull().default(''),
    /** The page's path (web) or the route's pattern with its method (server). */
    percorso: text('percorso').notNull().default(''),
    versione: text('versione').notNull().default(''),
    /** A user's id, or 'Anonymous' (spec §6). */
    utente: text('utente').notNull().default('Anonymous'),
    /** The X-Request-Id of the failed call, to find it in the server's log. */
    requestId: text('request_id').notNull().default(''),
    browser: text('browser').notNull().default(''),
  },
  (t) => [index('errore_occorrenza_gruppo_idx').on(t.gruppoId, t.id)],
);
export type ErroreOccorrenza = typeof erroreOccorrenza.$inferSelect;
