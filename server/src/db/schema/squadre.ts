// Venues (poli) and teams.
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { coordinate } from './columns';
import { evento, sessione } from './evento';
import { citta, scuola } from './luoghi';
import { responsabile, users } from './utenti';

/** A local venue where the teams of an event compete together. */
export const polo = pgTable(
  'polo',
  {
    id: serial('id').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => evento.id, { onDelete: 'cascade' }),
    nomeBreve: text('nome_breve').notNull(),
    descrizione: text('descrizione').notNull().default(''),
    indirizzo: text('indirizzo').notNull().default(''),
    cittaId: integer('citta_id').references(() => citta.id, { onDelete: 'set null' }),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
    capacitaMassimaSquadre: integer('capacita_massima_squadre'),
  },
  (t) => [index('polo_evento_idx').on(t.eventoId)],
);

/** Venue managers (Polo.responsabili). */
export const poloResponsabile = pgTable(
  'polo_responsabile',
  {
    poloId: integer('polo_id')
      .notNull()
      .references(() => polo.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.poloId, t.userId] }),
    index('polo_responsabile_user_idx').on(t.userId),
  ],
);

export const squadra = pgTable(
  'squadra',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    scuolaId: integer('scuola_id').references(() => scuola.id, { onDelete: 'set null' }),
    sessioneId: integer('sessione_id').notNull(),
    /** Denormalised from the session; kept consistent by a composite foreign key. */
    eventoId: integer('evento_id').notNull(),
    poloId: integer('polo_id').references(() => polo.id, { onDelete: 'set null' }),
    ufficiale: boolean('ufficiale').notNull().default(false),
    /** Guest team: ranked but out of competition. */
    ospite: boolean('ospite').notNull().default(false),
    /** Age order, last tie-break of the ranking. */
    ordineEta: integer('ordine_eta').notNull().default(0),
    /** Identifier on the external olympiad site. */
    idEsterno: text('id_esterno'),
    capitano: text('capitano'),
    consegnatore: text('consegnatore'),
    p1: text('p1'),
    p2: text('p2'),
    p3: text('p3'),
    /** School class year (1-5) of each member. */
    annoCapitano: integer('anno_capitano'),
    annoConsegnatore: integer('anno_consegnatore'),
    annoP1: integer('anno_p1'),
    annoP2: integer('anno_p2'),
    annoP3: integer('anno_p3'),
    penalita: integer('penalita').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'squadra_sessione_evento_fk',
      columns: [t.sessioneId, t.eventoId],
      foreignColumns: [sessione.id, sessione.eventoId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('squadra_sessione_idx').on(t.sessioneId),
    index('squadra_evento_idx').on(t.eventoId),
    index('squadra_scuola_idx').on(t.scuolaId),
    index('squadra_polo_idx').on(t.poloId),
    unique('squadra_evento_id_esterno_unique').on(t.eventoId, t.idEsterno),
    // Target of risposta's composite foreign key (risposta.sessione_id is denormalised).
    unique('squadra_id_sessione_unique').on(t.id, t.sessioneId),
  ],
);

/** Teams assigned directly to a manager (Squadra.responsabili / Responsabile.squadre). */
export const responsabileSquadra = pgTable(
  'responsabile_squadra',
  {
    responsabileId: integer('responsabile_id')
      .notNull()
      .references(() => responsabile.id, { onDelete: 'cascade' }),
    squadraId: integer('squadra_id')
      .notNull()
      .references(() => squadra.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.responsabileId, t.squadraId] }),
    index('responsabile_squadra_squadra_idx').on(t.squadraId),
  ],
);

export type Polo = typeof polo.$inferSelect;
export type NewPolo = typeof polo.$inferInsert;
export type Squadra = typeof squadra.$inferSelect;
export type NewSquadra = typeof squadra.$inferInsert;
