// The live demo's event: one session running "now" (from boot, two hours),
// with teams from the demo schools and the national problem set. Created on
// first boot, reused while it runs, and otherwise moved to the new "now" with
// its answers wiped, so the database keeps a single demo event however often
// the server restarts. Benchmarks and tests use it too, under another title.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { annoEvento } from '../db/anno';
import type { Database, DbOrTx, DbTransaction } from '../db/client';
import {
  evento,
  eventoInseritore,
  jolly,
  problema,
  punteggiCache,
  responsabile,
  risposta,
  scuola,
  sessione,
  squadra,
  users,
} from '../db/schema';
import { PROBLEMI_NAZIONALE } from './seed/problemi';
import { createRandom } from './seed/random';
import { nomiSquadre } from './seed/nomi';

export const DEMO_LIVE_TITOLO = 'Gara dimostrativa in diretta';
/**
 * The demo is a public, non-official event: not a contest day (the slips can
 * be tried), not in the Albo d'oro once over. Its type and official flag
 * agree, as for every event (`ufficiale` follows `tipologia`); a database
 * whose demo was once listed as official gets it right at the next restart.
 */
const TIPO_DEMO = { tipologia: 'pub', ufficiale: false } as const;
// Any constant: instances booting together set the demo up once.
const DEMO_LOCK = 4_711_003;
const MINUTE = 60_000;

export type LiveSessionOptions = {
  now: Date;
  titolo?: string;
  teams?: number;
  durationMs?: number;
  /** Username made inseritore of the event (the simulator submits as this user). */
  inseritore?: string;
  /** Reuse a running event with this title (default true); false always restarts it. */
  reuse?: boolean;
};

export type LiveSession = {
  eventoId: number;
  sessioneId: number;
  inizio: Date;
  fine: Date;
  fineConsegnaJolly: Date;
  squadre: number[];
  problemi: { id: number; soluzione: number; soluzioneExp: number }[];
  reused: boolean;
};

export async function ensureLiveSession(
  database: Database,
  options: LiveSessionOptions,
): Promise<LiveSession> {
  const titolo = options.titolo ?? DEMO_LIVE_TITOLO;
  const now = new Date(Math.floor(options.now.getTime() / 1000) * 1000);
  const durationMs = options.durationMs ?? 120 * MINUTE;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
    const [existing] = await tx
      .select()
      .from(evento)
      .where(eq(evento.titolo, titolo))
      .orderBy(desc(evento.id))
      .limit(1);
    const dates = {
      inizio: now,
      fine: new Date(now.getTime() + durationMs),
      inizioIscrizioni: new Date(now.getTime() - 24 * 60 * MINUTE),
      fineIscrizioni: new Date(now.getTime() - 5 * MINUTE),
      fineModificaSquadre: now,
      fineConsegnaJolly: new Date(now.getTime() + Math.min(10 * MINUTE, durationMs / 4)),
    };
    let eventoId: number;
    let reused = false;
    if (!existing) {
      eventoId = await createEvento(tx, titolo, dates, options.teams ?? 80);
    } else if (
      options.reuse !== false &&
      existing.inizio <= now &&
      existing.fine.getTime() > now.getTime() + 5 * MINUTE
    ) {
      eventoId = existing.id;
      reused = true;
    } else {
      eventoId = existing.id;
      await restart(tx, eventoId, dates);
    }
    if (options.inseritore) await addInseritore(tx, eventoId, options.inseritore);
    return load(tx, eventoId, reused);
  });
}

type Dates = Pick<
  typeof evento.$inferInsert,
  | 'inizio'
  | 'fine'
  | 'inizioIscrizioni'
  | 'fineIscrizioni'
  | 'fineModificaSquadre'
  | 'fineConsegnaJolly'
> & { inizio: Date; fine: Date };

async function createEvento(tx: DbTransaction, titolo: string, dates: Dates, teams: number) {
  const [row] = await tx
    .insert(evento)
    .values({
      titolo,
      descrizione:
        'Gara dimostrativa: le risposte arrivano da un simulatore, per vedere le pagine in diretta.',
      ...TIPO_DEMO,
      anno: annoEvento(dates.inizio),
      ...dates,
    })
    .returning({ id: evento.id });
  const eventoId = row!.id;
  const [s] = await tx
    .insert(sessione)
    .values({ nome: 'Sessione dimostrativa', eventoId, numeroQualificati: Math.ceil(teams / 6) })
    .returning({ id: sessione.id });
  await tx.insert(problema).values(PROBLEMI_NAZIONALE.map((p) => ({ ...p, eventoId })));
  const scuole = await tx
    .select({ id: scuola.id, nome: scuola.nome })
    .from(scuola)
    .orderBy(asc(scuola.id))
    .limit(teams);
  const random = createRandom(teams);
  const nomi = nomiSquadre(random);
  await tx.insert(squadra).values(
    Array.from({ length: teams }, (_, i) => ({
      nome:
        nomi[i % nomi.length]! + (i >= nomi.length ? ` ${Math.floor(i / nomi.length) + 1}` : ''),
      scuolaId: scuole.length > 0 ? scuole[i % scuole.length]!.id : null,
      sessioneId: s!.id,
      eventoId,
      ospite: i === teams - 1 && teams > 5,
      ordineEta: random.int(1, 1000),
    })),
  );
  return eventoId;
}

async function restart(tx: DbTransaction, eventoId: number, dates: Dates) {
  const sessioni = tx
    .select({ id: sessione.id })
    .from(sessione)
    .where(eq(sessione.eventoId, eventoId));
  await tx
    .delete(jolly)
    .where(
      inArray(
        jolly.squadraId,
        tx.select({ id: squadra.id }).from(squadra).where(eq(squadra.eventoId, eventoId)),
      ),
    );
  await tx.delete(risposta).where(inArray(risposta.sessioneId, sessioni));
  await tx.delete(punteggiCache).where(inArray(punteggiCache.sessioneId, sessioni));
  await tx
    .update(evento)
    .set({ ...dates, ...TIPO_DEMO, anno: annoEvento(dates.inizio) })
    .where(eq(evento.id, eventoId));
}

async function addInseritore(tx: DbTransaction, eventoId: number, username: string) {
  const [r] = await tx
    .select({ id: responsabile.id })
    .from(responsabile)
    .innerJoin(users, eq(users.id, responsabile.userId))
    .where(eq(users.username, username));
  if (!r) return;
  await tx
    .insert(eventoInseritore)
    .values({ eventoId, responsabileId: r.id })
    .onConflictDoNothing();
}

async function load(tx: DbTransaction, eventoId: number, reused: boolean): Promise<LiveSession> {
  const [e] = await tx.select().from(evento).where(eq(evento.id, eventoId));
  const [s] = await tx
    .select({ id: sessione.id })
    .from(sessione)
    .where(eq(sessione.eventoId, eventoId))
    .orderBy(asc(sessione.id))
    .limit(1);
  const squadre = await tx
    .select({ id: squadra.id })
    .from(squadra)
    .where(and(eq(squadra.eventoId, eventoId), eq(squadra.sessioneId, s!.id)))
    .orderBy(asc(squadra.id));
  const problemi = await tx
    .select({ id: problema.id, soluzione: problema.soluzione, soluzioneExp: problema.soluzioneExp })
    .from(problema)
    .where(eq(problema.eventoId, eventoId))
    .orderBy(asc(problema.ordine), asc(problema.id));
  return {
    eventoId,
    sessioneId: s!.id,
    inizio: e!.inizio,
    fine: e!.fine,
    fineConsegnaJolly: e!.fineConsegnaJolly ?? e!.fine,
    squadre: squadre.map((q) => q.id),
    problemi,
    reused,
  };
}

/** The id of the account with this username, or null. */
export async function userIdByUsername(db: DbOrTx, username: string): Promise<number | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return user?.id ?? null;
}
