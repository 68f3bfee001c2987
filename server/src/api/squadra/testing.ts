// Shared by the HTTP tests of squadra, user, ext-user and biglietti-consegna
// (tests only): the demo objects they act on, a private event, row counts.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  evento,
  eventoAmministratore,
  polo,
  responsabile,
  responsabileScuola,
  responsabileSquadra,
  scuola,
  sessione,
  squadra,
  users,
} from '../../db/schema';
import { ROLES, type Role } from '../testing';

const DAY = 24 * 3_600_000;

/** One row per role, for `it.each`: every cell is written out by the caller. */
export const cells = <T>(table: Record<Role, T>) =>
  ROLES.map((role) => ({ role, expected: table[role] }));

export async function userOf(db: Db, username: string) {
  const [row] = await db
    .select({ userId: users.id, responsabileId: responsabile.id })
    .from(users)
    .leftJoin(responsabile, eq(responsabile.userId, users.id))
    .where(eq(users.username, username));
  return row!;
}

async function sessioniOf(db: Db, eventoId: number) {
  const rows = await db
    .select({ id: sessione.id })
    .from(sessione)
    .where(eq(sessione.eventoId, eventoId))
    .orderBy(asc(sessione.ordine), asc(sessione.id));
  return rows.map((r) => r.id);
}

/**
 * The demo events and, for the national one, the teams of principale's
 * schools (`mieNazionale`; the first two assigned to secondario), plus a
 * private event of `docente` with one team, which only docente and the
 * superuser may see.
 */
export async function loadFixtures(db: Db) {
  const eventi = await db.select().from(evento).orderBy(asc(evento.id));
  const now = Date.now();
  const nazionale = eventi.find((e) => e.tipologia === 'o' && e.inizio.getTime() > now)!;
  const passato = eventi.find((e) => e.tipologia === 'o' && e.fine.getTime() < now)!;
  const aperto = eventi.find((e) => e.tipologia === 'pub')!;
  // docente's public training with two venues (seed/storia.ts): its slips.
  const allenamentoPoli = eventi.find((e) => e.tipologia === 'pub' && e.id !== aperto.id)!;
  const principale = await userOf(db, 'principale');
  const secondario = await userOf(db, 'secondario');
  const docente = await userOf(db, 'docente');
  const scuolePrincipale = (
    await db
      .select({ id: responsabileScuola.scuolaId })
      .from(responsabileScuola)
      .where(eq(responsabileScuola.responsabileId, principale.responsabileId!))
  ).map((r) => r.id);
  const [scuolaDocente] = await db
    .select({ id: responsabileScuola.scuolaId })
    .from(responsabileScuola)
    .where(eq(responsabileScuola.responsabileId, docente.responsabileId!));
  const mieNazionale = await db
    .select()
    .from(squadra)
    .where(and(eq(squadra.eventoId, nazionale.id), inArray(squadra.scuolaId, scuolePrincipale)))
    .orderBy(asc(squadra.id));
  const assegnate = (
    await db
      .select({ id: responsabileSquadra.squadraId })
      .from(responsabileSquadra)
      .where(eq(responsabileSquadra.responsabileId, secondario.responsabileId!))
  ).map((r) => r.id);
  const squadreAperto = await db
    .select()
    .from(squadra)
    .where(eq(squadra.eventoId, aperto.id))
    .orderBy(asc(squadra.id));
  const poli = await db.select().from(polo).where(eq(polo.eventoId, nazionale.id));

  // The private event: docente administers it; it has one session and one team.
  const [priv] = await db
    .insert(evento)
    .values({
      titolo: 'Allenamento privato di prova',
      tipologia: 'priv',
      anno: aperto.anno,
      inizio: new Date(now + 3 * DAY),
      fine: new Date(now + 3 * DAY + 90 * 60_000),
      inizioIscrizioni: new Date(now - DAY),
      fineIscrizioni: new Date(now + 2 * DAY),
      fineModificaSquadre: new Date(now + 2 * DAY),
      fineConsegnaJolly: new Date(now + 3 * DAY + 10 * 60_000),
    })
    .returning();
  await db.insert(eventoAmministratore).values({
    eventoId: priv!.id,
    responsabileId: docente.responsabileId!,
  });
  const [privSessione] = await db
    .insert(sessione)
    .values({ nome: 'Sessione privata', eventoId: priv!.id, ordine: 1 })
    .returning();
  const [privSquadra] = await db
    .insert(squadra)
    .values({
      nome: 'Squadra segreta',
      sessioneId: privSessione!.id,
      eventoId: priv!.id,
      scuolaId: scuolaDocente!.id,
      capitano: 'Mario Rossi',
    })
    .returning();
  await db
    .insert(responsabileSquadra)
    .values({ responsabileId: docente.responsabileId!, squadraId: privSquadra!.id });

  return {
    nazionale: { ...nazionale, sessioni: await sessioniOf(db, nazionale.id), poli },
    passato: { ...passato, sessioni: await sessioniOf(db, passato.id) },
    aperto: { ...aperto, sessioni: await sessioniOf(db, aperto.id), squadre: squadreAperto },
    allenamentoPoli,
    privato: { id: priv!.id, sessione: privSessione!.id, squadra: privSquadra! },
    principale,
    secondario,
    docente,
    scuolePrincipale,
    scuolaDocente: scuolaDocente!.id,
    mieNazionale,
    assegnateSecondario: assegnate,
  };
}
export type Fixtures = Awaited<ReturnType<typeof loadFixtures>>;

/** Moves an event's enrolment (and team-edit) window to open or closed. */
export async function setWindows(
  db: Db,
  eventoId: number,
  w: { iscrizioni?: 'aperte' | 'chiuse'; modifiche?: 'aperte' | 'chiuse' },
) {
  const now = Date.now();
  const set: Partial<typeof evento.$inferInsert> = {};
  if (w.iscrizioni === 'aperte') {
    Object.assign(set, {
      inizioIscrizioni: new Date(now - DAY),
      fineIscrizioni: new Date(now + DAY),
    });
  }
  if (w.iscrizioni === 'chiuse') {
    Object.assign(set, {
      inizioIscrizioni: new Date(now - 3 * DAY),
      fineIscrizioni: new Date(now - DAY),
    });
  }
  if (w.modifiche) {
    set.fineModificaSquadre = new Date(now + (w.modifiche === 'aperte' ? DAY : -DAY));
  }
  await db.update(evento).set(set).where(eq(evento.id, eventoId));
}

/** Rows of every table the team and manager endpoints write. */
export async function rowCounts(db: Db) {
  const n = async (table: Parameters<ReturnType<Db['select']>['from']>[0]) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await n(users),
    responsabile: await n(responsabile),
    responsabileScuola: await n(responsabileScuola),
    responsabileSquadra: await n(responsabileSquadra),
    squadra: await n(squadra),
    scuola: await n(scuola),
  };
}
