// The answers' part of a snapshot's fingerprint, computed the same way by
// PostgreSQL (queries.ts, improntaSql) and here: how many answers count and the sum,
// modulo 2^52, of each one's hash. A sum, unlike a hash of the answers in
// order, can be kept up to date one answer at a time: the snapshot cache
// (cache.ts) adds or takes away the hash of each answer it applies, and its
// fingerprint check then compares with the database's without rebuilding.
// Each hash covers exactly what the ranking reads of an answer (the scoring
// event: id, kind, team, problem, outcome, millisecond).
import { createHash } from 'node:crypto';
import type { ScoringEvent } from '@gas/scoring';

/** 2^52: every hash and every partial sum stays an exact JavaScript number. */
export const MODULO_IMPRONTE = 2 ** 52;

/** The hash of a scoring event: the first 52 bits of an md5, as improntaSql (queries.ts). */
export function improntaEvento(e: ScoringEvent): number {
  const esito = e.k === 'j' ? '' : e.c ? '1' : '0';
  const testo = `${e.id}:${e.k}:${e.s}:${e.p}:${esito}:${Date.parse(e.d)}`;
  return parseInt(createHash('md5').update(testo).digest('hex').slice(0, 13), 16);
}

/** The answers' part of a fingerprint: `count:sum`. */
export type SommaRisposte = { quante: number; somma: number };

export function sommaDaTesto(testo: string): SommaRisposte | null {
  const match = /^(\d+):(\d+)$/.exec(testo);
  return match ? { quante: Number(match[1]), somma: Number(match[2]) } : null;
}

export const testoDaSomma = (s: SommaRisposte) => `${s.quante}:${s.somma}`;

/** With `e` counted (segno 1) or no longer counted (segno -1). */
export function conEvento(s: SommaRisposte, e: ScoringEvent, segno: 1 | -1): SommaRisposte {
  const h = improntaEvento(e);
  const somma =
    segno === 1
      ? (s.somma + h) % MODULO_IMPRONTE
      : (s.somma - h + MODULO_IMPRONTE) % MODULO_IMPRONTE;
  return { quante: s.quante + segno, somma };
}
