// Runs of the import from the external olympiad site (issue 15): the
// scheduled sync and the 'Sincronizza ora' button record each attempt, its
// summary or why it failed, so the back office shows the last ones.
import type { EsitoImport } from '@gas/contracts';
import { check, index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { oneOf, tz } from './columns';

export const ESITI_SINCRONIZZAZIONE = ['in_corso', 'applicato', 'rifiutato', 'fallito'] as const;
export type EsitoSincronizzazione = (typeof ESITI_SINCRONIZZAZIONE)[number];

export const sincronizzazione = pgTable(
  'sincronizzazione',
  {
    id: serial('id').primaryKey(),
    inizio: tz('inizio').notNull().defaultNow(),
    fine: tz('fine'),
    /** applicato: the document was applied; rifiutato: it was invalid; fallito: no document (network, HTTP status). */
    esito: text('esito', { enum: ESITI_SINCRONIZZAZIONE }).notNull().default('in_corso'),
    /** 'pianificata' or the username of whoever pressed 'Sincronizza ora'. */
    avviataDa: text('avviata_da').notNull().default('pianificata'),
    /** The document's `generato`, when one was read. */
    generato: text('generato').notNull().default(''),
    riepilogo: jsonb('riepilogo').$type<EsitoImport>(),
    /** Why it failed, in Italian (never the token). */
    errore: text('errore').notNull().default(''),
  },
  (t) => [
    index('sincronizzazione_inizio_idx').on(t.inizio),
    check('sincronizzazione_esito_check', oneOf(t.esito, ESITI_SINCRONIZZAZIONE)),
  ],
);
export type Sincronizzazione = typeof sincronizzazione.$inferSelect;
