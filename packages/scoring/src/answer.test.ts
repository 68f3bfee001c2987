// Answer checking (spec §5): parsing and the tolerance range, on its bounds
// and at extreme magnitudes.
import { describe, expect, it } from 'vitest';
import { type AnswerCheck, isAnswerCorrect, parseAnswerValue, parsedToNumber } from './answer';

describe('parseAnswerValue', () => {
  it.each([
    ['1.5', false, '15', -1],
    ['1,5', false, '15', -1],
    ['-0,25', true, '25', -2],
    ['+3', false, '3', 0],
    ['1.5e3', false, '15', 2],
    ['1,5E-3', false, '15', -4],
    ['6.02e+23', false, '602', 21],
    ['.5', false, '5', -1],
    ['5.', false, '5', 0],
    ['  42\t', false, '42', 0],
    ['1200', false, '12', 2],
    ['007', false, '7', 0],
    ['1e400', false, '1', 400],
    ['-1e-400', true, '1', -400],
    ['\u22123', true, '3', 0],
    ['1.000e-300', false, '1', -300],
  ])('%j', (text, negative, digits, exponent) => {
    expect(parseAnswerValue(text)).toEqual({ negative, digits, exponent });
  });

  it.each(['0', '-0', '0.000', '0e10', '+0,0', '.0'])('zero: %j', (text) => {
    expect(parseAnswerValue(text)).toEqual({ negative: false, digits: '0', exponent: 0 });
  });

  it.each([
    '',
    '   ',
    'abc',
    '1.2.3',
    '1,2,3',
    '1,234.5',
    '1.234,5',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e',
    'e5',
    '.',
    '-',
    '+-1',
    '1 000',
    '0x10',
    '1e1.5',
    '1_000',
    '\u0661\u0662',
    '1e9999999999',
    '5 m',
  ])('refuses %j', (text) => {
    expect(parseAnswerValue(text)).toBeNull();
  });

  it('refuses texts longer than 1000 characters and non-strings', () => {
    expect(parseAnswerValue('1'.repeat(1001))).toBeNull();
    expect(parseAnswerValue('1'.repeat(1000))).not.toBeNull();
    expect(parseAnswerValue(12 as unknown as string)).toBeNull();
  });

  it('converts back to the nearest double for display', () => {
    expect(parsedToNumber(parseAnswerValue('-1,25e3')!)).toBe(-1250);
    expect(parsedToNumber(parseAnswerValue('1e400')!)).toBe(Infinity);
  });
});

const check = (valore: string, soluzione: number | string, more: Partial<AnswerCheck> = {}) =>
  isAnswerCorrect({ valore, valore_exp: 0, soluzione, soluzione_exp: 0, ...more });

describe('isAnswerCorrect, positive solution: [s / (1 + p), s * (1 + p)]', () => {
  it('includes the upper bound exactly (0.005 is 5/1000, not the nearest double)', () => {
    expect(100 * (1 + 0.005)).toBeLessThan(100.5); // why doubles would get it wrong
    expect(check('100.5', 100)).toBe(true);
    expect(check('100,5', 100)).toBe(true);
    expect(check('100.50000000001', 100)).toBe(false);
  });

  it('includes the lower bound (100 / 1.005 = 99.5024875621890547...)', () => {
    expect(check('99.50248756218906', 100)).toBe(true);
    expect(check('99.50248756218905', 100)).toBe(false);
    expect(check('99.6', 100)).toBe(true);
  });

  it('accepts the solution itself and values inside', () => {
    for (const v of ['100', '1e2', '100.0', '0.1e3', '100.2', '99.9'])
      expect(check(v, 100)).toBe(true);
  });

  it('refuses zero, negative values and garbage', () => {
    for (const v of ['0', '-100', '-0.5', '', 'abc', '1..2']) expect(check(v, 100)).toBe(false);
  });

  it('applies valore_exp and soluzione_exp', () => {
    expect(check('1.005', 100, { valore_exp: 2 })).toBe(true);
    expect(check('1.00500001', 100, { valore_exp: 2 })).toBe(false);
    expect(check('100.5', 1, { soluzione_exp: 2 })).toBe(true);
    expect(check('10050', 1, { valore_exp: -2, soluzione_exp: 2 })).toBe(true);
    expect(check('100', 1, { valore_exp: 1, soluzione_exp: 2 })).toBe(false);
  });

  it('takes the solution as a string too, with a comma or a dot', () => {
    expect(check('1.5', '1,5')).toBe(true);
    expect(check('1.5', '1.5e0')).toBe(true);
    expect(check('1.5', 'x')).toBe(false);
  });

  it('uses the problem tolerance when given', () => {
    const p = { intervallo_validita: 0.1 };
    expect(check('11', 10, p)).toBe(true);
    expect(check('11.0000001', 10, p)).toBe(false);
    expect(check('9.0909090910', 10, p)).toBe(true); // 10 / 1.1 = 9.090909...
    expect(check('9.0909090909', 10, p)).toBe(false);
    const exact = { intervallo_validita: 0 };
    expect(check('100', 100, exact)).toBe(true);
    expect(check('1e2', 100, exact)).toBe(true);
    expect(check('100.0000000001', 100, exact)).toBe(false);
    const wide = { intervallo_validita: 1 };
    expect(check('5', 10, wide)).toBe(true);
    expect(check('20', 10, wide)).toBe(true);
    expect(check('4.99', 10, wide)).toBe(false);
  });

  it('falls back to 0.005 when the tolerance is missing or invalid', () => {
    for (const intervallo_validita of [undefined, null, -1, NaN, Infinity]) {
      expect(check('100.5', 100, { intervallo_validita })).toBe(true);
      expect(check('100.6', 100, { intervallo_validita })).toBe(false);
    }
  });
});

describe('isAnswerCorrect, negative solution: the mirror range', () => {
  it('accepts [s * (1 + p), s / (1 + p)] bounds included', () => {
    expect(check('-100.5', -100)).toBe(true);
    expect(check('-100,50000001', -100)).toBe(false);
    expect(check('-99.50248756218906', -100)).toBe(true);
    expect(check('-99.50248756218905', -100)).toBe(false);
    expect(check('-100', '-1e2')).toBe(true);
  });

  it('refuses the opposite sign and zero', () => {
    expect(check('100', -100)).toBe(false);
    expect(check('0', -100)).toBe(false);
  });
});

describe('isAnswerCorrect, zero solution', () => {
  it('accepts only zero, whatever its spelling', () => {
    for (const v of ['0', '-0', '0,000', '0e99']) expect(check(v, 0)).toBe(true);
    for (const v of ['1e-300', '-1e-400', '0.0000001']) expect(check(v, 0)).toBe(false);
    expect(check('0', 0, { soluzione_exp: 5, valore_exp: -7 })).toBe(true);
    expect(check('0', '-0')).toBe(true);
  });
});

describe('isAnswerCorrect at extreme magnitudes', () => {
  it('compares around 1e300 and 1e-300 without overflow or underflow', () => {
    expect(check('1', 1e300, { valore_exp: 300 })).toBe(true);
    expect(check('1.005', 1e300, { valore_exp: 300 })).toBe(true);
    expect(check('1.00500001', 1e300, { valore_exp: 300 })).toBe(false);
    expect(check('1e-300', 1e-300)).toBe(true);
    expect(check('0.9951e-300', 1e-300)).toBe(true); // 1 / 1.005 = 0.99502...
    expect(check('0.995e-300', 1e-300)).toBe(false);
    expect(check('1.7976931348623157e308', Number.MAX_VALUE)).toBe(true);
    expect(check('5e-324', Number.MIN_VALUE)).toBe(true);
  });

  it('handles exponents like ±400 in the text and in the exponents', () => {
    expect(check('1e400', 1, { soluzione_exp: 400 })).toBe(true);
    expect(check('1', 1, { valore_exp: 400, soluzione_exp: 400 })).toBe(true);
    expect(check('1.006e-700', 1e-300, { soluzione_exp: -400 })).toBe(false);
    expect(check('1.004e-700', 1e-300, { soluzione_exp: -400 })).toBe(true);
    expect(check('-2.5e-400', -2.5, { soluzione_exp: -400 })).toBe(true);
    expect(check('1e400', 1e300)).toBe(false);
    expect(check('1e-400', 1)).toBe(false);
    expect(check('1', 1, { valore_exp: 1_000_000, soluzione_exp: 1_000_000 })).toBe(true);
  });

  it('refuses non-integer or non-finite exponents and non-finite solutions', () => {
    expect(check('1', 1, { valore_exp: 0.5 })).toBe(false);
    expect(check('1', 1, { soluzione_exp: NaN })).toBe(false);
    expect(check('1', NaN)).toBe(false);
    expect(check('1', Infinity)).toBe(false);
  });
});
