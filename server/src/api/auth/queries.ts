// What login, logout, password change and whoami read and write.
import { and, eq, sql } from 'drizzle-orm';
import { chiudiLinkPassword } from '../../auth/queries';
import type { DbOrTx } from '../../db/client';
import { loginSession, responsabile, users, type User } from '../../db/schema';

export async function userByUsername(db: DbOrTx, username: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  return user ?? null;
}

export async function touchLastLogin(db: DbOrTx, userId: number): Promise<void> {
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
}

/**
 * The new password; other devices signed in with the old one are signed out
 * and pending password links stop working.
 */
export async function changePassword(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(loginSession).where(eq(loginSession.userId, userId));
    await chiudiLinkPassword(tx, userId);
  });
}

/** The account and its manager's newsletter flag (whoami). */
export async function whoamiRow(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ user: users, newsletter: responsabile.newsletter })
    .from(users)
    .leftJoin(responsabile, eq(responsabile.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The active account with this e-mail address (any case), or null. */
export async function activeUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true)))
    .limit(1);
  return row ?? null;
}
