// What the ranking files and the certificates read besides the scores
// snapshot's own data (scores/queries.ts): the event's title, the session's
// teams with their school, city, venue and members, and the session's venues.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  citta,
  evento,
  impostazioniSito,
  polo,
  poloResponsabile,
  responsabileSquadra,
  scuola,
  sessione,
  squadra,
} from '../db/schema';
import type { SquadraRef } from '../policies';
import { attestatiImpostazioneSchema, type AttestatiImpostazione } from '@gas/contracts';

export type SquadraAnagrafica = {
  id: number;
  nome: string;
  scuola: string | null;
  citta: string | null;
  poloId: number | null;
  polo: string | null;
  /** Capitano, consegnatore and the other members, as stored (empty ones left out). */
  componenti: string[];
};

export type PoloDellaSessione = { id: number; nome: string; responsabileUserIds: number[] };

/** The session with its event's title and times; null when there is no such session. */
export async function sessioneConEvento(db: DbOrTx, sessioneId: number) {
  const [row] = await db
    .select({
      id: sessione.id,
      nome: sessione.nome,
      eventoId: evento.id,
      titolo: evento.titolo,
      inizio: evento.inizio,
      fine: evento.fine,
    })
    .from(sessione)
    .innerJoin(evento, eq(evento.id, sessione.eventoId))
    .where(eq(sessione.id, sessioneId));
  return row ?? null;
}

/** The event's sessions in their order. */
export async function sessioniDellEvento(db: DbOrTx, eventoId: number): Promise<number[]> {
  const rows = await db
    .select({ id: sessione.id })
    .from(sessione)
    .where(eq(sessione.eventoId, eventoId))
    .orderBy(asc(sessione.ordine), asc(sessione.id));
  return rows.map((r) => r.id);
}

/** The session's teams with what a ranking row or a certificate prints about them. */
export async function anagraficaSquadre(
  db: DbOrTx,
  sessioneId: number,
): Promise<Map<number, SquadraAnagrafica>> {
  const rows = await db
    .select({
      id: squadra.id,
      nome: squadra.nome,
      scuola: scuola.nome,
      citta: citta.nome,
      poloId: squadra.poloId,
      polo: polo.nomeBreve,
      capitano: squadra.capitano,
      consegnatore: squadra.consegnatore,
      p1: squadra.p1,
      p2: squadra.p2,
      p3: squadra.p3,
    })
    .from(squadra)
    .leftJoin(scuola, eq(scuola.id, squadra.scuolaId))
    .leftJoin(citta, eq(citta.id, scuola.cittaId))
    .leftJoin(polo, eq(polo.id, squadra.poloId))
    .where(eq(squadra.sessioneId, sessioneId));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        nome: r.nome,
        scuola: r.scuola,
        citta: r.citta,
        poloId: r.poloId,
        polo: r.polo,
        componenti: [r.capitano, r.consegnatore, r.p1, r.p2, r.p3]
          .map((c) => c?.trim() ?? '')
          .filter((c) => c !== ''),
      },
    ]),
  );
}

/** The venues of the session's event, each with its managers' user ids. */
export async function poliDellEvento(db: DbOrTx, eventoId: number): Promise<PoloDellaSessione[]> {
  const poli = await db
    .select({ id: polo.id, nome: polo.nomeBreve })
    .from(polo)
    .where(eq(polo.eventoId, eventoId))
    .orderBy(asc(polo.nomeBreve), asc(polo.id));
  if (poli.length === 0) return [];
  const managers = await db
    .select()
    .from(poloResponsabile)
    .where(
      inArray(
        poloResponsabile.poloId,
        poli.map((p) => p.id),
      ),
    );
  return poli.map((p) => ({
    ...p,
    responsabileUserIds: managers.filter((m) => m.poloId === p.id).map((m) => m.userId),
  }));
}

/** The session's teams as the permission rules see them (policies/types.ts). */
export async function squadreRef(db: DbOrTx, sessioneId: number): Promise<SquadraRef[]> {
  const rows = await db
    .select({
      id: squadra.id,
      eventoId: squadra.eventoId,
      scuolaId: squadra.scuolaId,
      poloId: squadra.poloId,
    })
    .from(squadra)
    .where(eq(squadra.sessioneId, sessioneId))
    .orderBy(asc(squadra.id));
  if (rows.length === 0) return [];
  const assegnate = await db
    .select()
    .from(responsabileSquadra)
    .where(
      inArray(
        responsabileSquadra.squadraId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    responsabileIds: assegnate.filter((a) => a.squadraId === r.id).map((a) => a.responsabileId),
  }));
}

/**
 * The site setting `attestati` (signature line and logo); null when unset or
 * malformed (settings are edited by hand: a bad one never stops a PDF).
 */
export async function impostazioniAttestati(db: DbOrTx): Promise<AttestatiImpostazione | null> {
  const [row] = await db
    .select({ value: impostazioniSito.value })
    .from(impostazioniSito)
    .where(eq(impostazioniSito.key, 'attestati'));
  const parsed = attestatiImpostazioneSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}
