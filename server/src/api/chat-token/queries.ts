// Chat tokens: one per user. Only this file touches drizzle. Each write is a
// single INSERT ... ON CONFLICT, atomic without an explicit transaction and
// safe when two tabs ask at once.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatToken, responsabile, users } from '../../db/schema';

/**
 * True when `name` (any case) is another account's: its chat name, or its
 * username (which is that account's chat name until it picks one). A chat name
 * identifies one account; the unique index (migration 0005) has the last word
 * on chat names.
 */
export async function chatNameTaken(db: DbOrTx, userId: number, name: string): Promise<boolean> {
  const [asChatName] = await db
    .select({ id: chatToken.userId })
    .from(chatToken)
    .where(and(sql`lower(${chatToken.username}) = lower(${name})`, ne(chatToken.userId, userId)))
    .limit(1);
  if (asChatName) return true;
  const [asUsername] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${name})`, ne(users.id, userId)))
    .limit(1);
  return asUsername !== undefined;
}

/**
 * The user's token, created if missing. A given chat name replaces the stored
 * one; without it the stored name (or, for a new token, `fallbackName`) stays.
 */
export async function issueToken(
  db: DbOrTx,
  userId: number,
  chatName: string | undefined,
  fallbackName: string,
  newToken: string,
) {
  const [row] = await db
    .insert(chatToken)
    .values({ userId, username: chatName ?? fallbackName, token: newToken })
    .onConflictDoUpdate({
      target: chatToken.userId,
      set: { username: chatName ?? sql`${chatToken.username}` },
    })
    .returning({ token: chatToken.token, username: chatToken.username });
  return row!;
}

/** A new token for the user (the old one stops working at once). */
export async function resetToken(db: DbOrTx, userId: number, fallbackName: string, token: string) {
  const [row] = await db
    .insert(chatToken)
    .values({ userId, username: fallbackName, token })
    .onConflictDoUpdate({
      target: chatToken.userId,
      set: { token, createdAt: new Date() },
    })
    .returning({ token: chatToken.token, username: chatToken.username });
  return row!;
}

export async function findByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      chatName: chatToken.username,
      user: {
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
        isStaff: users.isStaff,
        isSuperuser: users.isSuperuser,
      },
      ruolo: responsabile.ruolo,
      attivo: responsabile.attivo,
    })
    .from(chatToken)
    .innerJoin(users, eq(users.id, chatToken.userId))
    .leftJoin(responsabile, eq(responsabile.userId, users.id))
    .where(eq(chatToken.token, token));
  return row ?? null;
}

export async function usernameOf(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row?.username ?? '';
}

/** The user's chat name and token, or null (read before a write, for the audit log). */
export async function chatTokenOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ token: chatToken.token, username: chatToken.username })
    .from(chatToken)
    .where(eq(chatToken.userId, userId));
  return row ?? null;
}
