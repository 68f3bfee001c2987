// What a screen reader hears when the ranking moves (issue 29): the rank
// changes of the top three and of the teams the viewer follows, in Italian
// ('Liceo Fermi sale al 3° posto'). Pure: the gathering over 10 s is the
// hook's (useAnnunciClassifica.ts).
//
// Wording choices (docs/accessibility.md):
// - a shared position says so: 'Liceo Fermi sale al 2° posto a pari merito';
// - guests hold no place in the ranking (spec: 'osp.'), so they are never
//   announced, not even when followed;
// - a team is watched when it is in the top three before or after the
//   change (so a team leaving the podium is heard too) or is followed;
// - a team back where it was announced last says nothing (the caller passes
//   the ranking of the last announcement as `prima`).
import type { LeaderboardEntry } from '@gas/scoring';

/** What the announcements read of a ranking row. */
export type RigaAnnunci = Pick<LeaderboardEntry, 'id' | 'nome' | 'posizione'>;

/** Positions up to this one are always watched. */
export const PODIO = 3;

/**
 * 'al 3° posto', 'all'8° posto': the article elides before an ordinal read
 * with a vowel (ottavo, undicesimo, ottantesimo, ottocentesimo...).
 */
export function alPosto(posizione: number): string {
  const elisione =
    /^8/.test(String(posizione)) || posizione === 11 || /^11\d{3}$/.test(String(posizione));
  return `${elisione ? "all'" : 'al '}${posizione}° posto`;
}

export interface CambioPosizione {
  id: number;
  nome: string;
  da: number;
  a: number;
  pariMerito: boolean;
  frase: string;
}

/**
 * The rank changes between two rankings worth announcing, ordered by the new
 * position (best first, then by name).
 */
export function cambiPosizione(
  prima: readonly RigaAnnunci[],
  dopo: readonly RigaAnnunci[],
  seguite: readonly number[],
): CambioPosizione[] {
  const precedente = new Map<number, number | null>();
  for (const r of prima) precedente.set(r.id, r.posizione);
  const quante = new Map<number, number>();
  for (const r of dopo) {
    if (r.posizione !== null) quante.set(r.posizione, (quante.get(r.posizione) ?? 0) + 1);
  }
  const seguiteSet = new Set(seguite);
  const out: CambioPosizione[] = [];
  for (const r of dopo) {
    const da = precedente.get(r.id);
    const a = r.posizione;
    // Unknown before, a guest now or before, or not moved: nothing to say.
    if (da === undefined || da === null || a === null || da === a) continue;
    if (!(da <= PODIO || a <= PODIO || seguiteSet.has(r.id))) continue;
    const pariMerito = (quante.get(a) ?? 0) > 1;
    const verbo = a < da ? 'sale' : 'scende';
    const frase = `${r.nome} ${verbo} ${alPosto(a)}${pariMerito ? ' a pari merito' : ''}`;
    out.push({ id: r.id, nome: r.nome, da, a, pariMerito, frase });
  }
  return out.sort((x, y) => x.a - y.a || x.nome.localeCompare(y.nome, 'it'));
}

/** The one message of a gathered announcement ('' when nothing moved). */
export function testoAnnuncio(
  prima: readonly RigaAnnunci[],
  dopo: readonly RigaAnnunci[],
  seguite: readonly number[],
): string {
  return cambiPosizione(prima, dopo, seguite)
    .map((c) => `${c.frase}.`)
    .join(' ');
}
