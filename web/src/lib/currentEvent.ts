import type { Evento } from '@gas/contracts';

/** 'Evento corrente': starting within this window of now, in either direction (spec §9). */
export const CURRENT_EVENT_WINDOW_MS = 172_800_000;

type Candidate = Pick<Evento, 'inizio'> & Partial<Pick<Evento, 'fine' | 'tipologia'>>;

/**
 * The navbar's 'Evento corrente' among the events starting within two days of
 * now: one of the user's own first (`mio`: he has teams in it or is its
 * administrator or inseritore — a manager is taken to his contest, not to the
 * demo, issue 26), then an official event (a teacher's training the same
 * evening must not hide the national contest), then one running now, then the
 * closest start. Null when none is in the window.
 */
export function findCurrentEvent<T extends Candidate>(
  eventi: readonly T[],
  now: number = Date.now(),
  mio: (evento: T) => boolean = () => false,
): T | null {
  const rank = (e: T) => {
    const inizio = new Date(e.inizio).getTime();
    const fine = e.fine ? new Date(e.fine).getTime() : inizio;
    return {
      mine: mio(e) ? 0 : 1,
      official: e.tipologia === 'o' ? 0 : 1,
      running: inizio <= now && now < fine ? 0 : 1,
      distance: Math.abs(inizio - now),
    };
  };
  let best: T | null = null;
  let bestRank: ReturnType<typeof rank> | null = null;
  for (const evento of eventi) {
    const r = rank(evento);
    if (r.distance > CURRENT_EVENT_WINDOW_MS) continue;
    if (!bestRank || better(r, bestRank)) {
      best = evento;
      bestRank = r;
    }
  }
  return best;
}

/** Field by field: the first difference decides. */
type Rank = { mine: number; official: number; running: number; distance: number };
function better(a: Rank, b: Rank): boolean {
  return (
    (a.mine - b.mine ||
      a.official - b.official ||
      a.running - b.running ||
      a.distance - b.distance) < 0
  );
}
