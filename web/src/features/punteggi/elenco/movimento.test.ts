import { describe, expect, it } from 'vitest';
import {
  etichettaMovimento,
  leggiPosizioni,
  movimento,
  posizioniDi,
  serializzaPosizioni,
} from './movimento';

describe('movement since the last look', () => {
  const prima = posizioniDi([
    { id: 1, posizione: 1 },
    { id: 2, posizione: 2 },
    { id: 3, posizione: 3 },
    { id: 9, posizione: null },
  ]);

  it('counts places gained and lost', () => {
    expect(movimento(prima, 3, 1)).toBe(2);
    expect(movimento(prima, 1, 2)).toBe(-1);
    expect(movimento(prima, 2, 2)).toBe(0);
  });

  it('has nothing to compare for new teams, guests and a first look', () => {
    expect(movimento(prima, 4, 1)).toBeNull();
    expect(movimento(prima, 9, 2)).toBeNull();
    expect(movimento(prima, 2, null)).toBeNull();
    expect(movimento(null, 2, 1)).toBeNull();
  });

  it('labels the arrows and the words for screen readers', () => {
    expect(etichettaMovimento(2)).toEqual({ simbolo: '▲2', testo: 'salita di 2 posizioni' });
    expect(etichettaMovimento(-1)).toEqual({ simbolo: '▼1', testo: 'scesa di 1 posizione' });
    expect(etichettaMovimento(0)).toBeNull();
    expect(etichettaMovimento(null)).toBeNull();
  });

  it('stores and reads back the positions, ignoring what is unreadable', () => {
    expect(leggiPosizioni(serializzaPosizioni(prima))).toEqual(prima);
    expect(leggiPosizioni(null)).toBeNull();
    expect(leggiPosizioni('{not json')).toBeNull();
    expect(leggiPosizioni('{"a":1}')).toBeNull();
    expect(leggiPosizioni('[[1,2],["x",3],[4,"y"],5]')).toEqual(new Map([[1, 2]]));
  });
});
