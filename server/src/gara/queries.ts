// What the contest's use cases read (gara/): here because only queries.ts
// files import drizzle (docs/architecture.md, "Layers").
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ModificaDi } from '@gas/contracts';
import type { DbOrTx, DbTransaction } from '../db/client';
import { evento, problema, risposta, sessione } from '../db/schema';

/** An event's times as the `evento_modificato` change carries them (ISO 8601). */
export type TempiEvento = NonNullable<ModificaDi<'evento_modificato'>['tempi']>;

export async function sessioneById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(sessione).where(eq(sessione.id, id));
  return row ?? null;
}

/**
 * The event of a session when everyone may see it (official or public), else
 * null: a public page's hints name it (plugins/anticipi.ts), never a private one.
 */
export async function eventoPubblicoDellaSessione(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = await db
    .select({ id: evento.id })
    .from(sessione)
    .innerJoin(evento, eq(evento.id, sessione.eventoId))
    .where(and(eq(sessione.id, id), sql`${evento.tipologia} <> 'priv'`));
  return row?.id ?? null;
}

export async function problemaById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(problema).where(eq(problema.id, id));
  return row ?? null;
}

/** The answers (not the jokers) given to a problem, with the verdict stored for each. */
export function risposteDelProblema(db: DbOrTx, problemaId: number) {
  return db
    .select({ valore: risposta.valore, valoreExp: risposta.valoreExp, corretto: risposta.corretto })
    .from(risposta)
    .where(and(eq(risposta.problemaId, problemaId), eq(risposta.kind, 'r')));
}

/** An event's times and its sessions (the `tempi` frame and the feeds it goes to), or null when gone. */
export async function loadTempiEvento(
  db: DbOrTx,
  eventoId: number,
): Promise<{ tempi: TempiEvento; sessioni: number[] } | null> {
  const [row] = await db
    .select({ inizio: evento.inizio, fine: evento.fine, jolly: evento.fineConsegnaJolly })
    .from(evento)
    .where(eq(evento.id, eventoId));
  if (!row) return null;
  const sessioni = await db
    .select({ id: sessione.id })
    .from(sessione)
    .where(eq(sessione.eventoId, eventoId))
    .orderBy(asc(sessione.id));
  return {
    tempi: {
      inizio: row.inizio.toISOString(),
      fine: row.fine.toISOString(),
      fine_consegna_jolly: row.jolly?.toISOString() ?? null,
    },
    sessioni: sessioni.map((s) => s.id),
  };
}

// ---- re-checking answers after a solution changed (ricontrollo.ts)

/**
 * An answer being stored right now either commits before this lock is
 * granted (and is read after it) or waits for the transaction's commit and
 * then meets the new solution (gas_consegna_risposte, db/functions/).
 */
export async function lockRisposte(tx: DbTransaction): Promise<void> {
  await tx.execute(sql`lock table risposta in share row exclusive mode`);
}

export function problemiByIds(tx: DbOrTx, ids: readonly number[]) {
  return tx
    .select()
    .from(problema)
    .where(inArray(problema.id, [...ids]));
}

/** The answers (kind r, jokers not) given to these problems. */
export function answersOfProblemi(tx: DbOrTx, problemaIds: readonly number[]) {
  return tx
    .select()
    .from(risposta)
    .where(and(inArray(risposta.problemaId, [...problemaIds]), eq(risposta.kind, 'r')));
}

export async function setCorretto(tx: DbOrTx, id: number, corretto: boolean): Promise<void> {
  await tx.update(risposta).set({ corretto }).where(eq(risposta.id, id));
}
