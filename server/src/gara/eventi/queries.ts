// Reads and writes of events and of what their payload embeds. Only this file
// touches drizzle for the evento resource.
import { and, asc, count, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, DbTransaction } from '../../db/client';
import {
  evento,
  eventoAmministratore,
  fileProgrammato,
  jolly,
  polo,
  poloResponsabile,
  problema,
  responsabile,
  risposta,
  sessione,
  squadra,
  users,
  type NewEvento,
  type TipologiaEvento,
} from '../../db/schema';
import { loadEventiWithAccess, loadEventoWithAccess } from '../../access/queries';
import type { Window } from '../../db/window';

/**
 * One page of the event list, newest first: the ids and the total, counted
 * and cut in SQL under `visible` (access/queries.ts), so the cost
 * follows the page and not the events the visitor cannot see.
 */
export async function eventoPage(
  db: DbOrTx,
  visible: SQL | undefined,
  tipologie: { only?: TipologiaEvento; among?: TipologiaEvento[] },
  window: Window,
): Promise<{ count: number; ids: number[] }> {
  const where = and(
    visible,
    tipologie.only ? eq(evento.tipologia, tipologie.only) : undefined,
    tipologie.among ? inArray(evento.tipologia, tipologie.among) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(evento).where(where),
    db
      .select({ id: evento.id })
      .from(evento)
      .where(where)
      .orderBy(desc(evento.inizio), desc(evento.id))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return { count: total?.n ?? 0, ids: rows.map((r) => r.id) };
}

function staffNamesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: responsabile.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(responsabile)
    .innerJoin(users, eq(users.id, responsabile.userId))
    .where(inArray(responsabile.id, ids));
}

/** Everything the event payload embeds, for a set of events at once. */
export async function loadEventoDetails(db: DbOrTx, ids: readonly number[]) {
  const eventi = await loadEventiWithAccess(db, ids);
  const found = [...eventi.keys()];
  const staffIds = [...eventi.values()].flatMap((e) => [
    ...e.access.amministratoreIds,
    ...e.access.inseritoreIds,
  ]);
  if (found.length === 0) {
    return { eventi, sessioni: [], problemi: [], poli: [], files: [], staffNames: [] };
  }
  const [sessioni, problemi, poli, files, staffNames] = await Promise.all([
    db
      .select()
      .from(sessione)
      .where(inArray(sessione.eventoId, found))
      .orderBy(asc(sessione.ordine), asc(sessione.id)),
    db
      .select()
      .from(problema)
      .where(inArray(problema.eventoId, found))
      .orderBy(asc(problema.ordine)),
    db
      .select({ id: polo.id, eventoId: polo.eventoId, userId: poloResponsabile.userId })
      .from(polo)
      .leftJoin(poloResponsabile, eq(poloResponsabile.poloId, polo.id))
      .where(inArray(polo.eventoId, found)),
    db
      .select({
        id: fileProgrammato.id,
        eventoId: fileProgrammato.eventoId,
        tipologia: fileProgrammato.tipologia,
        data: fileProgrammato.data,
        pubblico: fileProgrammato.pubblico,
        nomeFile: fileProgrammato.nomeFile,
        dimensione: fileProgrammato.dimensione,
      })
      .from(fileProgrammato)
      .where(inArray(fileProgrammato.eventoId, found)),
    staffNamesOf(db, [...new Set(staffIds)]),
  ]);
  return { eventi, sessioni, problemi, poli, files, staffNames };
}

export type EventoDetails = Awaited<ReturnType<typeof loadEventoDetails>>;

// ---- Writes. Each runs inside the caller's transaction.

/** Locks the event row (concurrent edits of one event queue up) and loads its access data. */
export async function lockEvento(tx: DbTransaction, id: number) {
  const rows = await tx
    .select({ id: evento.id })
    .from(evento)
    .where(eq(evento.id, id))
    .for('update');
  return rows.length === 0 ? null : loadEventoWithAccess(tx, id);
}

/**
 * Serialises the event creations of one user until commit, so that two
 * concurrent requests cannot both pass the daily limit.
 */
export async function lockCreatore(tx: DbTransaction, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(4711006, ${userId})`);
}

/**
 * Whose daily budget of events a user spends (issue 26): a manager created
 * by a main manager (his secondary accounts) spends his creator's, so that
 * fifty secondary accounts do not make fifty budgets. Accounts made by staff
 * or by a superuser stand alone.
 */
export async function titolareBudgetEventi(db: DbOrTx, userId: number): Promise<number> {
  const creatore = alias(users, 'creatore');
  const [row] = await db
    .select({ creatoDa: responsabile.creatoDa })
    .from(responsabile)
    .innerJoin(creatore, eq(creatore.id, responsabile.creatoDa))
    .where(
      and(
        eq(responsabile.userId, userId),
        eq(creatore.isStaff, false),
        eq(creatore.isSuperuser, false),
      ),
    );
  return row?.creatoDa ?? userId;
}

/**
 * Events created from `since` by `titolare` and the accounts he created
 * (the daily limit counts them together), and whether he has any.
 */
export async function eventiCreatiDalGruppo(
  db: DbOrTx,
  titolare: number,
  since: Date,
): Promise<{ eventi: number; conSecondari: boolean }> {
  const secondari = db
    .select({ id: responsabile.userId })
    .from(responsabile)
    .where(eq(responsabile.creatoDa, titolare));
  const [row] = await db
    .select({ n: count() })
    .from(evento)
    .where(
      and(
        or(eq(evento.creatoDa, titolare), inArray(evento.creatoDa, secondari)),
        gte(evento.createdAt, since),
      ),
    );
  const [uno] = await secondari.limit(1);
  return { eventi: row?.n ?? 0, conSecondari: uno !== undefined };
}

export async function insertEvento(
  tx: DbTransaction,
  values: NewEvento,
  amministratoreId: number | null,
): Promise<number> {
  const [row] = await tx.insert(evento).values(values).returning({ id: evento.id });
  const id = row!.id;
  if (amministratoreId !== null) {
    await tx
      .insert(eventoAmministratore)
      .values({ eventoId: id, responsabileId: amministratoreId });
  }
  return id;
}

export async function updateEvento(tx: DbTransaction, id: number, values: Partial<NewEvento>) {
  if (Object.keys(values).length > 0) await tx.update(evento).set(values).where(eq(evento.id, id));
}

/**
 * The event's problems and sessions, locked: an answer or a team being added
 * concurrently (its foreign-key check locks the row it points to) waits for
 * us, so "has no answers" still holds when we delete.
 */
export async function lockNested(tx: DbTransaction, eventoId: number) {
  const [problemi, sessioni] = [
    await tx
      .select({ id: problema.id, nome: problema.nome })
      .from(problema)
      .where(eq(problema.eventoId, eventoId))
      .orderBy(asc(problema.ordine))
      .for('update'),
    await tx
      .select({ id: sessione.id, nome: sessione.nome })
      .from(sessione)
      .where(eq(sessione.eventoId, eventoId))
      .orderBy(asc(sessione.ordine), asc(sessione.id))
      .for('update'),
  ];
  return { problemi, sessioni };
}

/** Problems among `ids` that already have answers or a joker choice. */
export async function problemiConRisposte(tx: DbTransaction, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const [r, j] = [
    await tx
      .selectDistinct({ id: risposta.problemaId })
      .from(risposta)
      .where(inArray(risposta.problemaId, ids)),
    await tx
      .selectDistinct({ id: jolly.problemaId })
      .from(jolly)
      .where(inArray(jolly.problemaId, ids)),
  ];
  return new Set([...r, ...j].map((x) => x.id));
}

/** Sessions among `ids` with answers (`risposte`) or at least enrolled teams (`squadre`). */
export async function sessioniInUso(
  tx: DbTransaction,
  ids: number[],
): Promise<Map<number, 'risposte' | 'squadre'>> {
  const out = new Map<number, 'risposte' | 'squadre'>();
  if (ids.length === 0) return out;
  const teams = await tx
    .selectDistinct({ id: squadra.sessioneId })
    .from(squadra)
    .where(inArray(squadra.sessioneId, ids));
  for (const t of teams) out.set(t.id, 'squadre');
  const answers = await tx
    .selectDistinct({ id: risposta.sessioneId })
    .from(risposta)
    .where(inArray(risposta.sessioneId, ids));
  for (const a of answers) out.set(a.id, 'risposte');
  return out;
}

/** Official events have official sessions: they follow a change of tipologia. */
export async function setSessioniUfficiali(tx: DbTransaction, eventoId: number, value: boolean) {
  await tx.update(sessione).set({ ufficiale: value }).where(eq(sessione.eventoId, eventoId));
}

/**
 * Files published at the default time (problems at the start, solutions at the
 * end) move with the event: a postponed event must not publish its text at
 * the old start time.
 */
export async function moveDefaultFileDates(
  tx: DbTransaction,
  eventoId: number,
  before: { inizio: Date; fine: Date },
  after: { inizio: Date; fine: Date },
) {
  const move = async (tipologia: 'problemi' | 'soluzioni', from: Date, to: Date) => {
    if (from.getTime() === to.getTime()) return;
    await tx
      .update(fileProgrammato)
      .set({ data: to })
      .where(
        and(
          eq(fileProgrammato.eventoId, eventoId),
          eq(fileProgrammato.tipologia, tipologia),
          eq(fileProgrammato.data, from),
        ),
      );
  };
  await move('problemi', before.inizio, after.inizio);
  await move('soluzioni', before.fine, after.fine);
}
