// What the results page shows, from the scores page's own snapshot (so its
// numbers are the live ranking's): the podium, the rows with school and city,
// each venue's ranking with positions counted within the venue, and the
// addresses of the ranking files. Pure.
import type { ClassificaEntry, Polo, Squadra } from '@gas/contracts';
import { assignPositions } from '@gas/scoring';

export type Riga = {
  id: number;
  /** Shared on ties; null for guests (they have none, as on the scores page). */
  posizione: number | null;
  nome: string;
  ospite: boolean;
  totale: number;
  penalita: number;
  scuola: string | null;
  citta: string | null;
  polo: number | null;
};

/** The snapshot's rows (already in ranking order) with what the page says of each team. */
export function righe(
  classifica: readonly ClassificaEntry[],
  squadre: ReadonlyMap<number, Squadra>,
): Riga[] {
  return classifica.map((e) => {
    const scuola = squadre.get(e.id)?.scuola ?? null;
    return {
      id: e.id,
      posizione: e.posizione,
      nome: e.nome,
      ospite: e.ospite,
      totale: e.totale,
      penalita: e.penalita,
      scuola: scuola?.nome ?? null,
      citta: scuola?.indirizzo.citta?.name ?? null,
      polo: e.polo,
    };
  });
}

/** Places on the podium. */
export const PODIO = 3;

/**
 * The podium: the teams in the first three positions, guests left out. Teams
 * tied on a podium position all stand on it, so a tie for third shows four.
 */
export function podio(rows: readonly Riga[]): Riga[] {
  return rows.filter((r) => r.posizione !== null && r.posizione <= PODIO);
}

/**
 * One venue's ranking: its teams in the session's order, positions counted
 * within the venue with the engine's own rule (ties shared, guests skipped).
 */
export function classificaPolo(
  classifica: readonly ClassificaEntry[],
  poloId: number,
): ClassificaEntry[] {
  const rows = classifica.filter((e) => e.polo === poloId).map((e) => ({ ...e }));
  assignPositions(rows);
  return rows;
}

/** The session's venues (those with teams in it), by name. */
export function poliDellaSessione(
  classifica: readonly ClassificaEntry[],
  poli: readonly Polo[],
): Polo[] {
  const used = new Set(classifica.map((e) => e.polo));
  return poli
    .filter((p) => used.has(p.id))
    .sort((a, b) => a.nome_breve.localeCompare(b.nome_breve, 'it', { numeric: true }));
}

export type Formato = 'csv' | 'xlsx' | 'pdf';
export const FORMATI_SESSIONE: readonly Formato[] = ['csv', 'xlsx', 'pdf'];
export const FORMATI_EVENTO: readonly Formato[] = ['xlsx', 'pdf'];

/** The ranking file of a session, or of one of its venues. */
export function urlClassificaSessione(sessione: number, formato: Formato, polo?: number): string {
  const venue = polo === undefined ? '' : `&polo=${polo}`;
  return `/api/gas/sessione/${sessione}/classifica/?formato=${formato}${venue}`;
}

/** The rankings of every session of an event, one file. */
export function urlClassificaEvento(evento: number, formato: Formato): string {
  return `/api/gas/evento/${evento}/classifica/?formato=${formato}`;
}
