// The ranking chain: each comparator alone, with arguments in both orders,
// then the chain, ties (1, 2, 2, 4) and guests; then the views of spec §9.
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
import { fullView, minimalView, pickRanks, simplifiedView, venueView } from './views';
import { joker, makeSession, right, team, wrong } from './__fixtures__/sessions';

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
      expectBefore(
        c,
        key({ totale: 101, punti_jolly: 0, ordine_eta: 9 }),
        key({ punti_jolly: 50 }),
      );
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

// Ranking views of spec §9.
interface Row {
  id: number;
  posizione: number | null;
  ospite: boolean;
  scuola: number | null;
}

/** `n` rows with positions 1..n (no ties), team id = 1000 + position, school = id % 100. */
const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: 1000 + i + 1,
    posizione: i + 1,
    ospite: false,
    scuola: (1000 + i + 1) % 100,
  }));
const positions = (r: Row[]) => r.map((x) => x.posizione);

describe('simplifiedView', () => {
  it('shows ranks 1-20, 50, 100, 150, 200, 300, 400, 500 and the threshold', () => {
    const view = simplifiedView(rows(600), { threshold: 123 });
    expect(positions(view)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => i + 1),
      50,
      100,
      123,
      150,
      200,
      300,
      400,
      500,
    ]);
  });

  it("adds the teams of the user's schools, guests included, in ranking order", () => {
    const all = rows(60);
    all[29] = { ...all[29]!, posizione: null, ospite: true }; // id 1030, school 30
    const view = simplifiedView(all, { schools: [30, 45] });
    expect(view.map((r) => r.id)).toContain(1030);
    expect(view.map((r) => r.id)).toContain(1045);
    expect(view).toHaveLength(20 + 1 + 2);
    expect(view.map((r) => r.id)).toEqual([...view.map((r) => r.id)].sort((a, b) => a - b));
  });

  it('keeps a rank reached through a tie (49, 49, 51: both 49s hold rank 50)', () => {
    const all = rows(60);
    all[49] = { ...all[49]!, posizione: 49 };
    const view = simplifiedView(all);
    expect(view.filter((r) => r.posizione === 49)).toHaveLength(2);
    expect(positions(view)).not.toContain(51);
  });

  it('works with fewer teams than the listed ranks, and without options', () => {
    expect(simplifiedView(rows(5))).toHaveLength(5);
    expect(simplifiedView([])).toEqual([]);
  });
});

describe('venueView', () => {
  it("shows ranks 1-3, the threshold and the venue's teams", () => {
    const view = venueView(rows(100), { teamIds: [1042, 1099, 5], threshold: 60 });
    expect(positions(view)).toEqual([1, 2, 3, 42, 60, 99]);
    expect(positions(venueView(rows(10), { teamIds: [] }))).toEqual([1, 2, 3]);
  });
});

describe('minimalView', () => {
  it('shows the first 20 rows, moves against an earlier ranking, bold top 3', () => {
    const now = rows(30);
    const before = [...now].reverse().map((r, i) => ({ ...r, posizione: i + 1 })); // reversed
    before.splice(
      before.findIndex((r) => r.id === 1010),
      1,
    ); // team 10 was not there
    const view = minimalView(now, before);
    expect(view).toHaveLength(20);
    expect(view.map((r) => r.top)).toEqual(Array.from({ length: 20 }, (_, i) => i < 3));
    expect(view[0]).toMatchObject({ id: 1001, movement: 'up', delta: 30 - 1 });
    expect(view.find((r) => r.id === 1010)).toMatchObject({ movement: 'new', delta: null });
    const same = minimalView(now, now);
    expect(same.every((r) => r.movement === 'same' && r.delta === 0)).toBe(true);
    const down = minimalView([now[1]!, now[0]!], now);
    expect(down.map((r) => r.movement)).toEqual(['same', 'same']); // positions unchanged
    const swapped = minimalView(
      [
        { ...now[1]!, posizione: 1 },
        { ...now[0]!, posizione: 2 },
      ],
      now,
    );
    expect(swapped.map((r) => [r.movement, r.delta])).toEqual([
      ['up', 1],
      ['down', -1],
    ]);
  });

  it('compares guests by row, and flags only positioned teams as top', () => {
    const now: Row[] = [
      { id: 1, posizione: null, ospite: true, scuola: null },
      { id: 2, posizione: 1, ospite: false, scuola: null },
    ];
    const before = [now[1]!, now[0]!];
    const view = minimalView(now, before);
    expect(view.map((r) => [r.movement, r.top])).toEqual([
      ['up', false],
      ['same', true],
    ]);
    expect(minimalView(now).every((r) => r.movement === 'new')).toBe(true);
  });
});

it('views take leaderboard entries as they are', () => {
  const events = Array.from({ length: 25 }, (_, i) => right(i + 1, 1, i + 1));
  const board = computeLeaderboard(makeSession(30, 1, events));
  expect(fullView(board.classifica)).toEqual(board.classifica);
  expect(simplifiedView(board.classifica).length).toBeGreaterThanOrEqual(20);
  expect(venueView(board.classifica, { teamIds: [30] }).at(-1)!.id).toBe(30);
  expect(minimalView(board.classifica, board.classifica)[0]!.movement).toBe('same');
  expect(pickRanks(board.classifica, [1]).map((e) => e.id)).toEqual([1]);
});
