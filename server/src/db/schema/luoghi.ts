// Places: countries, regions, cities and schools.
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { coordinate, oneOf } from './columns';

export const paese = pgTable('paese', {
  id: serial('id').primaryKey(),
  nome: text('nome').notNull().unique(),
  /** ISO 3166-1 alpha-2 code, e.g. IT. */
  codice: text('codice'),
});

export const regione = pgTable(
  'regione',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    paeseId: integer('paese_id').references(() => paese.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('regione_nome_paese_unique').on(t.nome, t.paeseId)],
);

export const citta = pgTable(
  'citta',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    regioneId: integer('regione_id').references(() => regione.id, { onDelete: 'set null' }),
    /** Two-letter province code (sigla), e.g. PI. */
    provincia: text('provincia'),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
  },
  (t) => [index('citta_nome_idx').on(t.nome), index('citta_regione_idx').on(t.regioneId)],
);

/** School types of spec §3 (codes as stored). */
export const TIPOLOGIE_SCUOLA = [
  'LC', // liceo classico
  'LS', // liceo scientifico
  'LA', // liceo artistico
  'LL', // liceo linguistico
  'LM', // liceo musicale e coreutico
  'LU', // liceo delle scienze umane
  'LSp', // liceo sportivo
  'ITE', // istituto tecnico economico
  'ITT', // istituto tecnico tecnologico
  'IPS', // istituto professionale servizi
  'IPI', // istituto professionale industria e artigianato
  'IIS', // istituto di istruzione superiore (omnicomprensivo)
  'IO', // altro istituto
  'A', // altro
] as const;
export type TipologiaScuola = (typeof TIPOLOGIE_SCUOLA)[number];

export const scuola = pgTable(
  'scuola',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    tipologia: text('tipologia', { enum: TIPOLOGIE_SCUOLA }).notNull().default('A'),
    /** Street and number; the city is citta_id. */
    indirizzoNome: text('indirizzo_nome').notNull().default(''),
    cittaId: integer('citta_id').references(() => citta.id, { onDelete: 'set null' }),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
    codiceMeccanografico: text('codice_meccanografico').unique(),
  },
  (t) => [
    index('scuola_citta_idx').on(t.cittaId),
    check('scuola_tipologia_check', oneOf(t.tipologia, TIPOLOGIE_SCUOLA)),
  ],
);

export type Paese = typeof paese.$inferSelect;
export type Regione = typeof regione.$inferSelect;
export type Citta = typeof citta.$inferSelect;
export type Scuola = typeof scuola.$inferSelect;
export type NewScuola = typeof scuola.$inferInsert;
