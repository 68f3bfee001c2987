// Double entry of paper slips (issue 17): every typing of a slip is a
// `digitazione` row; the pairing, the answer a pair stores and the
// administrators' decisions happen in one transaction each, under the team's
// row lock that gas_consegna_risposte takes too, so two typists of the same
// team are paired one at a time and nothing acknowledged is half done.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import {
  digitazione,
  problema,
  risposta,
  squadra,
  users,
  type Digitazione,
  type Risposta,
  type StatoDigitazione,
} from '../../db/schema';
import { DECISIONE_DIGITAZIONE, valoreScritto, type DecisioneDigitazione } from '@gas/contracts';
import { recordChange, type AuditContext } from '../../audit/queries';
import type { Window } from '../../db/window';
import {
  consegnaOutcomes,
  consegnaPayload,
  type ConsegnaInput,
  type ConsegnaOutcome,
} from '../risposte/consegna';
import { consegnaNellaTransazione } from '../risposte/queries';
import { stessaLettura } from './confronto';
import { chiaveDellaCoppia } from './chiave';

/** A typing as it arrives: an answer that passed every check of the route. */
export type DigitazioneInput = ConsegnaInput & { inseritaDa: number };

export type EsitoDigitazione =
  /** `replay`: the key was used before with this same request. */
  | { esito: 'in_attesa' | 'discordante'; digitazione: Digitazione; replay: boolean }
  /** `nuova`: this call stored the answer (announce it); false on a replay. */
  | {
      esito: 'confermata';
      digitazione: Digitazione;
      risposta: Risposta;
      nuova: boolean;
      replay: boolean;
    }
  | { esito: 'conflict' }
  /** The team left the session or the solution changed: check again with fresh data. */
  | { esito: 'stale' };

/** What a key used before answers: never 'stale' (nothing is checked again). */
export type EsitoRipetuto = Exclude<EsitoDigitazione, { esito: 'stale' }>;

/** Rolls the transaction back when the answer's checks went stale meanwhile. */
class Obsoleta extends Error {}

/**
 * gas_consegna_risposte inside the caller's transaction. The answer of a pair
 * is keyed by its first typing: whatever happens, one pair stores one row.
 */
async function consegnaDellaCoppia(tx: DbOrTx, input: ConsegnaInput): Promise<ConsegnaOutcome> {
  const rows = await consegnaNellaTransazione(tx, consegnaPayload([input]));
  return consegnaOutcomes([input], rows)[0]!;
}

/** The answer of a pair: the earlier delivery time of the two typings. */
function rispostaDellaCoppia(
  base: ConsegnaInput,
  prima: Pick<Digitazione, 'id' | 'momentoConsegna' | 'momentoScelto'>,
  seconda: { momentoConsegna: Date; momentoScelto: boolean },
  valore: { valore: string; valoreExp: number; corretto: boolean },
  inseritaDa: number,
): ConsegnaInput {
  const momento =
    prima.momentoConsegna < seconda.momentoConsegna
      ? prima.momentoConsegna
      : seconda.momentoConsegna;
  return {
    ...base,
    valore: valore.valore,
    valoreExp: valore.valoreExp,
    corretto: valore.corretto,
    momentoConsegna: momento,
    momentoScelto: prima.momentoScelto || seconda.momentoScelto,
    inseritaDa,
    chiave: chiaveDellaCoppia(prima.id),
    impronta: 'digitazione',
  };
}

async function rispostaDi(tx: DbOrTx, id: number | null): Promise<Risposta | null> {
  if (id === null) return null;
  const [row] = await tx.select().from(risposta).where(eq(risposta.id, id));
  return row ?? null;
}

/** A typing whose key was used before: its outcome again, or a conflict. */
async function ripeti(
  tx: DbOrTx,
  prima: Digitazione,
  impronta: string | null,
): Promise<EsitoRipetuto> {
  if (prima.improntaRichiesta !== impronta) return { esito: 'conflict' };
  if (prima.statoIniziale === 'confermata') {
    const stored = await rispostaDi(tx, prima.rispostaId);
    if (stored) {
      return {
        esito: 'confermata',
        digitazione: prima,
        risposta: stored,
        nuova: false,
        replay: true,
      };
    }
  }
  const esito = prima.statoIniziale === 'discordante' ? 'discordante' : 'in_attesa';
  return { esito, digitazione: prima, replay: true };
}

async function perChiave(tx: DbOrTx, utente: number, chiave: string) {
  const [row] = await tx
    .select()
    .from(digitazione)
    .where(and(eq(digitazione.utenteId, utente), eq(digitazione.chiaveIdempotenza, chiave)));
  return row ?? null;
}

/** The typing of this user with this key, if any (a retry after the checks refused). */
export async function digitazionePerChiave(
  db: DbOrTx,
  utente: number,
  chiave: string,
  impronta: string | null,
): Promise<EsitoRipetuto | null> {
  const prima = await perChiave(db, utente, chiave);
  return prima ? ripeti(db, prima, impronta) : null;
}

/**
 * Records a typing. It pairs with the oldest typing of the same team and
 * problem still waiting, by another user (slips are typed in the order they
 * were handed in, by both typists): the same reading stores the answer; a
 * different one flags both for the administrators. Without one it waits.
 */
export async function registraDigitazione(
  db: Db,
  input: DigitazioneInput,
): Promise<EsitoDigitazione> {
  try {
    return await db.transaction(async (tx) => {
      if (input.chiave !== null) {
        const prima = await perChiave(tx, input.inseritaDa, input.chiave);
        if (prima) return ripeti(tx, prima, input.impronta);
      }
      const team = await tx.execute(
        sql`select 1 from ${squadra} where ${squadra.id} = ${input.squadraId}
          and ${squadra.sessioneId} = ${input.sessioneId} for no key update`,
      );
      if (rowsOf(team).length === 0) return { esito: 'stale' };

      const [altra] = await tx
        .select()
        .from(digitazione)
        .where(
          and(
            eq(digitazione.squadraId, input.squadraId),
            eq(digitazione.problemaId, input.problema.id),
            eq(digitazione.stato, 'in_attesa'),
            sql`${digitazione.utenteId} is distinct from ${input.inseritaDa}`,
          ),
        )
        .orderBy(asc(digitazione.id))
        .limit(1);
      const nuova = {
        squadraId: input.squadraId,
        sessioneId: input.sessioneId,
        problemaId: input.problema.id,
        valore: input.valore,
        valoreExp: input.valoreExp,
        momentoConsegna: input.momentoConsegna,
        momentoScelto: input.momentoScelto,
        ricevuta: input.ricevuta,
        utenteId: input.inseritaDa,
        chiaveIdempotenza: input.chiave,
        improntaRichiesta: input.impronta,
      };
      if (!altra) {
        const [row] = await tx
          .insert(digitazione)
          .values({ ...nuova, stato: 'in_attesa', statoIniziale: 'in_attesa' })
          .returning();
        return { esito: 'in_attesa', digitazione: row!, replay: false };
      }
      if (!stessaLettura(altra, input)) {
        const [row] = await tx
          .insert(digitazione)
          .values({
            ...nuova,
            stato: 'discordante',
            statoIniziale: 'discordante',
            abbinataA: altra.id,
          })
          .returning();
        await tx
          .update(digitazione)
          .set({ stato: 'discordante', abbinataA: row!.id })
          .where(eq(digitazione.id, altra.id));
        return { esito: 'discordante', digitazione: row!, replay: false };
      }
      const outcome = await consegnaDellaCoppia(
        tx,
        rispostaDellaCoppia(input, altra, input, input, input.inseritaDa),
      );
      if (outcome.esito === 'stale' || outcome.esito === 'conflict') throw new Obsoleta();
      const [row] = await tx
        .insert(digitazione)
        .values({
          ...nuova,
          stato: 'confermata',
          statoIniziale: 'confermata',
          abbinataA: altra.id,
          rispostaId: outcome.row.id,
        })
        .returning();
      await tx
        .update(digitazione)
        .set({ stato: 'confermata', abbinataA: row!.id, rispostaId: outcome.row.id })
        .where(eq(digitazione.id, altra.id));
      return {
        esito: 'confermata',
        digitazione: row!,
        risposta: outcome.row,
        nuova: outcome.esito === 'created',
        replay: false,
      };
    });
  } catch (error) {
    if (error instanceof Obsoleta) return { esito: 'stale' };
    // Two tabs sent one key at once: the first one's typing is the answer.
    if (input.chiave !== null && isUniqueViolation(error)) {
      const prima = await perChiave(db, input.inseritaDa, input.chiave);
      if (prima) return ripeti(db, prima, input.impronta);
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function loadDigitazione(db: DbOrTx, id: number): Promise<Digitazione | null> {
  const [row] = await db.select().from(digitazione).where(eq(digitazione.id, id));
  return row ?? null;
}

/** What an administrator decides for a pair that disagrees. */
export type Decisione =
  | { azione: 'scarta' }
  | {
      azione: 'registra';
      valore: string;
      valoreExp: number;
      corretto: boolean;
      /** The typing whose reading was accepted; null: a value read on the slip. */
      accettata: number | null;
    };

export type EsitoRisoluzione =
  | { esito: 'risolta'; risposta: Risposta | null; nuova: boolean }
  | { esito: 'gia_risolta' }
  | { esito: 'stale' };

const registroDi = (d: Pick<Digitazione, 'stato' | 'rispostaId'>) => ({
  stato: d.stato,
  risposta: d.rispostaId,
});

/** What the decision made of typing `d`: its reading, the other one's, a corrected value, none. */
function decisioneSu(d: Pick<Digitazione, 'id'>, decisione: Decisione): DecisioneDigitazione {
  if (decisione.azione === 'scarta') return 'scartata';
  if (decisione.accettata === null) return 'corretta';
  return decisione.accettata === d.id ? 'accettata' : 'altra_accettata';
}

/**
 * The audit entry of a decision on one typing: the state and answer, what
 * became of its reading, which typing's reading was accepted and the value
 * stored; the note says it in words. Who decided is the entry's user.
 */
function voceDecisione(
  d: Digitazione,
  decisione: Decisione,
  dopo: Pick<Digitazione, 'stato' | 'rispostaId'>,
) {
  const esito = decisioneSu(d, decisione);
  const registrato =
    decisione.azione === 'registra' ? valoreScritto(decisione.valore, decisione.valoreExp) : null;
  return {
    nota:
      registrato === null
        ? DECISIONE_DIGITAZIONE[esito]
        : `${DECISIONE_DIGITAZIONE[esito]}: registrato ${registrato}`,
    entry: {
      azione: 'modifica' as const,
      risorsa: 'digitazione' as const,
      oggettoId: d.id,
      oggettoNome: valoreScritto(d.valore, d.valoreExp),
      prima: registroDi(d),
      dopo: {
        ...registroDi(dopo),
        decisione: esito,
        lettura_accettata: decisione.azione === 'registra' ? decisione.accettata : null,
        valore_registrato: registrato,
      },
    },
  };
}

/**
 * Resolves a pair that disagrees: both typings become `risolta` (with the
 * answer stored from the decided value) or `scartata`, and each gets an
 * audit entry, all in one transaction. A pair already decided (by another
 * administrator a moment ago) is left alone.
 */
export async function risolviCoppia(
  db: Db,
  context: AuditContext & { userId: number },
  id: number,
  decisione: Decisione,
  base: (d: Digitazione) => ConsegnaInput,
  now: Date,
): Promise<EsitoRisoluzione> {
  try {
    return await db.transaction(async (tx) => {
      const [prima] = await tx
        .select()
        .from(digitazione)
        .where(eq(digitazione.id, id))
        .for('update');
      if (!prima || prima.stato !== 'discordante' || prima.abbinataA === null) {
        return { esito: 'gia_risolta' };
      }
      const [seconda] = await tx
        .select()
        .from(digitazione)
        .where(eq(digitazione.id, prima.abbinataA))
        .for('update');
      if (!seconda || seconda.stato !== 'discordante') return { esito: 'gia_risolta' };
      const [vecchia, nuova] = prima.id < seconda.id ? [prima, seconda] : [seconda, prima];

      let stored: ConsegnaOutcome | null = null;
      if (decisione.azione === 'registra') {
        stored = await consegnaDellaCoppia(
          tx,
          rispostaDellaCoppia(base(vecchia), vecchia, nuova, decisione, context.userId),
        );
        if (stored.esito === 'stale' || stored.esito === 'conflict') throw new Obsoleta();
      }
      const rispostaId = stored && 'row' in stored ? stored.row.id : null;
      const stato: StatoDigitazione = rispostaId === null ? 'scartata' : 'risolta';
      for (const d of [vecchia, nuova]) {
        await tx
          .update(digitazione)
          .set({ stato, rispostaId, risoltaDa: context.userId, risoltaIl: now })
          .where(eq(digitazione.id, d.id));
        const voce = voceDecisione(d, decisione, { stato, rispostaId });
        await recordChange(tx, { ...context, nota: voce.nota }, voce.entry);
      }
      return {
        esito: 'risolta',
        risposta: stored && 'row' in stored ? stored.row : null,
        nuova: stored?.esito === 'created',
      };
    });
  } catch (error) {
    if (error instanceof Obsoleta) return { esito: 'stale' };
    throw error;
  }
}

/** Drops a typing still waiting for its twin (typed by mistake); audited. */
export async function scartaInAttesa(
  db: Db,
  context: AuditContext,
  id: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(digitazione)
      .set({ stato: 'scartata', risoltaDa: context.userId, risoltaIl: now })
      .where(and(eq(digitazione.id, id), eq(digitazione.stato, 'in_attesa')))
      .returning();
    if (!row) return false;
    await recordChange(
      tx,
      { ...context, nota: 'eliminata in attesa della seconda digitazione' },
      {
        azione: 'modifica',
        risorsa: 'digitazione',
        oggettoId: row.id,
        oggettoNome: row.valore,
        prima: registroDi({ stato: 'in_attesa', rispostaId: null }),
        dopo: registroDi(row),
      },
    );
    return true;
  });
}

export type DigitazioneConNomi = Digitazione & {
  squadraNome: string;
  problemaNome: string;
  utente: { username: string; firstName: string; lastName: string } | null;
  risoltaDaUtente: { username: string; firstName: string; lastName: string } | null;
  /** The reading of the other typing of the slip, once paired. */
  gemella: { valore: string; valoreExp: number } | null;
  /** The value of the answer stored for the pair (null: none, or deleted since). */
  registrata: { valore: string; valoreExp: number } | null;
};

const autore = alias(users, 'autore');
const risolutore = alias(users, 'risolutore');
const gemella = alias(digitazione, 'gemella');

const conNomi = (db: DbOrTx) =>
  db
    .select({
      d: digitazione,
      squadraNome: squadra.nome,
      problemaNome: problema.nome,
      utente: { username: autore.username, firstName: autore.firstName, lastName: autore.lastName },
      risolto: {
        username: risolutore.username,
        firstName: risolutore.firstName,
        lastName: risolutore.lastName,
      },
      gemella: { valore: gemella.valore, valoreExp: gemella.valoreExp },
      registrata: { valore: risposta.valore, valoreExp: risposta.valoreExp },
    })
    .from(digitazione)
    .innerJoin(squadra, eq(squadra.id, digitazione.squadraId))
    .innerJoin(problema, eq(problema.id, digitazione.problemaId))
    .leftJoin(autore, eq(autore.id, digitazione.utenteId))
    .leftJoin(risolutore, eq(risolutore.id, digitazione.risoltaDa))
    .leftJoin(gemella, eq(gemella.id, digitazione.abbinataA))
    .leftJoin(risposta, eq(risposta.id, digitazione.rispostaId));

type RigaConNomi = Awaited<ReturnType<ReturnType<typeof conNomi>['where']>>[number];

const nomiDi = (r: RigaConNomi): DigitazioneConNomi => ({
  ...r.d,
  squadraNome: r.squadraNome,
  problemaNome: r.problemaNome,
  utente: r.d.utenteId === null ? null : r.utente,
  risoltaDaUtente: r.d.risoltaDa === null ? null : r.risolto,
  // drizzle makes a left-joined object null when its row is missing.
  gemella: r.gemella,
  registrata: r.registrata,
});

/** A session's typings, optionally of some states: the pairs to decide first, oldest first. */
export async function listaDigitazioni(
  db: DbOrTx,
  sessioneId: number,
  stati: readonly StatoDigitazione[] | null,
  window: Window,
): Promise<{ total: number; rows: DigitazioneConNomi[] }> {
  const where: SQL | undefined = and(
    eq(digitazione.sessioneId, sessioneId),
    stati ? inArray(digitazione.stato, [...stati]) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(digitazione)
    .where(where);
  const rows = await conNomi(db)
    .where(where)
    .orderBy(
      // Pairs to decide, then slips waiting for their twin (oldest first), then the rest.
      sql`case ${digitazione.stato} when 'discordante' then 0 when 'in_attesa' then 1 else 2 end`,
      sql`case when ${digitazione.stato} in ('discordante', 'in_attesa') then ${digitazione.id} end`,
      desc(digitazione.id),
    )
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows: rows.map(nomiDi) };
}

/** One typing with its names. */
export async function digitazioneConNomi(
  db: DbOrTx,
  id: number,
): Promise<DigitazioneConNomi | null> {
  const [row] = await conNomi(db).where(eq(digitazione.id, id));
  return row ? nomiDi(row) : null;
}
