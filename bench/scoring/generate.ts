// A deterministic synthetic session: 1,000 teams, 40 problems, 40,000 events
// over two hours. Team skill and problem difficulty vary, so some problems are
// solved by most teams and some by few; about 2% of the events carry a
// delivery time up to 30 minutes before their arrival (answers typed in late),
// as happens on a contest day.
import type { ScoringEvent, ScoringInput } from '@gas/scoring';

/** Small, fast, seedable PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  teams?: number;
  problems?: number;
  events?: number;
  durationMin?: number;
  seed?: number;
}

export const START = Date.UTC(2025, 1, 20, 9, 0, 0);

export function generateSession(o: GenerateOptions = {}): ScoringInput {
  const nTeams = o.teams ?? 1000;
  const nProblems = o.problems ?? 40;
  const nEvents = o.events ?? 40_000;
  const durationMs = (o.durationMin ?? 120) * 60_000;
  const random = rng(o.seed ?? 20250220);
  const problemi = Array.from({ length: nProblems }, (_, i) => ({
    id: 100 + i,
    nome: `P${i + 1}`,
  }));
  const squadre = Array.from({ length: nTeams }, (_, i) => ({
    id: 1000 + i,
    nome: `Squadra ${i + 1}`,
    ospite: i % 50 === 49,
    ordine_eta: 1 + Math.floor(random() * 5),
    penalita: i % 97 === 0 ? 10 : 0,
    scuola: 1 + Math.floor(i / 5),
  }));
  const skill = squadre.map(() => 0.15 + 0.8 * random());
  const ease = problemi.map(() => 0.2 + 0.8 * random());
  const drafts: { t: number; k: 'r' | 'j'; s: number; p: number; c?: boolean }[] = [];
  // One joker per team in the first 20 minutes.
  for (let i = 0; i < nTeams; i++) {
    const p = problemi[Math.floor(random() * nProblems)]!.id;
    drafts.push({ t: random() * 20 * 60_000, k: 'j', s: squadre[i]!.id, p });
  }
  while (drafts.length < nEvents) {
    const ti = Math.floor(random() * nTeams);
    const pi = Math.floor(random() * nProblems);
    const c = random() < skill[ti]! * ease[pi]!;
    drafts.push({ t: random() * durationMs, k: 'r', s: squadre[ti]!.id, p: problemi[pi]!.id, c });
  }
  // Ids in arrival order; a few events were delivered up to 30 minutes earlier.
  drafts.sort((a, b) => a.t - b.t);
  const eventi: ScoringEvent[] = drafts.map((e, i) => {
    const late = random() < 0.02 ? random() * 30 * 60_000 : 0;
    const d = new Date(START + Math.max(0, Math.round(e.t - late))).toISOString();
    const base = { id: i + 1, k: e.k, s: e.s, p: e.p, d };
    return e.k === 'r' ? { ...base, c: e.c } : base;
  });
  return { inizio: new Date(START).toISOString(), problemi, squadre, eventi };
}
