// Reads and writes of managers (users with a responsabile record). Only this
// file of the folder touches drizzle.
import { and, asc, count, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, DbTransaction } from '../../db/client';
import {
  responsabile,
  responsabileScuola,
  responsabileSquadra,
  scuola,
  squadra,
  users,
  type Responsabile,
  type User,
} from '../../db/schema';
import { isPrivilegedAccount, type ResponsabileTarget, type SquadraRef } from '../../policies';
import type { Window } from '../shared/pagination';

export type Manager = {
  user: User;
  responsabile: Responsabile;
  scuole: number[];
  squadre: number[];
  /** Schools of the teams assigned directly (ties an ss to a main manager). */
  squadraScuole: number[];
};

export function targetOf(m: Manager): ResponsabileTarget {
  return {
    ruolo: m.responsabile.ruolo,
    scuolaIds: m.scuole,
    userId: m.user.id,
    createdBy: m.responsabile.creatoDa,
    squadraScuolaIds: m.squadraScuole,
    privilegiato: isPrivilegedAccount(m.user),
  };
}

const uniqueSorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

async function withLinks(
  db: DbOrTx,
  rows: { user: User; responsabile: Responsabile }[],
): Promise<Manager[]> {
  const ids = [...rows.map((r) => r.responsabile.id), -1];
  const [scuole, squadre] = await Promise.all([
    db.select().from(responsabileScuola).where(inArray(responsabileScuola.responsabileId, ids)),
    db
      .select({
        responsabileId: responsabileSquadra.responsabileId,
        squadraId: responsabileSquadra.squadraId,
        scuolaId: squadra.scuolaId,
      })
      .from(responsabileSquadra)
      .innerJoin(squadra, eq(squadra.id, responsabileSquadra.squadraId))
      .where(inArray(responsabileSquadra.responsabileId, ids)),
  ]);
  return rows.map((row) => {
    const rid = row.responsabile.id;
    const mine = squadre.filter((s) => s.responsabileId === rid);
    return {
      ...row,
      scuole: uniqueSorted(scuole.filter((s) => s.responsabileId === rid).map((s) => s.scuolaId)),
      squadre: uniqueSorted(mine.map((s) => s.squadraId)),
      squadraScuole: uniqueSorted(mine.flatMap((s) => (s.scuolaId === null ? [] : [s.scuolaId]))),
    };
  });
}

const managers = (db: DbOrTx) =>
  db
    .select({ user: users, responsabile })
    .from(responsabile)
    .innerJoin(users, eq(users.id, responsabile.userId));

export async function findManager(db: DbOrTx, userId: number): Promise<Manager | null> {
  const rows = await managers(db).where(eq(users.id, userId));
  return (await withLinks(db, rows))[0] ?? null;
}

/** Every manager, a page at a time (the superuser's list). */
export async function pageOfManagers(db: DbOrTx, window: Window) {
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(responsabile),
    managers(db).orderBy(asc(users.id)).limit(window.limit).offset(window.offset),
  ]);
  return { count: total?.n ?? 0, rows: await withLinks(db, rows) };
}

/**
 * Managers possibly visible to someone with these schools: himself, those he
 * created, those linked to one of the schools, and those with a team of one of them. The
 * policies decide on each; this only keeps the candidates few.
 */
export async function candidateManagers(
  db: DbOrTx,
  userId: number,
  scuolaIds: readonly number[],
): Promise<Manager[]> {
  const schools = [...scuolaIds, -1];
  const rows = await managers(db)
    .where(
      or(
        eq(users.id, userId),
        eq(responsabile.creatoDa, userId),
        inArray(
          responsabile.id,
          sql`(select ${responsabileScuola.responsabileId} from ${responsabileScuola}
               where ${inArray(responsabileScuola.scuolaId, schools)})`,
        ),
        inArray(
          responsabile.id,
          sql`(select ${responsabileSquadra.responsabileId} from ${responsabileSquadra}
               join ${squadra} on ${squadra.id} = ${responsabileSquadra.squadraId}
               where ${inArray(squadra.scuolaId, schools)})`,
        ),
      ),
    )
    .orderBy(asc(users.id));
  return withLinks(db, rows);
}

/** Teams by id with their direct managers, for the policies. */
export async function squadraRefs(db: DbOrTx, ids: readonly number[]): Promise<SquadraRef[]> {
  if (ids.length === 0) return [];
  const [rows, links] = await Promise.all([
    db
      .select()
      .from(squadra)
      .where(inArray(squadra.id, [...ids])),
    db
      .select()
      .from(responsabileSquadra)
      .where(inArray(responsabileSquadra.squadraId, [...ids])),
  ]);
  return rows.map((s) => ({
    id: s.id,
    eventoId: s.eventoId,
    scuolaId: s.scuolaId,
    poloId: s.poloId,
    responsabileIds: links.filter((l) => l.squadraId === s.id).map((l) => l.responsabileId),
  }));
}

export async function existingScuole(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: scuola.id })
    .from(scuola)
    .where(inArray(scuola.id, [...ids]));
  return rows.map((r) => r.id);
}

/** Serialises manager creation, so two requests cannot take one username or e-mail. */
export async function lockUsernames(tx: DbTransaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(4711004)`);
}

/** Managers `userId` created from `since` (the daily limit of secondary managers counts them). */
export async function responsabiliCreatiDa(db: DbOrTx, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(responsabile)
    .innerJoin(users, eq(users.id, responsabile.userId))
    .where(and(eq(responsabile.creatoDa, userId), gte(users.dateJoined, since)));
  return row?.n ?? 0;
}

export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

/** An account already has this address, whatever its case (migration 0005's unique index). */
export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  if (email === '') return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row !== undefined;
}

export type NewManager = {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  ruolo: 'ss';
  attivo: boolean;
  puoIscriversiGareUfficiali: boolean;
  newsletter: boolean;
  creatoDa: number | null;
};

export async function insertManager(tx: DbTransaction, m: NewManager): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({
      username: m.username,
      email: m.email,
      firstName: m.firstName,
      lastName: m.lastName,
      passwordHash: m.passwordHash,
    })
    .returning({ id: users.id });
  await tx.insert(responsabile).values({
    userId: user!.id,
    ruolo: m.ruolo,
    attivo: m.attivo,
    puoIscriversiGareUfficiali: m.puoIscriversiGareUfficiali,
    newsletter: m.newsletter,
    creatoDa: m.creatoDa,
  });
  return user!.id;
}

/**
 * Replaces the given schools (undefined = unchanged) and the newsletter flag;
 * the manager's teams are the core's (gara/squadre: assegnaSquadre).
 */
export async function updateManager(
  tx: DbTransaction,
  responsabileId: number,
  change: { scuole?: readonly number[]; newsletter?: boolean },
) {
  if (change.scuole) {
    await tx
      .delete(responsabileScuola)
      .where(eq(responsabileScuola.responsabileId, responsabileId));
    if (change.scuole.length > 0) {
      await tx
        .insert(responsabileScuola)
        .values(change.scuole.map((scuolaId) => ({ responsabileId, scuolaId })));
    }
  }
  if (change.newsletter !== undefined) {
    await tx
      .update(responsabile)
      .set({ newsletter: change.newsletter })
      .where(eq(responsabile.id, responsabileId));
  }
}
