// What authentication reads and writes: the policies' Actor for a user (the
// user flags and, when present, the responsabile with its schools and directly
// assigned teams), and the login sessions behind the session cookies.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import {
  loginSession,
  responsabile,
  responsabileScuola,
  responsabileSquadra,
  tokenPassword,
  users,
  type NewLoginSession,
  type ScopoTokenPassword,
  type User,
} from '../db/schema';
import { hashToken, randomToken } from './tokens';
import type { Actor } from '../policies';
import { CAMPI_SEGRETI, NOTE_SEGRETI, recordSecretChange } from '../audit/account';
import type { AuditContext } from '../audit/queries';

export async function loadActor(db: DbOrTx, userId: number): Promise<Actor | null> {
  const [row] = await db
    .select({
      id: users.id,
      isActive: users.isActive,
      isSuperuser: users.isSuperuser,
      isStaff: users.isStaff,
      responsabileId: responsabile.id,
      attivo: responsabile.attivo,
      ruolo: responsabile.ruolo,
      puo: responsabile.puoIscriversiGareUfficiali,
    })
    .from(users)
    .leftJoin(responsabile, eq(responsabile.userId, users.id))
    .where(eq(users.id, userId));
  if (!row || !row.isActive) return null;
  if (row.responsabileId === null) {
    return {
      userId: row.id,
      isSuperuser: row.isSuperuser,
      isStaff: row.isStaff,
      responsabile: null,
    };
  }
  const responsabileId = row.responsabileId;
  const [scuole, squadre] = await Promise.all([
    db
      .select({ id: responsabileScuola.scuolaId })
      .from(responsabileScuola)
      .where(eq(responsabileScuola.responsabileId, responsabileId)),
    db
      .select({ id: responsabileSquadra.squadraId })
      .from(responsabileSquadra)
      .where(eq(responsabileSquadra.responsabileId, responsabileId)),
  ]);
  return {
    userId: row.id,
    isSuperuser: row.isSuperuser,
    isStaff: row.isStaff,
    responsabile: {
      id: responsabileId,
      attivo: row.attivo ?? false,
      ruolo: row.ruolo ?? 'sp',
      puoIscriversiGareUfficiali: row.puo ?? false,
      scuolaIds: scuole.map((s) => s.id),
      squadraIds: squadre.map((s) => s.id),
    },
  };
}

/** The user of a login session that exists and has not expired; null otherwise. */
export async function userOfLoginSession(db: DbOrTx, id: string): Promise<number | null> {
  const [session] = await db
    .select({ userId: loginSession.userId })
    .from(loginSession)
    .where(and(eq(loginSession.id, id), gt(loginSession.expiresAt, new Date())));
  return session?.userId ?? null;
}

export async function insertLoginSession(db: DbOrTx, values: NewLoginSession): Promise<void> {
  await db.insert(loginSession).values(values);
}

export async function deleteLoginSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(loginSession).where(eq(loginSession.id, id));
}

export async function deleteExpiredLoginSessions(db: DbOrTx): Promise<void> {
  await db.delete(loginSession).where(lt(loginSession.expiresAt, new Date()));
}

// ---- one-time links to set a password (issue 15)

/**
 * Ends every pending password link (reset or invitation) of the account.
 * Every write of a new password calls it (change-password form, a link, a
 * superuser in the back office: issue 26), so a link sent before the change
 * cannot undo it; a new link ends the earlier ones too.
 */
export async function chiudiLinkPassword(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(tokenPassword)
    .set({ usato: new Date() })
    .where(and(eq(tokenPassword.userId, userId), isNull(tokenPassword.usato)));
}

/**
 * A new link for `userId`: earlier links of the account stop working (only
 * the newest e-mail counts). Returns the token for the link; only its hash
 * is stored.
 */
export async function nuovoTokenPassword(
  db: DbOrTx,
  userId: number,
  scopo: ScopoTokenPassword,
  validitaMs: number,
): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await chiudiLinkPassword(db, userId);
  await db.insert(tokenPassword).values({
    userId,
    hash: hashToken(token),
    scopo,
    scade: new Date(now.getTime() + validitaMs),
  });
  return token;
}

/** A link still valid: unused, not expired, of an active account (tokenPassword ⋈ users). */
const linkValido = (token: string) =>
  and(
    eq(tokenPassword.hash, hashToken(token)),
    isNull(tokenPassword.usato),
    gt(tokenPassword.scade, new Date()),
    eq(users.isActive, true),
  );

/** The account of a link still valid (unused, not expired, active account), or null. */
export async function accountDelToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      scopo: tokenPassword.scopo,
    })
    .from(tokenPassword)
    .innerJoin(users, eq(users.id, tokenPassword.userId))
    .where(linkValido(token));
  return row ?? null;
}

/**
 * Uses a link: the new password, the link spent, every session of the
 * account ended. Null when the link is not valid (any more): then nothing
 * changes. Concurrent uses of one link: one wins (row lock).
 */
export async function usaTokenPassword(
  db: Db,
  token: string,
  passwordHash: string,
  audit: AuditContext,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: tokenPassword.id, userId: tokenPassword.userId, username: users.username })
      .from(tokenPassword)
      .innerJoin(users, eq(users.id, tokenPassword.userId))
      .where(linkValido(token))
      .for('update', { of: tokenPassword });
    if (!row) return null;
    await chiudiLinkPassword(tx, row.userId);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await tx.delete(loginSession).where(eq(loginSession.userId, row.userId));
    await recordSecretChange(
      tx,
      audit,
      { id: row.userId, username: row.username },
      CAMPI_SEGRETI.password,
      NOTE_SEGRETI.passwordDaLink,
    );
    return row.userId;
  });
}

export async function userById(db: DbOrTx, id: number): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}
