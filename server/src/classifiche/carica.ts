// A session's ranking for the files and the certificates, computed now from
// the stored answers by the very code of the scores page's snapshot
// (scores/queries.ts loads, scores/build.ts runs @gas/scoring), never read
// from the snapshot cache: a file must agree with the answers at the moment
// it is made, even if a cached page is a few seconds behind.
import type { DbOrTx } from '../db/client';
import { buildSnapshot } from '../scores/build';
import { loadSessionData } from '../scores/queries';
import { anagraficaSquadre, sessioneConEvento, type SquadraAnagrafica } from './queries';
import { righeClassifica, type Classifica } from './righe';

export type ClassificaCaricata = Classifica & {
  anagrafica: ReadonlyMap<number, SquadraAnagrafica>;
};

/** Null when the session does not exist. */
export async function caricaClassifica(
  db: DbOrTx,
  sessioneId: number,
  options: { ora: Date; polo?: { id: number; nome: string } | null },
): Promise<ClassificaCaricata | null> {
  const [testa, dati, anagrafica] = await Promise.all([
    sessioneConEvento(db, sessioneId),
    loadSessionData(db, sessioneId),
    anagraficaSquadre(db, sessioneId),
  ]);
  if (!testa || !dati) return null;
  const { punteggi } = buildSnapshot(dati, options.ora);
  const polo = options.polo ?? null;
  return {
    evento: testa.titolo,
    sessione: testa.nome,
    sessioneId,
    inizio: testa.inizio,
    fine: testa.fine,
    ora: options.ora,
    finale: options.ora.getTime() > testa.fine.getTime(),
    polo: polo?.nome ?? null,
    problemi: punteggi.problemi,
    righe: righeClassifica(punteggi, anagrafica, polo?.id ?? null),
    anagrafica,
  };
}
