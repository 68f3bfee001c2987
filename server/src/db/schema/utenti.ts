// Accounts and managers (responsabili).
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { oneOf, tz } from './columns';
import { scuola } from './luoghi';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    /** scrypt$N$r$p$salt$hash (auth/password.ts); '!' = no usable password. */
    passwordHash: text('password_hash').notNull().default('!'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    dateJoined: tz('date_joined').notNull().defaultNow(),
    lastLogin: tz('last_login'),
  },
  // An e-mail address identifies one account, whatever its case (invitations
  // look it up by address); accounts without an address ('') are not bound.
  (t) => [
    uniqueIndex('users_email_lower_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
  ],
);

export const RUOLI_RESPONSABILE = ['sp', 'ss'] as const;
export type RuoloResponsabile = (typeof RUOLI_RESPONSABILE)[number];

export const responsabile = pgTable(
  'responsabile',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attivo: boolean('attivo').notNull().default(true),
    puoIscriversiGareUfficiali: boolean('puo_iscriversi_gare_ufficiali').notNull().default(false),
    newsletter: boolean('newsletter').notNull().default(false),
    /** sp = responsabile principale, ss = responsabile di squadra. */
    ruolo: text('ruolo', { enum: RUOLI_RESPONSABILE }).notNull().default('sp'),
    /** The main manager who created this (secondary) manager: he keeps managing him. */
    creatoDa: integer('creato_da').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /**
     * Identifier on the external olympiad site (import-format.md): set for
     * the main managers it registers, whose personal data it owns.
     */
    idEsterno: text('id_esterno'),
  },
  (t) => [
    uniqueIndex('responsabile_user_unique').on(t.userId),
    uniqueIndex('responsabile_id_esterno_unique').on(t.idEsterno),
    check('responsabile_ruolo_check', oneOf(t.ruolo, RUOLI_RESPONSABILE)),
  ],
);

/** Schools a manager is the reference for (Responsabile.scuole). */
export const responsabileScuola = pgTable(
  'responsabile_scuola',
  {
    responsabileId: integer('responsabile_id')
      .notNull()
      .references(() => responsabile.id, { onDelete: 'cascade' }),
    scuolaId: integer('scuola_id')
      .notNull()
      .references(() => scuola.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.responsabileId, t.scuolaId] }),
    index('responsabile_scuola_scuola_idx').on(t.scuolaId),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Responsabile = typeof responsabile.$inferSelect;
export type NewResponsabile = typeof responsabile.$inferInsert;
