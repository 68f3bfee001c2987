// Competition seasons: the 2025-2026 season is "anno 2026". An event starting
// after August (in Rome) belongs to the next year's season (spec §2, §9).
import { romeParts, type DateInput } from './romeTime';

/** Seasons in the navbar, newest first. */
export const SEASONS: readonly number[] = [2026, 2025, 2024, 2023];

export function seasonLabel(anno: number): string {
  return `Stagione ${anno - 1}-${anno}`;
}

export function seasonOf(inizio: DateInput): number {
  const { year, month } = romeParts(inizio);
  return month > 8 ? year + 1 : year;
}
