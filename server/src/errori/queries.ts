// The error inbox's reads and writes (issue 16): one group per fingerprint,
// its last occurrences, the superusers told by e-mail.
import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { ERRORI_LIMITI, type OrigineErrore } from '@gas/contracts';
import type { Db, DbOrTx } from '../db/client';
import {
  erroreEmailOra,
  erroreGruppo,
  erroreOccorrenza,
  users,
  type ErroreGruppo,
  type ErroreOccorrenza,
} from '../db/schema';
import { AVVISI_ALL_ORA, inizioOra, ORE_TENUTE_MS, PRESA_SCADE_MS } from './avvisi';

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
  /** What a group created by this occurrence shows, when not the occurrence's own (the catch-all group). */
  gruppo?: { tipo: string; messaggio: string; contesto: string };
  /**
   * Asked only when the occurrence would create a group: false refuses it
   * (the anonymous client's new groups, casella.ts).
   */
  nuovoConsentito?: () => boolean;
};

export type Registrata =
  | { esito: 'registrata'; gruppo: ErroreGruppo; nuovo: boolean; riaperto: boolean }
  | { esito: 'troppi_gruppi' }
  | { esito: 'nuovo_non_consentito' };

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
      if (o.nuovoConsentito && !o.nuovoConsentito()) {
        return { esito: 'nuovo_non_consentito' as const };
      }
      [gruppo] = await tx
        .insert(erroreGruppo)
        .values({
          impronta: o.impronta,
          origine: o.origine,
          tipo: o.gruppo?.tipo ?? o.tipo,
          messaggio: o.gruppo?.messaggio ?? o.messaggio,
          contesto: o.gruppo?.contesto ?? o.contesto,
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

// ---- The e-mails of an hour and the digest (avvisi.ts).

/** Claims one of the hour's alerts: true for at most AVVISI_ALL_ORA callers an hour. */
export async function prenotaAvviso(db: Db, adesso: Date): Promise<boolean> {
  const righe = await db
    .insert(erroreEmailOra)
    .values({ ora: inizioOra(adesso), avvisi: 1 })
    .onConflictDoUpdate({
      target: erroreEmailOra.ora,
      set: { avvisi: sql`${erroreEmailOra.avvisi} + 1` },
      setWhere: lt(erroreEmailOra.avvisi, AVVISI_ALL_ORA),
    })
    .returning({ ora: erroreEmailOra.ora });
  return righe.length > 0;
}

/** The group waits for the digest (since its first wait, when it already waited). */
export async function mettiInRiepilogo(db: Db, gruppoId: number, adesso: Date): Promise<void> {
  await db
    .update(erroreGruppo)
    .set({ riepilogoDal: sql`coalesce(${erroreGruppo.riepilogoDal}, ${adesso.toISOString()})` })
    .where(eq(erroreGruppo.id, gruppoId));
}

/** Waiting and not taken by a live digest. */
const inAttesa = (adesso: Date) =>
  and(
    isNotNull(erroreGruppo.riepilogoDal),
    or(
      isNull(erroreGruppo.riepilogoPresoIl),
      lt(erroreGruppo.riepilogoPresoIl, new Date(adesso.getTime() - PRESA_SCADE_MS)),
    ),
  );

/** Whether a digest is due: a group waits since an hour that has ended. */
export async function riepilogoDovuto(db: Db, adesso: Date): Promise<boolean> {
  const [riga] = await db
    .select({ id: erroreGruppo.id })
    .from(erroreGruppo)
    .where(and(inAttesa(adesso), lt(erroreGruppo.riepilogoDal, inizioOra(adesso))))
    .limit(1);
  return riga !== undefined;
}

/** Claims the hour's one digest: true for one caller an hour. */
export async function prenotaRiepilogo(db: Db, adesso: Date): Promise<boolean> {
  const righe = await db
    .insert(erroreEmailOra)
    .values({ ora: inizioOra(adesso), riepilogo: true })
    .onConflictDoUpdate({
      target: erroreEmailOra.ora,
      set: { riepilogo: true },
      setWhere: eq(erroreEmailOra.riepilogo, false),
    })
    .returning({ ora: erroreEmailOra.ora });
  return righe.length > 0;
}

/** Gives the hour's digest back (nothing was sent). */
export async function rilasciaRiepilogo(db: Db, adesso: Date): Promise<void> {
  await db
    .update(erroreEmailOra)
    .set({ riepilogo: false })
    .where(eq(erroreEmailOra.ora, inizioOra(adesso)));
}

/** Takes every waiting group for the digest being sent now. */
export async function prendiGruppiInAttesa(db: Db, adesso: Date): Promise<ErroreGruppo[]> {
  const gruppi = await db
    .update(erroreGruppo)
    .set({ riepilogoPresoIl: adesso })
    .where(inAttesa(adesso))
    .returning();
  return gruppi.sort((a, b) => a.id - b.id);
}

/** The digest was sent: its groups wait no more, and count as told now. */
export async function confermaRiepilogo(db: Db, ids: number[], adesso: Date): Promise<void> {
  await db
    .update(erroreGruppo)
    .set({ riepilogoDal: null, riepilogoPresoIl: null, ultimaEmail: adesso })
    .where(and(inArray(erroreGruppo.id, ids), eq(erroreGruppo.riepilogoPresoIl, adesso)));
  await db
    .delete(erroreEmailOra)
    .where(lt(erroreEmailOra.ora, new Date(adesso.getTime() - ORE_TENUTE_MS)));
}

/** The digest was not sent: its groups wait again, for the next one. */
export async function restituisciGruppi(db: Db, ids: number[], adesso: Date): Promise<void> {
  await db
    .update(erroreGruppo)
    .set({ riepilogoPresoIl: null })
    .where(and(inArray(erroreGruppo.id, ids), eq(erroreGruppo.riepilogoPresoIl, adesso)));
}
