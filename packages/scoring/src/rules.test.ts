// One case per rule of shared/scoring.md. Expected numbers are written as the
// rule's own formula (or worked out by hand) so that each test reads as the rule.
import { describe, expect, it } from 'vitest';
import { computeLeaderboard } from './compute';
import { at, entryOf, joker, makeSession, right, team, wrong } from './__fixtures__/sessions';
import type { ScoringEvent, ScoringInput } from './types';

const floor = Math.floor;
const exp = Math.exp;
/** Ten teams (N / 2 = 5, so Nref = max(solvers, 5)), two problems, 2025 rules. */
const board = (events: ScoringEvent[], extra: Partial<ScoringInput> = {}) =>
  computeLeaderboard(makeSession(10, 2, events, extra));
const points = (b: ReturnType<typeof board>, id: number) => entryOf(b, id).punti_parziali;
const total = (b: ReturnType<typeof board>, id: number) => entryOf(b, id).totale;

describe('a correct answer', () => {
  it('scores the value of the problem plus the speed bonus, and activates the team', () => {
    const b = board([right(1, 1, 1)]);
    expect(b.valori).toEqual([100, 100]); // B + floor(M + 0), nobody else solved it
    expect(points(b, 1)).toEqual([120, 0]); // value 100 + bonus floor(20 * e^0)
    expect(total(b, 1)).toBe(120 + 10 * 2); // plus the starting capital E * n
    expect(total(b, 2)).toBe(0); // inactive after 2023-07-01: no capital
  });

  it('lowers the value for every solver and gives later solvers a smaller bonus', () => {
    const b = board([right(1, 1, 1), right(2, 1, 2)]);
    const value = 30 + floor(70 * exp((-4 * 1) / 5));
    expect(value).toBe(61);
    expect(b.valori[0]).toBe(value);
    expect(points(b, 1)[0]).toBe(value + 20);
    expect(points(b, 2)[0]).toBe(value + floor(20 * exp((-4 * 1) / Math.sqrt(4 * 5))));
    expect(points(b, 2)[0]).toBe(61 + 8);
  });

  it('orders events by delivery time, then by id', () => {
    const b = board([right(2, 1, 1, 51), right(1, 1, 1, 50), right(3, 1, 0.5, 52)]);
    const bonus = (r: number) => floor(20 * exp((-4 * r) / Math.sqrt(4 * 5)));
    expect(points(b, 3)[0]! - b.valori[0]!).toBe(bonus(0)); // earliest time
    expect(points(b, 1)[0]! - b.valori[0]!).toBe(bonus(1)); // same time as team 2, lower id
    expect(points(b, 2)[0]! - b.valori[0]!).toBe(bonus(2));
  });

  it('freezes the speed bonus with Nref taken right after the solve', () => {
    // 12 teams: N / 2 = 6. Teams 1..7 solve P1; then teams 8..12 solve P2,
    // raising Nref to 12: the P1 bonuses keep the Nref of their moment.
    const events = [1, 2, 3, 4, 5, 6, 7].map((t) => right(t, 1, t));
    for (const t of [8, 9, 10, 11, 12]) events.push(right(t, 2, 10 + t));
    const b = computeLeaderboard(makeSession(12, 2, events));
    const value = 30 + floor(70 * exp((-4 * 6) / 12));
    expect(b.valori[0]).toBe(value);
    expect(points(b, 6)[0]).toBe(value + floor(20 * exp((-4 * 5) / Math.sqrt(4 * 6))));
    expect(points(b, 7)[0]).toBe(value + floor(20 * exp((-4 * 6) / Math.sqrt(4 * 7))));
  });

  it('gives the completion bonus, frozen, to teams that solve every problem', () => {
    const b = board([right(1, 1, 1), right(1, 2, 2), right(2, 2, 3), right(2, 1, 4)]);
    const full1 = floor(20 * 2 * exp(0));
    const full2 = floor(20 * 2 * exp((-4 * 1) / Math.sqrt(2 * 5)));
    expect([full1, full2]).toEqual([40, 11]);
    const sum = (id: number) => points(b, id).reduce((a, x) => a + x, 0);
    expect(total(b, 1)).toBe(sum(1) + full1 + 20);
    expect(total(b, 2)).toBe(sum(2) + full2 + 20);
  });
});

describe('wrong answers', () => {
  it('cost E each and raise the prize pool by A / Nref per error, at most H per team', () => {
    const events = [1, 2, 3, 4, 5].map((m) => wrong(1, 1, m));
    events.push(wrong(3, 1, 6), wrong(3, 1, 7), right(2, 1, 8));
    const b = board(events);
    expect(points(b, 1)).toEqual([-50, 0]);
    expect(points(b, 3)).toEqual([-20, 0]);
    const pool = 70 + (20 * (3 + 2)) / 5; // min(H, 5) + min(H, 2)
    expect(b.valori[0]).toBe(30 + floor(pool));
    expect(points(b, 2)[0]).toBe(30 + floor(pool) + 20);
  });

  it('count N / 2 unrounded in Nref', () => {
    const odd = computeLeaderboard(makeSession(21, 1, [wrong(1, 1, 1)]));
    expect(odd.valori[0]).toBe(30 + floor(70 + 20 / 10.5)); // 101
    const even = computeLeaderboard(makeSession(20, 1, [wrong(1, 1, 1)]));
    expect(even.valori[0]).toBe(30 + floor(70 + 20 / 10)); // 102
    const few = computeLeaderboard(makeSession(4, 1, [wrong(1, 1, 1)]));
    expect(few.valori[0]).toBe(30 + floor(70 + 20 / 5)); // Nref is at least 5
  });
});

describe('the joker', () => {
  it('doubles the points of its problem, negative ones too', () => {
    const b = board([joker(1, 1, 0), wrong(1, 1, 1), wrong(1, 1, 2), joker(2, 2, 0)]);
    expect(points(b, 1)).toEqual([-40, 0]);
    expect(entryOf(b, 1).punti_jolly).toBe(-40);
    expect(total(b, 1)).toBe(-40 + 20);
    expect(entryOf(b, 2).jolly).toBe(2);
    expect(total(b, 2)).toBe(20); // a joker alone makes the team active
  });

  it('chosen after errors and before the solve doubles both', () => {
    const b = board([wrong(1, 1, 1), joker(1, 1, 2), right(1, 1, 3)]);
    const pool = 70 + 20 / 5;
    expect(points(b, 1)[0]).toBe(2 * (30 + floor(pool) + 20 - 10));
  });

  it('a second joker is ignored, as is one on an unknown problem', () => {
    const b = board([joker(1, 1, 0), joker(1, 2, 1), joker(2, 99, 0), right(1, 2, 2)]);
    expect(entryOf(b, 1).jolly).toBe(1);
    expect(points(b, 1)).toEqual([0, 120]);
    expect(entryOf(b, 2).jolly).toBeNull();
    expect(total(b, 2)).toBe(0); // still inactive
  });
});

describe('ignored events', () => {
  it('answers to a solved problem have no effect at all', () => {
    const b = board([right(1, 1, 1), wrong(1, 1, 2), right(1, 1, 3), right(2, 1, 4)]);
    expect(points(b, 1)[0]).toBe(b.valori[0]! + 20); // no error counted
    expect(b.valori[0]).toBe(30 + floor(70 * exp(-4 / 5))); // pool not raised, 2 solvers
    expect(points(b, 2)[0]).toBe(b.valori[0]! + floor(20 * exp(-4 / Math.sqrt(20)))); // rank 1
  });

  it('events for unknown teams or problems are ignored', () => {
    const b = board([right(99, 1, 0), wrong(1, 99, 0), right(1, 1, 1)]);
    expect(points(b, 1)).toEqual([120, 0]); // rank 0, and no error
    expect(b.classifica).toHaveLength(10);
  });
});

describe('starting capital (E * n)', () => {
  const events = [right(1, 1, 1)];
  it('goes to every team for sessions starting before 2023-07-01 Rome time', () => {
    const b = board(events, { inizio: '2023-06-30T21:59:59.999Z' });
    expect(total(b, 2)).toBe(20);
    expect(total(b, 1)).toBe(120 + 20);
  });

  it('goes only to active teams from 2023-07-01 00:00 Rome time', () => {
    for (const inizio of ['2023-06-30T22:00:00Z', '2023-07-01T00:00:00+02:00']) {
      const b = board(events, { inizio });
      expect(total(b, 2)).toBe(0);
      expect(total(b, 1)).toBe(120 + 20);
    }
    const b = board([wrong(2, 1, 1)]);
    expect(total(b, 2)).toBe(20 - 10); // a wrong answer also activates
  });
});

describe('teams', () => {
  it('guests count in N and Nref and take ranks on problems, but get no position', () => {
    const input = makeSession(10, 2, [right(1, 1, 1), right(2, 1, 2)]);
    input.squadre = input.squadre.map((t) => (t.id === 1 ? { ...t, ospite: true } : t));
    const b = computeLeaderboard(input);
    expect(entryOf(b, 1).posizione).toBeNull();
    expect(b.classifica[0]!.id).toBe(1); // listed in place
    expect(entryOf(b, 2).posizione).toBe(1);
    expect(points(b, 2)[0]).toBe(b.valori[0]! + floor(20 * exp(-4 / Math.sqrt(20))));
  });

  it('penalties are subtracted from the total, active or not', () => {
    const input = makeSession(10, 2, [right(1, 1, 1)]);
    input.squadre = input.squadre.map((t) => ({ ...t, penalita: t.id <= 2 ? 15 : 0 }));
    const b = computeLeaderboard(input);
    expect(total(b, 1)).toBe(140 - 15);
    expect(total(b, 2)).toBe(-15);
  });
});

it('custom parameters replace the defaults', () => {
  const params = {
    PTI_TOLTI_ERRORE: 5,
    PTI_BASE_MONTEPREMI: 50,
    MAX_ERRORI_RAISE_MONTEPREMI: 1,
    ERRORE_PUNTEGGI_RAISE: 10,
    PUNTEGGIO_BASE_PROBLEMI: 20,
    BONUS_VELOCITA: 10,
    SCALING_BONUS_VELOCITA: 2,
    SCALING_BONUS_MONTEPREMI: 0.5,
  };
  const events = [wrong(1, 1, 1), wrong(1, 1, 2), right(2, 1, 3), right(3, 1, 4)];
  const b = board(events, { params });
  const pool = 50 + (10 * 1) / 5; // H = 1
  const value = 20 + floor(pool * exp((-4 * 1) / (0.5 * 5)));
  expect(b.valori[0]).toBe(value);
  expect(points(b, 1)[0]).toBe(-10);
  expect(points(b, 2)[0]).toBe(value + floor(10 * exp(0)));
  expect(points(b, 3)[0]).toBe(value + floor(10 * exp((-4 * 1) / (2 * Math.sqrt(4 * 5)))));
  expect(total(b, 3)).toBe(points(b, 3)[0]! + 5 * 2);
  // A partial set keeps the other defaults.
  expect(board([right(1, 1, 1)], { params: { BONUS_VELOCITA: 7 } }).valori).toEqual([100, 100]);
});

it('`at` keeps only the events delivered at or before it', () => {
  const events = [right(1, 1, 1), right(2, 1, 10)];
  expect(points(board(events, { at: at(10) }), 2)[0]).toBeGreaterThan(0);
  const before = board(events, { at: new Date(Date.parse(at(10)) - 1).toISOString() });
  expect(points(before, 2)[0]).toBe(0);
  expect(before.valori[0]).toBe(100);
});

it('flags as new the cells with an effective event in the 180 s up to now', () => {
  const events = [right(1, 1, 1), wrong(2, 2, 10), right(1, 1, 11), joker(3, 1, 12)];
  const b = computeLeaderboard(makeSession(10, 2, events), { now: at(12) });
  expect(entryOf(b, 1).new).toEqual([false, false]); // the answer after the solve does nothing
  expect(entryOf(b, 2).new).toEqual([false, true]);
  expect(entryOf(b, 3).new).toEqual([true, false]);
  const later = computeLeaderboard(makeSession(10, 2, events), { now: at(13) });
  expect(entryOf(later, 2).new).toEqual([false, false]); // exactly 180 s ago: no longer new
  expect(entryOf(later, 3).new).toEqual([true, false]);
  expect(entryOf(board(events), 3).new).toEqual([false, false]); // no `now`, no `at`
});

it('entries carry the spec fields', () => {
  const input = makeSession(3, 2, [joker(1, 2, 0), right(1, 2, 1)]);
  input.squadre = [team(1, { scuola: 7, ordine_eta: 3 }), team(2), team(3)];
  const e = entryOf(computeLeaderboard(input), 1);
  expect(e).toMatchObject({
    posizione: 1,
    id: 1,
    nome: 'Squadra 1',
    ospite: false,
    jolly: 2,
    solved: [false, true],
    new: [false, false],
    scuola: 7,
    ordine_eta: 3,
    penalita: 0,
  });
  expect(e.totale).toBe(e.punti_parziali[1]! + 20);
});
