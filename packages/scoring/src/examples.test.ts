// The worked examples of shared/scoring-examples/ (copied into __fixtures__).
import { describe, expect, it } from 'vitest';
import { computeLeaderboard } from './compute';
import { LiveScoring } from './live';
import { contractFields } from './__fixtures__/sessions';
import type { ScoringInput } from './types';
import in1 from './__fixtures__/example-1.input.json';
import out1 from './__fixtures__/example-1.expected.json';
import in2 from './__fixtures__/example-2.input.json';
import out2 from './__fixtures__/example-2.expected.json';
import in3 from './__fixtures__/example-3.input.json';
import out3 from './__fixtures__/example-3.expected.json';

const examples = [
  ['example-1 (before 2023-07-01: capital for all, unknown team)', in1, out1],
  ['example-2 (guests, penalties, second joker, answers after a solve)', in2, out2],
  ['example-3 (custom parameters)', in3, out3],
] as const;

describe.each(examples)('%s', (_name, input, expected) => {
  it('computeLeaderboard gives the expected output', () => {
    const got = computeLeaderboard(input as ScoringInput);
    expect({ classifica: got.classifica.map(contractFields), valori: got.valori }).toEqual({
      classifica: expected.classifica.map(contractFields),
      valori: expected.valori,
    });
  });

  it('the live state fed in input order gives the same leaderboard', () => {
    const { eventi, ...setup } = input as ScoringInput;
    const live = new LiveScoring(setup);
    for (const e of eventi) live.apply(e);
    expect(live.leaderboard().classifica.map(contractFields)).toEqual(
      expected.classifica.map(contractFields),
    );
  });
});
