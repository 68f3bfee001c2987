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
//   the ranking of the last announcement as `prima`);
// - many teams moving alike are counted, not named: at the start everyone
//   shares the 1st place, and the first correct answer sends them all to the
//   2nd ('999 squadre scendono al 2° posto a pari merito.'); followed teams
//   are always named.
import type { LeaderboardEntry } from '@gas/scoring';

/** What the announcements read of a ranking row. */
export type RigaAnnunci = Pick<LeaderboardEntry, 'id' | 'nome' | 'posizione'>;

/** Positions up to this one are always watched. */
export const PODIO = 3;

/** More teams than this moving alike (same way, same place) are counted, not named. */
export const MAX_NOMINATE = 3;

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
  seguita: boolean;
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
    out.push({ id: r.id, nome: r.nome, da, a, pariMerito, seguita: seguiteSet.has(r.id), frase });
  }
  return out.sort((x, y) => x.a - y.a || x.nome.localeCompare(y.nome, 'it'));
}

/** The one message of a gathered announcement ('' when nothing moved). */
export function testoAnnuncio(
  prima: readonly RigaAnnunci[],
  dopo: readonly RigaAnnunci[],
  seguite: readonly number[],
): string {
  const cambi = cambiPosizione(prima, dopo, seguite);
  // Teams moving alike, not followed: named when few, else counted.
  const gruppi = new Map<string, CambioPosizione[]>();
  for (const c of cambi) {
    if (c.seguita) continue;
    const chiave = `${c.a < c.da ? 'sale' : 'scende'} ${c.a}`;
    gruppi.set(chiave, [...(gruppi.get(chiave) ?? []), c]);
  }
  // Best position first; at one position, the named teams before the counted.
  const frasi: { a: number; contate: boolean; testo: string }[] = [];
  const contati = new Set<string>();
  for (const c of cambi) {
    const chiave = `${c.a < c.da ? 'sale' : 'scende'} ${c.a}`;
    const gruppo = gruppi.get(chiave);
    if (c.seguita || !gruppo || gruppo.length <= MAX_NOMINATE) {
      frasi.push({ a: c.a, contate: false, testo: `${c.frase}.` });
    } else if (!contati.has(chiave)) {
      contati.add(chiave);
      const verbo = c.a < c.da ? 'salgono' : 'scendono';
      const pari = c.pariMerito ? ' a pari merito' : '';
      const testo = `${gruppo.length} squadre ${verbo} ${alPosto(c.a)}${pari}.`;
      frasi.push({ a: c.a, contate: true, testo });
    }
  }
  return frasi
    .sort((x, y) => x.a - y.a || Number(x.contate) - Number(y.contate))
    .map((f) => f.testo)
    .join(' ');
}
