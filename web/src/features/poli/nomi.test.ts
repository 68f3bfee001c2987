import { describe, expect, it } from 'vitest';
import { delPolo } from './nomi';

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
