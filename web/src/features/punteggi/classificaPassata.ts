// The commentary's arrows compare the ranking with the one of five minutes
// earlier (spec §2). That ranking is a replay of the whole session up to then:
// 10-15 ms on the 1,000-team session with 40,000 answers here, four times
// that on a phone. It was replayed on every answer (every 2 s under load)
// for the whole contest; the fingerprint below, read instead, takes 2 ms
// (docs/performance.md). It is replayed only when what it is made of changes: the
// instant it is taken at (each minute), the session's setup or parameters,
// or an event at or before that instant (a late entry, a deletion, a
// re-checked answer). An answer after it, the usual case, changes nothing.
import { computeLeaderboard, type LeaderboardEntry, type ScoringEvent } from '@gas/scoring';
import { useMemo } from 'react';
import type { LiveSession } from './live/LiveSession';

/** Arrows compare with the ranking this long ago. */
export const PAST_RANKING_MS = 5 * 60_000;

/** The ranking as it was at `at` (same engine, only the events delivered by then). */
export function pastRanking(session: LiveSession | null, at: number): LeaderboardEntry[] {
  if (!session) return [];
  const setup = { ...session.setup, params: session.customParams ?? session.setup.params };
  const inizio = Date.parse(setup.inizio);
  if (at <= inizio) return [];
  return computeLeaderboard({
    ...setup,
    eventi: session.allEvents(),
    at: new Date(at).toISOString(),
  }).classifica;
}

/**
 * An event's instant, parsed once: the session keeps its event objects, and
 * parsing 40,000 dates on every answer cost more than the rest of the pass.
 */
const istanti = new WeakMap<ScoringEvent, number>();
function istante(e: ScoringEvent): number {
  let t = istanti.get(e);
  if (t === undefined) istanti.set(e, (t = Date.parse(e.d)));
  return t;
}

/**
 * What the ranking at `at` is made of, in one value: the number of events at
 * or before `at` and the sum (mod 2^32) of a hash of each (id, kind, team,
 * problem, outcome, instant). Any event added, removed or changed up to `at`
 * changes it (two changes that cancel out in a 32-bit sum are not a case
 * worth a replay per answer); events after `at` do not count.
 */
export function improntaFino(session: LiveSession, at: number): string {
  let quanti = 0;
  let somma = 0;
  for (const e of session.allEvents()) {
    const t = istante(e);
    if (t > at) continue;
    quanti += 1;
    let h = Math.imul(e.id, 0x9e3779b1);
    h = Math.imul(h ^ e.s, 0x85ebca6b);
    h = Math.imul(h ^ e.p, 0xc2b2ae35);
    h = Math.imul(h ^ (e.k === 'j' ? 2 : e.c ? 1 : 0), 0x27d4eb2f);
    h = Math.imul(h ^ (t | 0) ^ Math.floor(t / 2 ** 32), 0x165667b1);
    somma = (somma + (h >>> 0)) >>> 0;
  }
  return `${quanti}:${somma}`;
}

/**
 * The ranking `PAST_RANKING_MS` before the minute `minute` (a minute number
 * since the epoch), replayed only when its events change (`version` is the
 * session's: each change of it re-reads the fingerprint, a pass over the
 * events with no scoring).
 */
export function useClassificaPassata(
  session: LiveSession | null,
  minute: number,
  version: number,
): LeaderboardEntry[] {
  const at = minute * 60_000 - PAST_RANKING_MS;
  const impronta = useMemo(
    () => (session ? improntaFino(session, at) : ''),
    [session, at, version],
  );
  const setup = session?.setup;
  const params = session?.customParams;
  return useMemo(() => pastRanking(session, at), [session, at, impronta, setup, params]);
}
