// The minimal ranking's arrows are shapes, and read as words.
import { describe, expect, it } from 'vitest';
import { movementText } from './Rankings';

describe('movementText', () => {
  it('says how far a team moved, in Italian', () => {
    expect(movementText('up', -2)).toBe('sale di 2 posizioni');
    expect(movementText('down', 1)).toBe('scende di 1 posizione');
    expect(movementText('same', 0)).toBe('stabile');
    expect(movementText('new', null)).toBe('nuova');
  });
});
