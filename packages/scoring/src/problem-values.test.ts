// The value of each problem over time against the values the ranking uses:
// at every instant, a problem's value in the series equals the leaderboard's
// `valori` computed with `at` = that instant (worked examples, hand-made
// cases and random sessions).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLeaderboard } from './compute';
import { LiveScoring } from './live';
import {
  liveProblemValues,
  problemValueHistory,
  valueAt,
  type ProblemValues,
} from './problem-values';
import { at, joker, makeSession, right, START, wrong } from './__fixtures__/sessions';
import type { ScoringEvent, ScoringInput } from './types';
import in1 from './__fixtures__/example-1.input.json';
import out1 from './__fixtures__/example-1.expected.json';
import in2 from './__fixtures__/example-2.input.json';
import out2 from './__fixtures__/example-2.expected.json';
import in3 from './__fixtures__/example-3.input.json';
import out3 from './__fixtures__/example-3.expected.json';

const iso = (t: number) => new Date(t).toISOString();

/**
 * Checks a result against the leaderboard: the current values, the solver
 * and joker counts, the value at each point and at each event instant (and
 * just before it), and that consecutive points differ unless a solve is noted.
 */
function expectMatchesRanking(input: ScoringInput, got: ProblemValues): void {
  const board = computeLeaderboard(input);
  expect(got.problemi.map((p) => p.valore)).toEqual(board.valori);
  got.problemi.forEach((series, p) => {
    const solvers = board.classifica.filter((e) => e.solved[p]).map((e) => e.id);
    expect(series.risolutori.map((r) => r.squadra).sort()).toEqual(solvers.sort());
    const jokers = board.classifica.filter((e) => e.jolly === series.id).map((e) => e.id);
    expect(series.jolly.map((j) => j.squadra).sort()).toEqual(jokers.sort());
  });
  const limit = input.at === undefined ? Infinity : Date.parse(input.at);
  const instants = new Set<number>([Date.parse(input.inizio)]);
  for (const e of input.eventi) if (Date.parse(e.d) <= limit) instants.add(Date.parse(e.d));
  for (const s of got.problemi) for (const pt of s.punti) instants.add(pt.t);
  for (const t of instants) {
    for (const when of [t, t - 1]) {
      if (when < Date.parse(input.inizio)) continue;
      const valori = computeLeaderboard({ ...input, at: iso(Math.min(when, limit)) }).valori;
      expect(got.problemi.map((s) => valueAt(s, when))).toEqual(valori);
    }
  }
  for (const s of got.problemi) {
    for (let k = 1; k < s.punti.length; k++) {
      const [prev, pt] = [s.punti[k - 1]!, s.punti[k]!];
      expect(pt.t).toBeGreaterThan(prev.t);
      expect(pt.cause.length).toBeGreaterThan(0);
      if (pt.valore === prev.valore) expect(pt.cause.some((c) => c.tipo === 'corretta')).toBe(true);
    }
  }
}

const examples = [
  ['example-1', in1, out1],
  ['example-2', in2, out2],
  ['example-3', in3, out3],
] as const;

describe.each(examples)('worked %s', (_name, input, expected) => {
  it('gives the expected current values and the ranking values at every instant', () => {
    const got = problemValueHistory(input as ScoringInput);
    expect(got.problemi.map((p) => p.valore)).toEqual(expected.valori);
    expectMatchesRanking(input as ScoringInput, got);
  });

  it('with `at`, stops at that instant', () => {
    const times = (input as ScoringInput).eventi.map((e) => Date.parse(e.d)).sort((a, b) => a - b);
    const mid = iso(times[Math.floor(times.length / 2)]!);
    const cut = { ...(input as ScoringInput), at: mid };
    const got = problemValueHistory(cut);
    expectMatchesRanking(cut, got);
    for (const s of got.problemi)
      for (const pt of s.punti) expect(pt.t).toBeLessThanOrEqual(Date.parse(mid));
  });
});

describe('causes of a change', () => {
  it('a second solve lowers the value (30 + floor(70 e^(-4/5))), the first only marks the moment', () => {
    const input = makeSession(4, 2, [right(1, 1, 5, 1), right(2, 1, 8, 2)]);
    const [p1, p2] = problemValueHistory(input).problemi;
    expect(p1!.punti.map((p) => p.valore)).toEqual([100, 100, 61]);
    expect(p1!.punti.map((p) => p.cause.map((c) => [c.tipo, c.squadra]))).toEqual([
      [],
      [['corretta', 1]],
      [['corretta', 2]],
    ]);
    expect(p1!.risolutori).toEqual([
      { squadra: 1, t: Date.parse(at(5)) },
      { squadra: 2, t: Date.parse(at(8)) },
    ]);
    expect(p2!.punti).toEqual([{ t: Date.parse(START), valore: 100, cause: [] }]);
  });

  it('wrong answers raise the prize pool up to H per team; jokers move nothing', () => {
    const input = makeSession(4, 1, [
      wrong(1, 1, 1, 1),
      wrong(1, 1, 2, 2),
      wrong(1, 1, 3, 3),
      wrong(1, 1, 4, 4), // the fourth error of team 1: over H = 3, no change
      joker(2, 1, 5, 5),
    ]);
    const [p1] = problemValueHistory(input).problemi;
    // pool = 70 + 20 * errors / 5 (Nref = 5): 74, 78, 82.
    expect(p1!.punti.map((p) => p.valore)).toEqual([100, 104, 108, 112]);
    expect(p1!.punti.slice(1).every((p) => p.cause[0]!.tipo === 'errore')).toBe(true);
    expect(p1!.jolly).toEqual([{ squadra: 2, t: Date.parse(at(5)) }]);
    expectMatchesRanking(input, problemValueHistory(input));
  });

  it("a team's first solve that raises Nref moves the other problems' values", () => {
    // 6 teams: Nref = max(solvers, 3, 5) grows from 5 to 6 with the 6th team.
    const events: ScoringEvent[] = [
      right(1, 2, 1, 1),
      right(2, 2, 1, 2),
      right(3, 1, 2, 3),
      right(4, 1, 2, 4),
      right(5, 1, 2, 5),
      right(6, 1, 9, 6),
    ];
    const input = makeSession(6, 2, events);
    const got = problemValueHistory(input);
    const last = got.problemi[1]!.punti.at(-1)!;
    expect(last.t).toBe(Date.parse(at(9)));
    expect(last.cause).toEqual([{ tipo: 'nref', squadra: 6, evento: 6, problema: 1 }]);
    expect(got.nref).toBe(6);
    expectMatchesRanking(input, got);
  });

  it('the live state gives the same series, also as of a replayed instant', () => {
    const input = in2 as ScoringInput;
    const { eventi, ...setup } = input;
    const live = new LiveScoring(setup, eventi);
    expect(liveProblemValues(live)).toEqual(problemValueHistory(input));
    const t = Date.parse(eventi[Math.floor(eventi.length / 3)]!.d);
    expect(liveProblemValues(live, t)).toEqual(problemValueHistory({ ...input, at: iso(t) }));
  });
});

/** Random sessions with up to 12 teams (Nref moves above 10) and many ties in time. */
const sessionArb: fc.Arbitrary<ScoringInput> = fc
  .record({
    nTeams: fc.integer({ min: 1, max: 12 }),
    nProblems: fc.integer({ min: 1, max: 4 }),
    params: fc.option(
      fc.record({
        MAX_ERRORI_RAISE_MONTEPREMI: fc.integer({ min: 0, max: 4 }),
        ERRORE_PUNTEGGI_RAISE: fc.integer({ min: 0, max: 40 }),
        SCALING_BONUS_MONTEPREMI: fc.constantFrom(0.25, 1, 1.111),
      }),
      { nil: undefined },
    ),
    events: fc.array(
      fc.record({
        k: fc.constantFrom('r', 'r', 'r', 'j'),
        s: fc.integer({ min: 0, max: 12 }),
        p: fc.integer({ min: 0, max: 4 }),
        c: fc.boolean(),
        minute: fc.integer({ min: -1, max: 12 }),
      }),
      { maxLength: 40 },
    ),
    at: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
  })
  .map(({ nTeams, nProblems, params, events, at: cut }) => ({
    inizio: START,
    params,
    problemi: Array.from({ length: nProblems }, (_, i) => ({ id: i + 1, nome: `P${i + 1}` })),
    squadre: Array.from({ length: nTeams }, (_, i) => ({ id: i + 1, nome: `S${i + 1}` })),
    eventi: events.map((e, i): ScoringEvent => {
      // Unknown teams and problems (99) are ignored by both.
      const s = e.s < nTeams ? e.s + 1 : 99;
      const p = e.p < nProblems ? e.p + 1 : 99;
      const base = { id: ((i * 37) % 101) + 1, k: e.k as 'r' | 'j', s, p, d: at(e.minute) };
      return e.k === 'r' ? { ...base, c: e.c } : base;
    }),
    ...(cut === undefined ? {} : { at: at(cut) }),
  }));

describe('properties', () => {
  it('every value equals the ranking value at the same instant', () => {
    fc.assert(
      fc.property(sessionArb, (input) => expectMatchesRanking(input, problemValueHistory(input))),
      { numRuns: 120 },
    );
  });
});
