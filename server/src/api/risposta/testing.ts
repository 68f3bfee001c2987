// Shared by the HTTP tests of risposta, jolly and sessione (tests only): the
// demo objects they act on, event clocks, a private event, row counts.
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  evento,
  eventoAmministratore,
  jolly,
  problema,
  punteggiCache,
  responsabile,
  responsabileScuola,
  responsabileSquadra,
  risposta,
  sessione,
  squadra,
  users,
  type NewProblema,
} from '../../db/schema';

const MINUTE = 60_000;

async function responsabileOf(db: Db, username: string): Promise<number> {
  const [row] = await db
    .select({ id: responsabile.id })
    .from(responsabile)
    .innerJoin(users, eq(users.id, responsabile.userId))
    .where(eq(users.username, username));
  return row!.id;
}

async function eventoDemo(db: Db, tipologia: 'o' | 'pub', futuro: boolean) {
  const rows = await db.select().from(evento).where(eq(evento.tipologia, tipologia));
  const now = Date.now();
  const row = rows.find((e) => e.inizio.getTime() > now === futuro)!;
  const sessioni = await db
    .select({ id: sessione.id })
    .from(sessione)
    .where(eq(sessione.eventoId, row.id))
    .orderBy(asc(sessione.ordine));
  const problemi = await db
    .select()
    .from(problema)
    .where(eq(problema.eventoId, row.id))
    .orderBy(asc(problema.ordine));
  const squadre = await db
    .select()
    .from(squadra)
    .where(eq(squadra.eventoId, row.id))
    .orderBy(asc(squadra.id));
  return { id: row.id, sessioni: sessioni.map((s) => s.id), problemi, squadre };
}

/**
 * The demo events, and the national event's teams by owner: `secondario` =
 * assigned to the secondary manager (principale owns them too, by school),
 * `principale` = the other teams of principale's schools, `altre` = nobody's.
 */
export async function loadDemo(db: Db) {
  const nazionale = await eventoDemo(db, 'o', true);
  const passato = await eventoDemo(db, 'o', false);
  const aperto = await eventoDemo(db, 'pub', true);
  const principaleScuole = (
    await db
      .select({ id: responsabileScuola.scuolaId })
      .from(responsabileScuola)
      .where(eq(responsabileScuola.responsabileId, await responsabileOf(db, 'principale')))
  ).map((r) => r.id);
  const secondario = (
    await db
      .select({ id: responsabileSquadra.squadraId })
      .from(responsabileSquadra)
      .where(eq(responsabileSquadra.responsabileId, await responsabileOf(db, 'secondario')))
  ).map((r) => r.id);
  const nostra = (s: { scuolaId: number | null }) =>
    s.scuolaId !== null && principaleScuole.includes(s.scuolaId);
  const squadre = {
    secondario,
    principale: nazionale.squadre
      .filter((s) => nostra(s) && !secondario.includes(s.id))
      .map((s) => s.id),
    altre: nazionale.squadre.filter((s) => !nostra(s)).map((s) => s.id),
  };
  return { nazionale, passato, aperto, squadre, principaleScuole };
}
export type Demo = Awaited<ReturnType<typeof loadDemo>>;

/** Moves an event's clock: times in minutes from now (negative = past). */
export async function setClock(
  db: Db,
  eventoId: number,
  minutes: { inizio: number; fine: number; jolly?: number },
) {
  const at = (m: number) => new Date(Date.now() + m * MINUTE);
  await db
    .update(evento)
    .set({
      inizio: at(minutes.inizio),
      fine: at(minutes.fine),
      fineConsegnaJolly: at(minutes.jolly ?? minutes.fine),
    })
    .where(eq(evento.id, eventoId));
  await changeFeedDelivered(db);
}

/**
 * After a write made in the database, not through the API: the in-memory
 * copies of events (the answer routes' targets, the access lookups) follow
 * the change feed, which PGlite delivers before the write returns and
 * PostgreSQL a moment after the commit. Waits for it to land.
 */
export async function changeFeedDelivered(db: Db): Promise<void> {
  if (!('$client' in db) || !isPglite((db as { $client: unknown }).$client)) {
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

function isPglite(client: unknown): boolean {
  return typeof client === 'object' && client !== null && 'dumpDataDir' in client;
}

/** A running private event administered by `amministratore`, with one team and two problems. */
export async function createPrivateEvento(db: Db) {
  const now = Date.now();
  const [row] = await db
    .insert(evento)
    .values({
      titolo: 'Allenamento privato',
      tipologia: 'priv',
      anno: 2026,
      inizio: new Date(now - 30 * MINUTE),
      fine: new Date(now + 60 * MINUTE),
      fineConsegnaJolly: new Date(now + 30 * MINUTE),
    })
    .returning();
  await db.insert(eventoAmministratore).values({
    eventoId: row!.id,
    responsabileId: await responsabileOf(db, 'amministratore'),
  });
  const [s] = await db.insert(sessione).values({ nome: 'Privata', eventoId: row!.id }).returning();
  const [team] = await db
    .insert(squadra)
    .values({ nome: 'Privati A', sessioneId: s!.id, eventoId: row!.id })
    .returning();
  const problemi = await db
    .insert(problema)
    .values([
      { eventoId: row!.id, nome: 'P1', ordine: 1, soluzione: 1, soluzioneExp: 0 },
      { eventoId: row!.id, nome: 'P2', ordine: 2, soluzione: 2, soluzioneExp: 0 },
    ])
    .returning();
  return { id: row!.id, sessione: s!.id, squadra: team!.id, problemi: problemi.map((p) => p.id) };
}

/** Adds problems to an event (answer-checking cases), after its last one. */
export async function addProblemi(
  db: Db,
  eventoId: number,
  rows: Omit<NewProblema, 'eventoId' | 'nome' | 'ordine'>[],
) {
  const existing = await db.select().from(problema).where(eq(problema.eventoId, eventoId));
  const start = existing.length;
  return db
    .insert(problema)
    .values(
      rows.map((p, i) => ({
        ...p,
        eventoId,
        nome: `P${start + i + 1}`,
        ordine: start + i + 1,
      })),
    )
    .returning();
}

export async function counts(db: Db) {
  const n = async (table: typeof risposta | typeof jolly | typeof punteggiCache) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    risposta: await n(risposta),
    jolly: await n(jolly),
    punteggiCache: await n(punteggiCache),
  };
}

/** Teams of an event without a joker yet, excluding some. */
export async function squadreSenzaJolly(db: Db, eventoId: number, except: number[] = []) {
  const con = await db.select({ id: jolly.squadraId }).from(jolly);
  const taken = [...con.map((r) => r.id), ...except, 0];
  const rows = await db
    .select({ id: squadra.id })
    .from(squadra)
    .where(and(eq(squadra.eventoId, eventoId), notInArray(squadra.id, taken)))
    .orderBy(asc(squadra.id));
  return rows.map((r) => r.id);
}

export async function rispostaExists(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: risposta.id }).from(risposta).where(inArray(risposta.id, ids));
  return rows.map((r) => r.id);
}

/** How many risposta rows (answers and jokers) are stored. */
export async function rispostaCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(risposta);
  return row!.n;
}
