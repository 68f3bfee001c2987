// The Albo d'oro payload: for each concluded official event and each of its
// sessions, the podium of the final ranking computed by @gas/scoring with the
// event's own parameters (guests have no position and never make the podium).
import { computeLeaderboard } from '@gas/scoring';
import { scoringParams, scoringTeam, toScoringEvent } from '../../scores/rows';
import type { AlboData } from './queries';

/** Positions shown: 1st to 3rd (ties may add rows). */
export const PODIO = 3;

export interface Vincitore {
  posizione: number;
  id: number;
  nome: string;
  totale: number;
  scuola: { id: number; nome: string; citta: string | null } | null;
}

export interface AlboSessione {
  id: number;
  nome: string;
  squadre: number;
  podio: Vincitore[];
}

export interface AlboEvento {
  id: number;
  titolo: string;
  inizio: string;
  fine: string;
  anno: number;
  sessioni: AlboSessione[];
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export function presentAlbo(data: AlboData): AlboEvento[] {
  const problemiOf = groupBy(data.problemi, (p) => p.eventoId);
  const squadreOf = groupBy(data.squadre, (s) => s.sessioneId);
  const risposteOf = groupBy(data.risposte, (r) => r.sessioneId);
  const sessioniOf = groupBy(data.sessioni, (s) => s.eventoId);

  return data.eventi.map((e) => {
    const params = scoringParams(e);
    const problemi = (problemiOf.get(e.id) ?? []).map((p) => ({ id: p.id, nome: p.nome }));
    const sessioni = (sessioniOf.get(e.id) ?? []).map((s): AlboSessione => {
      const squadre = squadreOf.get(s.id) ?? [];
      const eventi = (risposteOf.get(s.id) ?? []).map(toScoringEvent);
      const board = computeLeaderboard({
        params,
        inizio: e.inizio.toISOString(),
        problemi,
        squadre: squadre.map(scoringTeam),
        eventi,
        // The final ranking: answers delivered after the end do not count.
        at: e.fine.toISOString(),
      });
      const byId = new Map(squadre.map((q) => [q.id, q]));
      const podio = board.classifica
        .filter((row) => row.posizione !== null && row.posizione <= PODIO)
        .map((row): Vincitore => {
          const q = byId.get(row.id);
          return {
            posizione: row.posizione!,
            id: row.id,
            nome: row.nome,
            totale: row.totale,
            scuola:
              q && q.scuolaId !== null && q.scuolaNome !== null
                ? { id: q.scuolaId, nome: q.scuolaNome, citta: q.cittaNome }
                : null,
          };
        });
      return { id: s.id, nome: s.nome, squadre: squadre.length, podio };
    });
    return {
      id: e.id,
      titolo: e.titolo,
      inizio: e.inizio.toISOString(),
      fine: e.fine.toISOString(),
      anno: e.anno,
      sessioni,
    };
  });
}
