// Reads for the Albo d'oro: the concluded official events with everything
// their final rankings are computed from. Only this file touches drizzle.
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countsForScores } from '../../db/contest-window';
import { citta, evento, problema, risposta, scuola, sessione, squadra } from '../../db/schema';
import { scoringEventColumns } from '../../scores/queries';

export type AlboData = Awaited<ReturnType<typeof loadAlbo>>;

/** Official events (tipologia 'o') ended before `now`, newest first, with their sessions' data. */
export async function loadAlbo(db: DbOrTx, now: Date) {
  const eventi = await db
    .select()
    .from(evento)
    .where(and(eq(evento.tipologia, 'o'), lt(evento.fine, now)))
    .orderBy(desc(evento.inizio), desc(evento.id));
  const eventoIds = eventi.map((e) => e.id);
  if (eventoIds.length === 0) {
    return { eventi, sessioni: [], problemi: [], squadre: [], risposte: [] };
  }
  const sessioni = await db
    .select()
    .from(sessione)
    .where(inArray(sessione.eventoId, eventoIds))
    .orderBy(asc(sessione.ordine), asc(sessione.id));
  const problemi = await db
    .select({ id: problema.id, nome: problema.nome, eventoId: problema.eventoId })
    .from(problema)
    .where(inArray(problema.eventoId, eventoIds))
    .orderBy(asc(problema.ordine), asc(problema.id));
  const squadre = await db
    .select({
      id: squadra.id,
      nome: squadra.nome,
      sessioneId: squadra.sessioneId,
      ospite: squadra.ospite,
      ordineEta: squadra.ordineEta,
      penalita: squadra.penalita,
      scuolaId: squadra.scuolaId,
      scuolaNome: scuola.nome,
      cittaNome: citta.nome,
    })
    .from(squadra)
    .leftJoin(scuola, eq(scuola.id, squadra.scuolaId))
    .leftJoin(citta, eq(citta.id, scuola.cittaId))
    .where(inArray(squadra.eventoId, eventoIds))
    .orderBy(asc(squadra.id));
  const sessioneIds = sessioni.map((s) => s.id);
  const risposte =
    sessioneIds.length === 0
      ? []
      : await db
          .select({ ...scoringEventColumns, sessioneId: risposta.sessioneId })
          .from(risposta)
          .where(and(inArray(risposta.sessioneId, sessioneIds), countsForScores()))
          .orderBy(asc(risposta.date), asc(risposta.id));
  return { eventi, sessioni, problemi, squadre, risposte };
}
