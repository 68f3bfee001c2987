// The contest itself: problems, answers, jokers and cached score snapshots.
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { oneOf, tz } from './columns';
import { evento, sessione } from './evento';
import { squadra } from './squadre';
import { users } from './utenti';

export const problema = pgTable(
  'problema',
  {
    id: serial('id').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => evento.id, { onDelete: 'cascade' }),
    /** P1..Pn, renumbered from `ordine` on reorder or delete. */
    nome: text('nome').notNull(),
    ordine: integer('ordine').notNull(),
    /** The solution is soluzione × 10^soluzione_exp. */
    soluzione: doublePrecision('soluzione').notNull().default(0),
    soluzioneExp: integer('soluzione_exp').notNull().default(0),
    /** Relative tolerance p: accepted from soluzione/(1+p) to soluzione*(1+p). */
    intervalloValidita: doublePrecision('intervallo_validita').notNull().default(0.005),
    udmSoluzione: text('udm_soluzione').notNull().default(''),
  },
  // DEFERRABLE INITIALLY DEFERRED (migration 0001): a reorder may swap `ordine`
  // values inside one transaction; uniqueness is checked at commit.
  (t) => [unique('problema_evento_ordine_unique').on(t.eventoId, t.ordine)],
);

/** r = answer, j = joker choice. */
export const KIND_RISPOSTA = ['r', 'j'] as const;
export type KindRisposta = (typeof KIND_RISPOSTA)[number];

export const risposta = pgTable(
  'risposta',
  {
    id: serial('id').primaryKey(),
    problemaId: integer('problema_id')
      .notNull()
      .references(() => problema.id, { onDelete: 'cascade' }),
    squadraId: integer('squadra_id').notNull(),
    /** Denormalised from the team for the hot "answers of a session by time" query. */
    sessioneId: integer('sessione_id')
      .notNull()
      .references(() => sessione.id, { onDelete: 'cascade' }),
    /** The value exactly as typed (mantissa); the number is valore × 10^valore_exp. */
    valore: text('valore').notNull().default(''),
    valoreExp: integer('valore_exp').notNull().default(0),
    kind: text('kind', { enum: KIND_RISPOSTA }).notNull().default('r'),
    /** Null exactly for joker rows (kind j). */
    corretto: boolean('corretto'),
    /** Delivery moment: custom (entered by staff) or the receipt time. */
    momentoConsegna: tz('momento_consegna').notNull(),
    /** Event time used for scoring (= momento_consegna). */
    date: tz('date').notNull(),
    dateReceived: tz('date_received').notNull().defaultNow(),
    inseritaDa: integer('inserita_da').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The submission's Idempotency-Key (issue 17), unique per submitter: the
     * same key again answers this row, never a second one.
     */
    chiaveIdempotenza: text('chiave_idempotenza'),
    /** sha256 of the request the key came with: the same key with another body is refused. */
    improntaRichiesta: text('impronta_richiesta'),
  },
  (t) => [
    uniqueIndex('risposta_chiave_idempotenza_unique')
      .on(t.inseritaDa, t.chiaveIdempotenza)
      .where(sql`${t.chiaveIdempotenza} is not null`),
    foreignKey({
      name: 'risposta_squadra_sessione_fk',
      columns: [t.squadraId, t.sessioneId],
      foreignColumns: [squadra.id, squadra.sessioneId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('risposta_sessione_date_idx').on(t.sessioneId, t.date, t.id),
    // (team, problem, received): the duplicate check of every submission reads
    // only that pair's answers of its last few seconds, however many the pair has.
    index('risposta_squadra_problema_ricevuta_idx').on(t.squadraId, t.problemaId, t.dateReceived),
    index('risposta_problema_idx').on(t.problemaId),
    check('risposta_kind_check', oneOf(t.kind, KIND_RISPOSTA)),
    check('risposta_corretto_check', sql`(${t.kind} = 'j') = (${t.corretto} is null)`),
  ],
);

/** The joker problem of a team: one per team. */
export const jolly = pgTable(
  'jolly',
  {
    id: serial('id').primaryKey(),
    squadraId: integer('squadra_id')
      .notNull()
      .references(() => squadra.id, { onDelete: 'cascade' }),
    problemaId: integer('problema_id')
      .notNull()
      .references(() => problema.id, { onDelete: 'cascade' }),
    /** The kind-j risposta row that carries the choice into the live feed. */
    rispostaId: integer('risposta_id').references((): AnyPgColumn => risposta.id, {
      onDelete: 'set null',
    }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jolly_squadra_unique').on(t.squadraId),
    index('jolly_problema_idx').on(t.problemaId),
  ],
);

/** Computed score snapshots of a session (ora = time of the snapshot). */
export const punteggiCache = pgTable(
  'punteggi_cache',
  {
    id: serial('id').primaryKey(),
    sessioneId: integer('sessione_id')
      .notNull()
      .references(() => sessione.id, { onDelete: 'cascade' }),
    ora: tz('ora').notNull(),
    json: jsonb('json').notNull(),
  },
  (t) => [index('punteggi_cache_sessione_ora_idx').on(t.sessioneId, t.ora)],
);

export type Problema = typeof problema.$inferSelect;
export type NewProblema = typeof problema.$inferInsert;
export type Risposta = typeof risposta.$inferSelect;
export type NewRisposta = typeof risposta.$inferInsert;
export type Jolly = typeof jolly.$inferSelect;
export type NewJolly = typeof jolly.$inferInsert;
export type PunteggiCache = typeof punteggiCache.$inferSelect;
