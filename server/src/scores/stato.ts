// A session's scoring kept up to date one answer at a time, so that the
// snapshot cache (cache.ts) need not read and replay a session's 40,000
// answers after each one (docs/performance.md, the storm). It holds what a
// rebuild would load (SessionData) with the scoring engine that replayed it,
// and applies each committed answer, joker, re-checked answer or deletion to
// both; its fingerprint follows (impronte.ts), so the cache's periodic check
// against the database still catches anything that did not come through the
// change stream, and then rebuilds. Whatever it cannot apply exactly (an
// answer on the very millisecond a window opens or closes, a team the
// engine does not know) it refuses, and the cache rebuilds instead.
import type { ModificaGara } from '@gas/contracts';
import type { LiveScoring, ScoringEvent } from '@gas/scoring';
import { replayOf, snapshotOf, type SessionData, type SessioneSnapshot } from './build';
import { conEvento, sommaDaTesto, testoDaSomma, type SommaRisposte } from './impronte';

export type ModificaRisposta = Extract<ModificaGara, { tipo: 'consegna' | 'consegna_eliminata' }>;

/** Whether an event counts for the ranking; `incerto` on a window's own millisecond. */
type Finestra = 'dentro' | 'fuori' | 'incerto';

export class StatoSessione {
  /** The events of `data`, by id. */
  private readonly perId: Map<number, ScoringEvent>;
  /**
   * Whether `data.eventi` is also a snapshot's (made since the array was last
   * copied, or the build's): then it is copied before it changes, so that a
   * snapshot keeps its events. Otherwise an answer changes it in place: a
   * copy per answer made the answers' path O(events), and a session with
   * the scores page warmed up took half the answers a second it took
   * before (docs/performance.md, 28 November).
   */
  private eventiCondivisi = true;

  private constructor(
    private data: SessionData,
    private readonly live: LiveScoring,
    /** The fingerprint's part that answers do not move (queries.ts). */
    private readonly base: string,
    private somma: SommaRisposte,
  ) {
    this.perId = new Map(data.eventi.map((e) => [e.id, e]));
  }

  /** From a session as loaded (loadSessionData); null when its fingerprint has no answers' sum. */
  static da(data: SessionData): StatoSessione | null {
    const cut = data.fingerprint.lastIndexOf('|');
    const somma = cut < 0 ? null : sommaDaTesto(data.fingerprint.slice(cut + 1));
    if (somma === null) return null;
    return new StatoSessione(data, replayOf(data), data.fingerprint.slice(0, cut), somma);
  }

  /** The snapshot of the session as it now stands. */
  snapshot(ora: Date): SessioneSnapshot {
    this.eventiCondivisi = true;
    return snapshotOf(this.data, this.live, ora);
  }

  /**
   * Applies a committed change of one answer or joker of this session; false
   * when it cannot be applied exactly (the state is then unusable: rebuild).
   */
  applica(modifica: ModificaRisposta): boolean {
    const prima = this.perId.get(modifica.tipo === 'consegna' ? modifica.evento.id : modifica.id);
    if (modifica.tipo === 'consegna_eliminata') {
      // An answer that did not count (outside the windows) changes nothing.
      if (prima) this.togli(prima);
      return true;
    }
    const evento = modifica.evento as ScoringEvent;
    const finestra = this.finestra(evento);
    if (finestra === 'incerto') return false;
    // Already read by the build that made this state (the build came after the commit).
    if (prima && finestra === 'dentro' && stessoEvento(prima, evento)) return true;
    if (prima) this.togli(prima);
    if (finestra === 'fuori') return true;
    const esito = this.live.apply(evento);
    if (esito !== 'applied' && esito !== 'inserted') return false;
    this.metti(evento);
    return true;
  }

  private metti(evento: ScoringEvent): void {
    const eventi = this.eventiDaCambiare();
    eventi.splice(posizioneDi(eventi, evento), 0, evento);
    this.perId.set(evento.id, evento);
    this.somma = conEvento(this.somma, evento, 1);
    this.cambia(eventi);
  }

  private togli(evento: ScoringEvent): void {
    this.live.remove(evento.id);
    const eventi = this.eventiDaCambiare();
    // Looked for where metti puts it (time, then id), else anywhere.
    let i = posizioneDi(eventi, evento);
    if (eventi[i]?.id !== evento.id) i = eventi.findIndex((e) => e.id === evento.id);
    if (i >= 0) eventi.splice(i, 1);
    this.perId.delete(evento.id);
    this.somma = conEvento(this.somma, evento, -1);
    this.cambia(eventi);
  }

  /** `data.eventi`, copied first if a snapshot holds it. */
  private eventiDaCambiare(): ScoringEvent[] {
    if (this.eventiCondivisi) {
      this.data = { ...this.data, eventi: this.data.eventi.slice() };
      this.eventiCondivisi = false;
    }
    return this.data.eventi as ScoringEvent[];
  }

  /** A new data object with the new fingerprint (a snapshot keeps the one it was made from). */
  private cambia(eventi: ScoringEvent[]): void {
    const fingerprint = `${this.base}|${testoDaSomma(this.somma)}`;
    this.data = { ...this.data, eventi, fingerprint };
  }

  /**
   * As countsForScores (db/contest-window.ts) decides in the database, which
   * keeps microseconds: the event's time and the bounds here are cut to the
   * millisecond, so only an event on a bound's own millisecond is uncertain.
   */
  private finestra(evento: ScoringEvent): Finestra {
    const { inizio, fine, fineConsegnaJolly } = this.data.evento;
    const t = Date.parse(evento.d);
    const da = inizio.getTime();
    const a = (evento.k === 'j' ? (fineConsegnaJolly ?? fine) : fine).getTime();
    if (t < da || t > a) return 'fuori';
    if (t === da || t === a) return 'incerto';
    return 'dentro';
  }
}

function stessoEvento(a: ScoringEvent, b: ScoringEvent): boolean {
  return a.k === b.k && a.s === b.s && a.p === b.p && a.d === b.d && a.c === b.c;
}

/** Where `evento` goes in events ordered as the database reads them (time, then id). */
function posizioneDi(eventi: readonly ScoringEvent[], evento: ScoringEvent): number {
  let lo = 0;
  let hi = eventi.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const e = eventi[mid]!;
    if (e.d < evento.d || (e.d === evento.d && e.id < evento.id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
