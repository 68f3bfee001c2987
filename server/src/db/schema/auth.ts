// Login sessions and chat tokens.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns';
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
