// Teams named in a delivery-slip request, with their venue's managers. Only
// this file of the folder touches drizzle.
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evento, polo, poloResponsabile, problema, sessione, squadra } from '../../db/schema';

/** Teams with one of these names (optionally in one session). */
export function squadreByNome(db: DbOrTx, nomi: readonly string[], sessioneId?: number) {
  return db
    .select({
      id: squadra.id,
      nome: squadra.nome,
      sessioneId: squadra.sessioneId,
      eventoId: squadra.eventoId,
      poloId: squadra.poloId,
    })
    .from(squadra)
    .where(
      and(
        inArray(squadra.nome, [...nomi]),
        sessioneId !== undefined ? eq(squadra.sessioneId, sessioneId) : undefined,
      ),
    );
}

/** User ids of the managers of each venue. */
export async function venueManagers(
  db: DbOrTx,
  poloIds: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(poloIds.map((id) => [id, []]));
  if (poloIds.length === 0) return out;
  const rows = await db
    .select()
    .from(poloResponsabile)
    .where(inArray(poloResponsabile.poloId, [...poloIds]));
  for (const row of rows) out.get(row.poloId)?.push(row.userId);
  return out;
}

/**
 * Official events whose time span meets [from, to): a contest day. Every
 * writer keeps ufficiale = (tipologia o), the live demo included (a public
 * event, issue 26); an old demo row listed as official but not flagged
 * `ufficiale` still does not make every demo day a contest day.
 */
export async function officialEventsBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ id: evento.id })
    .from(evento)
    .where(
      and(
        eq(evento.tipologia, 'o'),
        eq(evento.ufficiale, true),
        lt(evento.inizio, to),
        gte(evento.fine, from),
      ),
    );
}

/** What the slips print besides the teams: event, session, venues, problems. */
export async function slipContext(db: DbOrTx, sessioneId: number, poloIds: readonly number[]) {
  const [s] = await db
    .select({ nome: sessione.nome, eventoId: sessione.eventoId, titolo: evento.titolo })
    .from(sessione)
    .innerJoin(evento, eq(evento.id, sessione.eventoId))
    .where(eq(sessione.id, sessioneId));
  if (!s) return null;
  const [problemi, poli] = await Promise.all([
    db
      .select({ nome: problema.nome, udm: problema.udmSoluzione })
      .from(problema)
      .where(eq(problema.eventoId, s.eventoId))
      .orderBy(asc(problema.ordine), asc(problema.id)),
    poloIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: polo.id, nome: polo.nomeBreve })
          .from(polo)
          .where(inArray(polo.id, [...poloIds]))
          .orderBy(asc(polo.nomeBreve), asc(polo.id)),
  ]);
  return { evento: s.titolo, sessione: s.nome, problemi, poli };
}
