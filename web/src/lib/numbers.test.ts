import { describe, expect, it } from 'vitest';
import { formatAnswerValue, formatDecimalInput, formatNumber, parseDecimalInput } from './numbers';

describe('Italian numbers', () => {
  it('shows an answer the same whichever separator was typed', () => {
    expect(formatAnswerValue('9.81')).toBe('9,81');
    expect(formatAnswerValue('9,81')).toBe('9,81');
    expect(formatAnswerValue(' -0.5 ')).toBe('-0,5');
    expect(formatAnswerValue('.25')).toBe('0,25');
    expect(formatAnswerValue('3.')).toBe('3');
    expect(formatAnswerValue('2.50')).toBe('2,5');
    expect(formatAnswerValue('1234')).toBe('1234');
    expect(formatAnswerValue('12345.678')).toBe('12.345,678');
    expect(formatAnswerValue('1,5e3')).toBe('1500');
    expect(formatAnswerValue('0.000012')).toBe('0,000012');
  });

  it('keeps every digit of a long answer, and goes scientific only when huge', () => {
    expect(formatAnswerValue('3.14159265358979323846')).toBe('3,14159265358979323846');
    expect(formatAnswerValue('6.02e23')).toBe('6,02E23');
    expect(formatAnswerValue('1e-300')).toBe('1E-300');
  });

  it('shows text that is not a number as it is', () => {
    expect(formatAnswerValue('boh')).toBe('boh');
  });

  it('formats numbers for charts and fields', () => {
    expect(formatNumber(1000)).toBe('1000');
    expect(formatNumber(12500)).toBe('12.500');
    expect(formatNumber(0.005)).toBe('0,005');
    expect(formatDecimalInput(1.48)).toBe('1,48');
    expect(formatDecimalInput(123456.5)).toBe('123456,5');
    expect(formatDecimalInput(Number.NaN)).toBe('');
    expect(parseDecimalInput('1,48')).toBe(1.48);
    expect(parseDecimalInput('1.48')).toBe(1.48);
    expect(parseDecimalInput('x')).toBeNaN();
  });
});
