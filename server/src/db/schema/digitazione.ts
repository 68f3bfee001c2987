// Double entry of paper slips (issue 17): an event may require each answer to
// be typed twice, by two different users. Each typing is a `digitazione`; two
// that agree store the answer (risposta), two that disagree wait for an
// administrator, who accepts one of them, a corrected value, or neither.
import { STATI_DIGITAZIONE } from '@gas/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { oneOf, tz } from './columns';
import { sessione } from './evento';
import { problema, risposta } from './gara';
import { squadra } from './squadre';
import { users } from './utenti';

// The states of a typing are the API's own (STATI_DIGITAZIONE, @gas/contracts).
export { STATI_DIGITAZIONE, type StatoDigitazione } from '@gas/contracts';

export const digitazione = pgTable(
  'digitazione',
  {
    id: serial('id').primaryKey(),
    squadraId: integer('squadra_id').notNull(),
    sessioneId: integer('sessione_id')
      .notNull()
      .references(() => sessione.id, { onDelete: 'cascade' }),
    problemaId: integer('problema_id')
      .notNull()
      .references(() => problema.id, { onDelete: 'cascade' }),
    valore: text('valore').notNull(),
    valoreExp: integer('valore_exp').notNull().default(0),
    /** The delivery time this typing gives the slip (typed by staff, or its receipt). */
    momentoConsegna: tz('momento_consegna').notNull(),
    momentoScelto: boolean('momento_scelto').notNull().default(false),
    ricevuta: tz('ricevuta').notNull().defaultNow(),
    utenteId: integer('utente_id').references(() => users.id, { onDelete: 'set null' }),
    stato: text('stato', { enum: STATI_DIGITAZIONE }).notNull().default('in_attesa'),
    /** What the first answer to this typing said: a retry with its key answers the same. */
    statoIniziale: text('stato_iniziale', { enum: STATI_DIGITAZIONE }).notNull(),
    /** The other typing of the same slip, once paired. */
    abbinataA: integer('abbinata_a').references((): AnyPgColumn => digitazione.id, {
      onDelete: 'set null',
    }),
    /** The answer the pair stored (confermata, risolta). */
    rispostaId: integer('risposta_id').references(() => risposta.id, { onDelete: 'set null' }),
    risoltaDa: integer('risolta_da').references(() => users.id, { onDelete: 'set null' }),
    risoltaIl: tz('risolta_il'),
    chiaveIdempotenza: text('chiave_idempotenza'),
    improntaRichiesta: text('impronta_richiesta'),
  },
  (t) => [
    uniqueIndex('digitazione_chiave_idempotenza_unique')
      .on(t.utenteId, t.chiaveIdempotenza)
      .where(sql`${t.chiaveIdempotenza} is not null`),
    foreignKey({
      name: 'digitazione_squadra_sessione_fk',
      columns: [t.squadraId, t.sessioneId],
      foreignColumns: [squadra.id, squadra.sessioneId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // The pairing reads a slip's open typings; the lists read a session's.
    index('digitazione_squadra_problema_idx').on(t.squadraId, t.problemaId),
    index('digitazione_sessione_stato_idx').on(t.sessioneId, t.stato),
    check('digitazione_stato_check', oneOf(t.stato, STATI_DIGITAZIONE)),
    check('digitazione_stato_iniziale_check', oneOf(t.statoIniziale, STATI_DIGITAZIONE)),
  ],
);
export type Digitazione = typeof digitazione.$inferSelect;
export type NewDigitazione = typeof digitazione.$inferInsert;
