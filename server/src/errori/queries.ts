// The error inbox's reads and writes (issue 16): one group per fingerprint,
// its last occurrences, the superusers told by e-mail.
import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { ERRORI_LIMITI, type OrigineErrore } from '@gas/contracts';
import type { Db, DbOrTx } from '../db/client';
import {
  erroreGruppo,
  erroreOccorrenza,
  users,
  type ErroreGruppo,
  type ErroreOccorrenza,
} from '../db/schema';

export type NuovaOccorrenza = {
  impronta: string;
  origine: OrigineErrore;
  tipo: string;
  contesto: string;
  messaggio: string;
  stack: string;
  percorso: string;
  versione: string;
  utente: string;
  requestId: string;
  browser: string;
  quando: Date;
};

export type Registrata =
  | { esito: 'registrata'; gruppo: ErroreGruppo; nuovo: boolean; riaperto: boolean }
  | { esito: 'troppi_gruppi' };

/**
 * Counts one occurrence in its group (created when new, reopened when it was
 * resolved) and keeps its details among the group's last few. One
 * transaction; concurrent reports of one group queue on its row.
 */
export async function registraOccorrenza(db: Db, o: NuovaOccorrenza): Promise<Registrata> {
  return db.transaction(async (tx) => {
    const [esistente] = await tx
      .select()
      .from(erroreGruppo)
      .where(eq(erroreGruppo.impronta, o.impronta))
      .for('update');
    let gruppo: ErroreGruppo | undefined;
    let nuovo = false;
    let riaperto = false;
    if (esistente) {
      riaperto = esistente.risolto;
      [gruppo] = await tx
        .update(erroreGruppo)
        .set({
          conteggio: sql`least(${erroreGruppo.conteggio}::bigint + 1, 2147483647)::int`,
          ultimo: o.quando,
          risolto: false,
          risoltoIl: null,
          risoltoDa: null,
        })
        .where(eq(erroreGruppo.id, esistente.id))
        .returning();
    } else {
      const [{ gruppi }] = (await tx.select({ gruppi: count() }).from(erroreGruppo)) as [
        { gruppi: number },
      ];
      if (gruppi >= ERRORI_LIMITI.gruppi) return { esito: 'troppi_gruppi' as const };
      [gruppo] = await tx
        .insert(erroreGruppo)
        .values({
          impronta: o.impronta,
          origine: o.origine,
          tipo: o.tipo,
          messaggio: o.messaggio,
          contesto: o.contesto,
          primo: o.quando,
          ultimo: o.quando,
        })
        // Another instance created it meanwhile: count this one in it.
        .onConflictDoUpdate({
          target: erroreGruppo.impronta,
          set: {
            conteggio: sql`least(${erroreGruppo.conteggio}::bigint + 1, 2147483647)::int`,
            ultimo: o.quando,
          },
        })
        .returning();
      nuovo = gruppo!.conteggio === 1;
    }
    const g = gruppo!;
    await tx.insert(erroreOccorrenza).values({
      gruppoId: g.id,
      quando: o.quando,
      messaggio: o.messaggio,
      stack: o.stack,
      percorso: o.percorso,
      versione: o.versione,
      utente: o.utente,
      requestId: o.requestId,
      browser: o.browser,
    });
    // Only the last few occurrences of a group are kept: a flood stays one row each.
    await tx.execute(sql`
      delete from ${erroreOccorrenza}
      where ${erroreOccorrenza.gruppoId} = ${g.id}
        and ${erroreOccorrenza.id} < (
          select min(id) from (
            select ${erroreOccorrenza.id} as id from ${erroreOccorrenza}
            where ${erroreOccorrenza.gruppoId} = ${g.id}
            order by ${erroreOccorrenza.id} desc
            limit ${ERRORI_LIMITI.occorrenzePerGruppo}
          ) as ultime
        )`);
    return { esito: 'registrata' as const, gruppo: g, nuovo, riaperto };
  });
}

/**
 * Claims the group's e-mail for this hour: true for exactly one caller (of
 * any instance) when no e-mail went out in the last `intervalloMs`.
 */
export async function prenotaEmail(
  db: Db,
  gruppoId: number,
  adesso: Date,
  intervalloMs: number,
): Promise<boolean> {
  const soglia = new Date(adesso.getTime() - intervalloMs);
  const righe = await db
    .update(erroreGruppo)
    .set({ ultimaEmail: adesso })
    .where(
      and(
        eq(erroreGruppo.id, gruppoId),
        or(isNull(erroreGruppo.ultimaEmail), lt(erroreGruppo.ultimaEmail, soglia)),
      ),
    )
    .returning({ id: erroreGruppo.id });
  return righe.length > 0;
}

/** The superusers who can be told: active, with an e-mail address. */
export async function superuserDaAvvisare(
  db: Db,
): Promise<{ email: string; nome: string; username: string }[]> {
  return db
    .select({ email: users.email, nome: users.firstName, username: users.username })
    .from(users)
    .where(and(eq(users.isSuperuser, true), eq(users.isActive, true), sql`${users.email} <> ''`))
    .orderBy(users.id);
}

export type FiltroErrori = { risolto?: boolean; origine?: OrigineErrore };

function condizioni(filtro: FiltroErrori): SQL | undefined {
  const parti: SQL[] = [];
  if (filtro.risolto !== undefined) parti.push(eq(erroreGruppo.risolto, filtro.risolto));
  if (filtro.origine) parti.push(eq(erroreGruppo.origine, filtro.origine));
  return parti.length ? and(...parti) : undefined;
}

/** One page of groups, the most recently seen first. */
export async function elencoGruppi(
  db: Db,
  filtro: FiltroErrori,
  finestra: { limit: number; offset: number },
): Promise<{ totale: number; gruppi: ErroreGruppo[] }> {
  const where = condizioni(filtro);
  const [[totale], gruppi] = await Promise.all([
    db.select({ n: count() }).from(erroreGruppo).where(where),
    db
      .select()
      .from(erroreGruppo)
      .where(where)
      .orderBy(desc(erroreGruppo.ultimo), desc(erroreGruppo.id))
      .limit(finestra.limit)
      .offset(finestra.offset),
  ]);
  return { totale: totale?.n ?? 0, gruppi };
}

export async function gruppoConOccorrenze(
  db: Db,
  id: number,
): Promise<{ gruppo: ErroreGruppo; occorrenze: ErroreOccorrenza[] } | null> {
  const [gruppo] = await db.select().from(erroreGruppo).where(eq(erroreGruppo.id, id));
  if (!gruppo) return null;
  const occorrenze = await db
    .select()
    .from(erroreOccorrenza)
    .where(eq(erroreOccorrenza.gruppoId, id))
    .orderBy(desc(erroreOccorrenza.id));
  return { gruppo, occorrenze };
}

export async function segnaRisolto(
  db: DbOrTx,
  id: number,
  risolto: boolean,
  da: number | null,
  adesso: Date,
): Promise<ErroreGruppo | null> {
  const [gruppo] = await db
    .update(erroreGruppo)
    .set(
      risolto
        ? { risolto: true, risoltoIl: adesso, risoltoDa: da }
        : { risolto: false, risoltoIl: null, risoltoDa: null },
    )
    .where(eq(erroreGruppo.id, id))
    .returning();
  return gruppo ?? null;
}
