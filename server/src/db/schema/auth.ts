// Login sessions and chat tokens.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, tz } from './columns';
import { users } from './utenti';

/** A cookie session. The cookie carries a random token; only its hash is stored. */
export const loginSession = pgTable(
  'login_session',
  {
    /** SHA-256 (hex) of the cookie token. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfSecret: text('csrf_secret').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_session_user_idx').on(t.userId),
    index('login_session_expires_idx').on(t.expiresAt),
  ],
);

/** Token for the external community chat; one per user. */
export const chatToken = pgTable(
  'chat_token',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Name shown in the chat: one account's, whatever its case (migration 0005). */
    username: text('username').notNull(),
    /**
     * Stored in clear: the chat-token page shows the current token again (with
     * reset and copy buttons). It grants access to the chat only.
     */
    token: text('token').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_token_user_unique').on(t.userId),
    uniqueIndex('chat_token_token_unique').on(t.token),
    uniqueIndex('chat_token_username_lower_unique').on(sql`lower(${t.username})`),
  ],
);

export type LoginSession = typeof loginSession.$inferSelect;
export type NewLoginSession = typeof loginSession.$inferInsert;
export type ChatToken = typeof chatToken.$inferSelect;

export const SCOPI_TOKEN_PASSWORD = ['imposta', 'reimposta'] as const;
export type ScopoTokenPassword = (typeof SCOPI_TOKEN_PASSWORD)[number];

/**
 * A one-time link to set a password (issue 15): sent to an imported manager
 * ('imposta', valid 7 days) or asked for with 'Password dimenticata?'
 * ('reimposta'). Only the SHA-256 of the token is stored; a used, expired or
 * superseded token sets nothing.
 */
export const tokenPassword = pgTable(
  'token_password',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token in the link. */
    hash: text('hash').notNull(),
    scopo: text('scopo', { enum: SCOPI_TOKEN_PASSWORD }).notNull(),
    scade: tz('scade').notNull(),
    /** When it was used or superseded by a newer link; null while valid. */
    usato: tz('usato'),
    creato: tz('creato').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('token_password_hash_unique').on(t.hash),
    index('token_password_user_idx').on(t.userId),
    check('token_password_scopo_check', oneOf(t.scopo, SCOPI_TOKEN_PASSWORD)),
  ],
);
