import { describe, expect, it } from 'vitest';
import { delPolo, squadreContate } from './nomi';

describe('delPolo', () => {
  it('does not double the word when the name starts with it', () => {
    expect(delPolo('Polo di Milano Bicocca')).toBe('del Polo di Milano Bicocca');
    expect(delPolo('polo Nord')).toBe('del polo Nord');
  });

  it('adds the noun to other names', () => {
    expect(delPolo('Bicocca')).toBe('del polo Bicocca');
    // A word that only begins like it.
    expect(delPolo('Polonia')).toBe('del polo Polonia');
  });
});

describe('squadreContate', () => {
  it('agrees with the number', () => {
    expect(squadreContate(0)).toBe('0 squadre');
    expect(squadreContate(1)).toBe('1 squadra');
    expect(squadreContate(2)).toBe('2 squadre');
  });
});
