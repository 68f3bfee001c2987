import type { Evento } from '../api/types';

/** 'Evento corrente': starting within this window of now, in either direction (spec §9). */
export const CURRENT_EVENT_WINDOW_MS = 172_800_000;

/** The event whose start is closest to now, if within two days; else null. */
export function findCurrentEvent<T extends Pick<Evento, 'inizio'>>(
  eventi: readonly T[],
  now: number = Date.now(),
): T | null {
  let best: T | null = null;
  let bestDistance = Infinity;
  for (const evento of eventi) {
    const distance = Math.abs(new Date(evento.inizio).getTime() - now);
    if (distance <= CURRENT_EVENT_WINDOW_MS && distance < bestDistance) {
      best = evento;
      bestDistance = distance;
    }
  }
  return best;
}
