// What the school widget shows of a session's snapshot: the school's teams
// with their place in the whole session's ranking, and each team's last
// change of score. The feed sends whole snapshots (punteggi_last), so a change
// is what differs between two of them; before the first difference, a
// session small enough to carry its score histories (`classifica_tempo`)
// still tells when each total last moved.
import type { ClassificaEntry, PunteggiItem } from '@gas/contracts/live';

/** A team's last change of score. */
export interface Cambio {
  /** Points gained (or lost). */
  delta: number;
  /** The problem it came from, when known. */
  problema: string | null;
  /** Epoch ms. */
  quando: number;
}

export interface RigaScuola {
  id: number;
  nome: string;
  /** In the session's ranking; null for guests, as on the scores page. */
  posizione: number | null;
  totale: number;
  cambio: Cambio | null;
}

/** Index of the problem whose points moved most between two rows (null if none did). */
function problemaCambiato(prima: ClassificaEntry, dopo: ClassificaEntry): number | null {
  let best: number | null = null;
  let bestScore = 0;
  dopo.punti_parziali.forEach((punti, i) => {
    const diff = Math.abs(punti - (prima.punti_parziali[i] ?? 0));
    if (diff === 0) return;
    // The team's own event (a fresh cell) explains a change better than a
    // problem whose value rose because others erred.
    const score = diff + (dopo.new[i] ? 1e9 : 0);
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  return best;
}

/** From the row's history: the last time its total moved, and by how much. */
function dallaStoria(riga: ClassificaEntry, json: PunteggiItem['json']): Cambio | null {
  const storia = riga.classifica_tempo;
  if (!storia) return null;
  const { tempi, punteggi } = storia;
  for (let i = punteggi.length - 1; i > 0; i--) {
    const delta = punteggi[i]! - punteggi[i - 1]!;
    if (delta === 0) continue;
    // One fresh cell: that is the problem of the last change.
    const fresche = riga.new.flatMap((n, j) => (n ? [j] : []));
    const problema = fresche.length === 1 ? (json.problemi[fresche[0]!]?.nome ?? null) : null;
    return { delta, problema, quando: tempi[i]! };
  }
  return null;
}

/** Follows one school's teams through the snapshots of the feed. */
export class SquadreScuola {
  private prima = new Map<number, ClassificaEntry>();
  private cambi = new Map<number, Cambio>();

  constructor(private readonly scuola: number) {}

  aggiorna(item: PunteggiItem): RigaScuola[] {
    const { json } = item;
    const quando = Date.parse(item.ora);
    const righe = json.classifica.filter((r) => r.scuola === this.scuola);
    for (const riga of righe) {
      const prima = this.prima.get(riga.id);
      if (prima && prima.totale !== riga.totale) {
        const i = problemaCambiato(prima, riga);
        this.cambi.set(riga.id, {
          delta: riga.totale - prima.totale,
          problema: i === null ? null : (json.problemi[i]?.nome ?? null),
          quando,
        });
      } else if (!prima && !this.cambi.has(riga.id)) {
        const cambio = dallaStoria(riga, json);
        if (cambio) this.cambi.set(riga.id, cambio);
      }
      this.prima.set(riga.id, riga);
    }
    return righe.map((r) => ({
      id: r.id,
      nome: r.nome,
      posizione: r.posizione,
      totale: r.totale,
      cambio: this.cambi.get(r.id) ?? null,
    }));
  }
}
