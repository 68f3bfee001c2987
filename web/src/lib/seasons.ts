// Competition seasons: the 2025-2026 season is "anno 2026". An event starting
// after August (in Rome) belongs to the next year's season (spec §2, §9).
import { romeParts, type DateInput } from './romeTime';

/** The oldest season in the navbar (2022-2023): the site has no events before it. */
export const FIRST_SEASON = 2023;

/**
 * Seasons in the navbar, newest first: the current one (computed from `now`,
 * so the list moves on by itself every September) back to 2022-2023.
 */
export function seasons(now: DateInput = Date.now()): number[] {
  const current = Math.max(seasonOf(now), FIRST_SEASON);
  return Array.from({ length: current - FIRST_SEASON + 1 }, (_, i) => current - i);
}

export function seasonLabel(anno: number): string {
  return `Stagione ${anno - 1}-${anno}`;
}

export function seasonOf(inizio: DateInput): number {
  const { year, month } = romeParts(inizio);
  return month > 8 ? year + 1 : year;
}
