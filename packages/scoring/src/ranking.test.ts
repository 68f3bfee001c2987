// The ranking chain: each comparator alone, with arguments in both orders,
// then the chain, ties (1, 2, 2, 4) and guests.
import { describe, expect, it } from 'vitest';
import { computeLeaderboard } from './compute';
import {
  assignPositions,
  byAgeOrder,
  byId,
  byJokerPoints,
  byName,
  byTotal,
  chain,
  compareRanking,
  type Comparator,
  rankingChain,
  rankRows,
  type RankKey,
  samePosition,
} from './ranking';
import { joker, makeSession, team, wrong } from './__fixtures__/sessions';

const key = (over: Partial<RankKey> = {}): RankKey & { posizione: number | null } => ({
  id: 1,
  nome: 'Squadra 1',
  ospite: false,
  totale: 100,
  punti_jolly: 0,
  ordine_eta: 1,
  posizione: null,
  ...over,
});

/** `first` must sort before `second`, in both argument orders. */
function expectBefore(cmp: Comparator<RankKey>, first: RankKey, second: RankKey) {
  expect(Math.sign(cmp(first, second))).toBe(-1);
  expect(Math.sign(cmp(second, first))).toBe(1);
}
function expectTie(cmp: Comparator<RankKey>, a: RankKey, b: RankKey) {
  expect(cmp(a, b)).toBe(0);
  expect(cmp(b, a)).toBe(0);
}

describe('comparators, each in both argument orders', () => {
  it('byTotal: higher total first', () => {
    expectBefore(byTotal, key({ totale: 120 }), key({ totale: 100 }));
    expectBefore(byTotal, key({ totale: 0 }), key({ totale: -10 }));
    expectTie(byTotal, key({ totale: 5, punti_jolly: 9 }), key({ totale: 5 }));
  });

  it('byJokerPoints: higher joker-problem points first (0 without a joker)', () => {
    expectBefore(byJokerPoints, key({ punti_jolly: 80 }), key({ punti_jolly: 40 }));
    expectBefore(byJokerPoints, key({ punti_jolly: 0 }), key({ punti_jolly: -20 }));
    expectTie(byJokerPoints, key({ punti_jolly: 7, totale: 1 }), key({ punti_jolly: 7 }));
  });

  it('byAgeOrder: lower ordine_eta first', () => {
    expectBefore(byAgeOrder, key({ ordine_eta: 1 }), key({ ordine_eta: 2 }));
    expectBefore(byAgeOrder, key({ ordine_eta: 1.5 }), key({ ordine_eta: 1.75 }));
    expectTie(byAgeOrder, key({ ordine_eta: 3, totale: 1 }), key({ ordine_eta: 3 }));
  });

  it('byName: Italian collation with numbers by value', () => {
    expectBefore(byName, key({ nome: 'Squadra 2' }), key({ nome: 'Squadra 10' }));
    expectBefore(byName, key({ nome: 'alfa' }), key({ nome: 'Beta' }));
    expectBefore(byName, key({ nome: 'Èrcole' }), key({ nome: 'Fermi' }));
    expectTie(byName, key({ nome: 'Fermi', id: 1 }), key({ nome: 'Fermi', id: 2 }));
  });

  it('byId: the final, deterministic tie-break', () => {
    expectBefore(byId, key({ id: 3 }), key({ id: 12 }));
    expectTie(byId, key({ id: 3, totale: 1 }), key({ id: 3 }));
  });
});

describe('the chain', () => {
  it('applies the keys in order: total, joker points, age order, name, id', () => {
    const cmp = chain(rankingChain);
    for (const c of [cmp, compareRanking]) {
      expectBefore(c, key({ totale: 101, punti_jolly: 0, ordine_eta: 9 }), key({ punti_jolly: 50 }));
      expectBefore(c, key({ punti_jolly: 10, ordine_eta: 9 }), key({ punti_jolly: 5 }));
      expectBefore(c, key({ ordine_eta: 1, nome: 'Z' }), key({ ordine_eta: 2, nome: 'A' }));
      expectBefore(c, key({ nome: 'Squadra 9', id: 50 }), key({ nome: 'Squadra 10', id: 1 }));
      expectBefore(c, key({ id: 1 }), key({ id: 2 }));
      expectTie(c, key(), key());
    }
  });

  it('teams share a position only when equal on the first three keys', () => {
    expect(samePosition(key({ nome: 'A', id: 1 }), key({ nome: 'B', id: 2 }))).toBe(true);
    expect(samePosition(key(), key({ ordine_eta: 2 }))).toBe(false);
    expect(samePosition(key(), key({ punti_jolly: 2 }))).toBe(false);
    expect(samePosition(key(), key({ totale: 2 }))).toBe(false);
  });
});

describe('positions', () => {
  it('are 1, 2, 2, 4 on ties', () => {
    const rows = rankRows([
      key({ id: 4, totale: 50 }),
      key({ id: 3, nome: 'Squadra 3', totale: 80 }),
      key({ id: 2, nome: 'Squadra 2', totale: 80 }),
      key({ id: 1, totale: 90 }),
    ]);
    expect(rows.map((r) => [r.id, r.posizione])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 4],
    ]);
  });

  it('skip guests, which get null, without splitting a tie around them', () => {
    const rows = [
      key({ id: 1, totale: 90 }),
      key({ id: 2, totale: 80, nome: 'A' }),
      key({ id: 9, totale: 80, nome: 'B', ospite: true }),
      key({ id: 3, totale: 80, nome: 'C' }),
      key({ id: 4, totale: 70 }),
    ];
    assignPositions(rows);
    expect(rows.map((r) => r.posizione)).toEqual([1, 2, null, 2, 4]);
  });

  it('come out of the engine the same way', () => {
    // Teams 1 and 2 tie on total, joker points and age order; team 3 differs
    // only by age order; teams 4 and 5 tie on total, not on joker points.
    const input = makeSession(6, 2, [
      wrong(1, 2, 1),
      wrong(2, 2, 1),
      wrong(3, 2, 1),
      wrong(4, 2, 1),
      wrong(4, 2, 2),
      joker(5, 2, 0),
      wrong(5, 2, 1),
    ]);
    input.squadre = [
      team(1, { nome: 'Squadra 10' }),
      team(2, { nome: 'Squadra 9' }),
      team(3, { ordine_eta: 2 }),
      team(4),
      team(5),
      team(6, { ospite: true }),
    ];
    const b = computeLeaderboard(input);
    expect(b.classifica.map((e) => [e.id, e.totale, e.punti_jolly, e.posizione])).toEqual([
      [2, 10, 0, 1],
      [1, 10, 0, 1],
      [3, 10, 0, 3],
      [4, 0, 0, 4],
      [6, 0, 0, null],
      [5, 0, -20, 5],
    ]);
  });
});
