// What authentication reads and writes: the policies' Actor for a user (the
// user flags and, when present, the responsabile with its schools and directly
// assigned teams), and the login sessions behind the session cookies.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  loginSession,
  responsabile,
  responsabileScuola,
  responsabileSquadra,
  users,
  type NewLoginSession,
} from '../db/schema';
import type { Actor } from '../policies';

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
