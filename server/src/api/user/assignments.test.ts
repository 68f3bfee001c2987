import { describe, expect, it } from 'vitest';
import { mergeAssignments } from './assignments';

describe('mergeAssignments', () => {
  const mine = (id: number) => id < 10; // the editor may assign 1..9 only
  it.each([
    { current: [], requested: [1, 2], final: [1, 2], refused: [] },
    { current: [1, 2], requested: [2], final: [2], refused: [] },
    { current: [1, 20], requested: [1], final: [1, 20], refused: [] }, // 20 is not his to remove
    { current: [20], requested: [20, 3], final: [3, 20], refused: [] }, // kept, not added
    { current: [], requested: [30], final: [30], refused: [30] }, // not his to add
    { current: [1], requested: [1, 1, 2], final: [1, 2], refused: [] },
  ])('$current + $requested → $final', ({ current, requested, final, refused }) => {
    expect(mergeAssignments(current, requested, mine)).toEqual({ final, refused });
  });
});
