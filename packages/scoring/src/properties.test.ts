// Property tests (fast-check) of the live state machine against the one-shot
// evaluation, on small random sessions with many ties in time and rank.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLeaderboard } from './compute';
import { scoreChangePoints, scoreHistory } from './history';
import { LiveScoring } from './live';
import { prepareSession, resolveEvents } from './session';
import { ScoreState } from './state';
import { at, START } from './__fixtures__/sessions';
import type { ScoringEvent, ScoringInput } from './types';

const RUNS = 150;
const OLD_START = '2023-02-01T09:00:00.000Z';

/** A small random session: unknown teams/problems (id 99), equal times and names. */
const sessionArb: fc.Arbitrary<ScoringInput> = fc
  .record({
    nTeams: fc.integer({ min: 1, max: 7 }),
    nProblems: fc.integer({ min: 1, max: 4 }),
    before2023: fc.boolean(),
    params: fc.option(
      fc.record({
        PTI_TOLTI_ERRORE: fc.integer({ min: 0, max: 15 }),
        MAX_ERRORI_RAISE_MONTEPREMI: fc.integer({ min: 0, max: 4 }),
        BONUS_VELOCITA: fc.integer({ min: 0, max: 30 }),
        SCALING_BONUS_VELOCITA: fc.constantFrom(0.5, 1, 1.7),
        SCALING_BONUS_MONTEPREMI: fc.constantFrom(0.25, 1, 1.111),
      }),
      { nil: undefined },
    ),
    teams: fc.array(
      fc.record({
        ospite: fc.constantFrom(false, false, false, false, true),
        ordine_eta: fc.integer({ min: 1, max: 2 }),
        penalita: fc.constantFrom(0, 0, 5),
        nome: fc.constantFrom('Squadra 1', 'Squadra 2', 'Squadra 10', 'Alfa'),
      }),
      { minLength: 7, maxLength: 7 },
    ),
    events: fc.array(
      fc.record({
        k: fc.constantFrom('r', 'r', 'r', 'j'),
        s: fc.integer({ min: 0, max: 7 }),
        p: fc.integer({ min: 0, max: 4 }),
        c: fc.boolean(),
        minute: fc.integer({ min: 0, max: 12 }),
      }),
      { maxLength: 30 },
    ),
  })
  .map(({ nTeams, nProblems, before2023, params, teams, events }) => ({
    // Sessions before 2023-07-01 give every team the capital; events are
    // timed relative to the start.
    inizio: before2023 ? OLD_START : START,
    params,
    problemi: Array.from({ length: nProblems }, (_, i) => ({ id: i + 1, nome: `P${i + 1}` })),
    squadre: teams.slice(0, nTeams).map((t, i) => ({ id: i + 1, ...t })),
    eventi: events.map((e, i): ScoringEvent => {
      const s = e.s < nTeams ? e.s + 1 : 99;
      const p = e.p < nProblems ? e.p + 1 : 99;
      // Ids not in time order, so that ties on d are broken by a shuffled id.
      const d = before2023 ? at(e.minute, Date.parse(OLD_START)) : at(e.minute);
      const base = { id: ((i * 37) % 101) + 1, k: e.k as 'r' | 'j', s, p, d };
      return e.k === 'r' ? { ...base, c: e.c } : base;
    }),
  }));

/** A session and a permutation of its events (an arrival order). */
const arrivalArb = sessionArb.chain((input) =>
  fc
    .shuffledSubarray(input.eventi as ScoringEvent[], {
      minLength: input.eventi.length,
      maxLength: input.eventi.length,
    })
    .map((order) => ({ input, order })),
);

/** ISO time `minute` minutes after the session start. */
const atFor = (input: ScoringInput, minute: number) => at(minute, Date.parse(input.inizio));

function fresh(input: ScoringInput): LiveScoring {
  const { eventi: _ignored, ...setup } = input;
  return new LiveScoring(setup);
}

describe('properties', () => {
  it('any arrival order gives the same final state as the sorted replay', () => {
    fc.assert(
      fc.property(arrivalArb, ({ input, order }) => {
        const live = fresh(input);
        for (const e of order) live.apply(e);
        const { eventi, ...setup } = input;
        const sorted = new LiveScoring(setup, eventi);
        expect(live.snapshot()).toEqual(sorted.snapshot());
        expect(live.leaderboard()).toEqual(computeLeaderboard(input));
      }),
      { numRuns: RUNS },
    );
  });

  it('the incremental state equals a full recompute after every event', () => {
    fc.assert(
      fc.property(arrivalArb, ({ input, order }) => {
        const live = fresh(input);
        const now = atFor(input, 6);
        order.forEach((e, i) => {
          live.apply(e);
          const sofar = { ...input, eventi: order.slice(0, i + 1) };
          expect(live.leaderboard(now)).toEqual(computeLeaderboard(sofar, { now }));
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('apply then undo (or remove) returns the identical state', () => {
    const arb = arrivalArb.chain(({ input, order }) =>
      fc.record({
        input: fc.constant(input),
        order: fc.constant(order),
        k: fc.integer({ min: 0, max: order.length }),
        extra: fc.record({
          s: fc.integer({ min: 1, max: 3 }),
          p: fc.integer({ min: 1, max: 2 }),
          c: fc.boolean(),
          minute: fc.integer({ min: 0, max: 13 }),
        }),
      }),
    );
    fc.assert(
      fc.property(arb, ({ input, order, k, extra }) => {
        const live = fresh(input);
        for (const e of order.slice(0, k)) live.apply(e);
        const snapshot = live.snapshot();
        const board = live.leaderboard(atFor(input, 5));
        const d = atFor(input, extra.minute);
        const e: ScoringEvent = { id: 5000, k: 'r', s: extra.s, p: extra.p, c: extra.c, d };
        const result = live.apply(e);
        if (result === 'applied') live.undo();
        else live.remove(e.id);
        expect(live.snapshot()).toEqual(snapshot);
        expect(live.leaderboard(atFor(input, 5))).toEqual(board);
      }),
      { numRuns: RUNS },
    );
  });

  it('totals equal the sum of their parts', () => {
    fc.assert(
      fc.property(sessionArb, (input) => {
        const live = fresh(input);
        for (const e of input.eventi) live.apply(e);
        const board = live.leaderboard();
        const snap = live.snapshot();
        const session = prepareSession(input);
        const E = session.params.PTI_TOLTI_ERRORE;
        const n = input.problemi.length;
        for (const entry of board.classifica) {
          const cells = snap.squadre[entry.id]!;
          const bonus = snap.bonus_velocita[entry.id]!;
          input.problemi.forEach((p, i) => {
            const [solved, errors] = cells[i]!;
            const pts = (solved ? board.valori[i]! + bonus[i]! : 0) - E * errors;
            expect(entry.punti_parziali[i]).toBe(entry.jolly === p.id ? 2 * pts : pts);
          });
          const active = session.capitalForAll || snap.attive.includes(entry.id);
          const parts =
            entry.punti_parziali.reduce((a, x) => a + x, 0) +
            (snap.bonus_completamento[entry.id] ?? 0) +
            (active ? E * n : 0) -
            (snap.penalizzate[entry.id] ?? 0);
          expect(entry.totale).toBe(parts);
        }
        // The fast totals (kept with deltas) equal the definition, team by team.
        const state = new ScoreState(session);
        for (const e of resolveEvents(session, input.eventi)) state.apply(e.ti, e.pi, e.kind, e.id);
        const values = state.values();
        const totals = state.totals(values, new Float64Array(state.nTeams));
        totals.forEach((t, ti) => expect(t).toBe(state.teamTotal(ti, values)));
      }),
      { numRuns: RUNS },
    );
  });

  it('the history matches the leaderboard at every sample and change point', () => {
    fc.assert(
      fc.property(sessionArb, (input) => {
        const totalsAt = (t: number) => {
          const b = computeLeaderboard({ ...input, at: new Date(t).toISOString() });
          return new Map(b.classifica.map((e) => [e.id, e.totale]));
        };
        const sampled = scoreHistory(input, { stepMs: 150_000 });
        sampled.tempi.forEach((t, k) => {
          const totals = totalsAt(t);
          for (const s of sampled.squadre) expect(s.punteggi[k]).toBe(totals.get(s.id));
        });
        // Exact: at every event time, each team's total is its last change point.
        const exact = scoreChangePoints(input);
        const times = [...new Set(input.eventi.map((e) => Date.parse(e.d)))];
        for (const t of times) {
          const totals = totalsAt(t);
          for (const s of exact) {
            const k = s.tempi.filter((x) => x <= t).length - 1;
            expect(s.punteggi[k]).toBe(totals.get(s.id));
          }
        }
        for (const s of exact) {
          for (let k = 1; k < s.punteggi.length; k++) {
            expect(s.punteggi[k]).not.toBe(s.punteggi[k - 1]);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
