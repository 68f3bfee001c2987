// The steps of a proclamation (issue 29 item 5), from a session's final
// ranking as the ranking files compute it (classifiche/righe.ts, positions by
// @gas/scoring). Pure: the ceremony is the ranking read in another order.
//
//   1. the ranking from the last position up, one position per step (teams
//      tied share it and its step); in a session with more than
//      POSIZIONI_SENZA_BLOCCHI positions, those beyond the tenth come in
//      blocks of ten positions, wider (a multiple of ten) when there would be
//      more than MAX_BLOCCHI blocks, so a 300-team ceremony has 29 blocks of
//      ten and a 1,000-team one 25 blocks of forty;
//   2. each venue's winner, a step per venue (worst placed first), for venues
//      whose winner is not on the podium: that would give the podium away
//      (the podium shows each team's venue);
//   3. the podium: third, second, first place, a step each (a position nobody
//      holds after a tie has no step);
//   4. the guests, outside the ranking, without a position (one last step).
import type { PassoProclamazione, SquadraProclamata } from '@gas/contracts';
import type { RigaClassifica } from '../../classifiche/righe';

/** Up to this many positions, every position gets its own step. */
export const POSIZIONI_SENZA_BLOCCHI = 20;
/** Positions up to this one always get their own step. */
export const ULTIMA_POSIZIONE_SINGOLA = 10;
/** At most this many blocks beyond the tenth position. */
export const MAX_BLOCCHI = 30;

/** One venue's winners (ties: several), as its own ranking gives them. */
export type VincitoriPolo = { polo: string; squadre: readonly RigaClassifica[] };

export type ClassificaDaProclamare = {
  /** The session's ranking, guests included (posizione null). */
  righe: readonly RigaClassifica[];
  /** Each venue's first-placed teams within the venue. */
  poli: readonly VincitoriPolo[];
};

/** How many positions each block beyond the tenth holds, for a ranking whose last position is `ultima`. */
export function ampiezzaBlocco(ultima: number): number {
  const oltre = Math.max(0, ultima - ULTIMA_POSIZIONE_SINGOLA);
  return Math.max(10, Math.ceil(oltre / MAX_BLOCCHI / 10) * 10);
}

function squadra(r: RigaClassifica): SquadraProclamata {
  return {
    id: r.id,
    posizione: r.posizione,
    nome: r.nome,
    scuola: r.scuola,
    polo: r.polo || null,
    totale: r.totale,
  };
}

/** Teams in the ranking's order: best total first, then by name (as printed). */
const perClassifica = (a: RigaClassifica, b: RigaClassifica) =>
  (a.posizione ?? Infinity) - (b.posizione ?? Infinity) || a.nome.localeCompare(b.nome, 'it');

export function passiProclamazione({ righe, poli }: ClassificaDaProclamare): PassoProclamazione[] {
  const inClassifica = righe.filter((r) => r.posizione !== null).sort(perClassifica);
  const ospiti = righe.filter((r) => r.posizione === null).sort(perClassifica);
  const perPosizione = new Map<number, RigaClassifica[]>();
  for (const r of inClassifica) {
    const gruppo = perPosizione.get(r.posizione!) ?? [];
    gruppo.push(r);
    perPosizione.set(r.posizione!, gruppo);
  }
  const posizioni = [...perPosizione.keys()].sort((a, b) => b - a);
  const ultima = posizioni[0] ?? 0;
  const passi: PassoProclamazione[] = [];

  // 1. From the last position up to the fourth.
  const aBlocchi = ultima > POSIZIONI_SENZA_BLOCCHI;
  if (aBlocchi) {
    const ampiezza = ampiezzaBlocco(ultima);
    const blocchi = Math.ceil((ultima - ULTIMA_POSIZIONE_SINGOLA) / ampiezza);
    for (let k = blocchi - 1; k >= 0; k--) {
      const da = ULTIMA_POSIZIONE_SINGOLA + 1 + k * ampiezza;
      const a = Math.min(ultima, da + ampiezza - 1);
      const squadre = inClassifica.filter((r) => r.posizione! >= da && r.posizione! <= a);
      if (squadre.length > 0) passi.push({ tipo: 'blocco', da, a, squadre: squadre.map(squadra) });
    }
  }
  for (const posizione of posizioni) {
    if (posizione <= 3 || (aBlocchi && posizione > ULTIMA_POSIZIONE_SINGOLA)) continue;
    passi.push({
      tipo: 'posizione',
      posizione,
      squadre: perPosizione.get(posizione)!.map(squadra),
    });
  }

  // 2. The venues' winners, unless one of them stands on the podium.
  const generale = new Map(righe.map((r) => [r.id, r]));
  const vincitori = poli
    .map((p) => ({
      polo: p.polo,
      squadre: p.squadre.map((r) => generale.get(r.id) ?? r).sort(perClassifica),
    }))
    .filter((p) => p.squadre.length > 0 && p.squadre.every((r) => (r.posizione ?? 0) > 3))
    .sort(
      (a, b) =>
        b.squadre[0]!.posizione! - a.squadre[0]!.posizione! || a.polo.localeCompare(b.polo, 'it'),
    );
  for (const p of vincitori) {
    passi.push({ tipo: 'polo', polo: p.polo, squadre: p.squadre.map(squadra) });
  }

  // 3. The podium.
  for (const posizione of [3, 2, 1] as const) {
    const squadre = perPosizione.get(posizione);
    if (squadre) passi.push({ tipo: 'podio', posizione, squadre: squadre.map(squadra) });
  }

  // 4. The guests.
  if (ospiti.length > 0) passi.push({ tipo: 'ospiti', squadre: ospiti.map(squadra) });
  return passi;
}
