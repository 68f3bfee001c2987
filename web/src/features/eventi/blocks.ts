// Which events a list shows and in which block (spec §2 "Event lists").
import type { Evento } from '@gas/contracts';
import { seasonOf } from '../../lib/seasons';

const DAY_MS = 86_400_000;

export interface Blocchi {
  /** End + 1 day still in the future, by start (soonest first). */
  programmati: Evento[];
  /** The others, newest first. */
  passati: Evento[];
}

export function splitEventi(eventi: readonly Evento[], now: number = Date.now()): Blocchi {
  const programmati: Evento[] = [];
  const passati: Evento[] = [];
  for (const evento of eventi) {
    if (new Date(evento.fine).getTime() + DAY_MS > now) programmati.push(evento);
    else passati.push(evento);
  }
  const start = (e: Evento) => new Date(e.inizio).getTime();
  programmati.sort((a, b) => start(a) - start(b) || a.id - b.id);
  passati.sort((a, b) => start(b) - start(a) || b.id - a.id);
  return { programmati, passati };
}

/** Events of a season: one starting after August counts for the next year. */
export function eventiDellAnno(eventi: readonly Evento[], anno: number): Evento[] {
  return eventi.filter((e) => seasonOf(e.inizio) === anno);
}

/** A season already over: its scheduled block is hidden. */
export function isPastSeason(anno: number, now: number = Date.now()): boolean {
  return anno < seasonOf(now);
}
