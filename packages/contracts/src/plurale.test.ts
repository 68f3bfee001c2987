import { describe, expect, it } from 'vitest';
import { conta, plurale } from './plurale';

describe('plurale and conta', () => {
  it('use the singular for one only, zero included in the plural', () => {
    expect(conta(1, 'risposta errata', 'risposte errate')).toBe('1 risposta errata');
    expect(conta(0, 'risposta errata', 'risposte errate')).toBe('0 risposte errate');
    expect(conta(2, 'squadra', 'squadre')).toBe('2 squadre');
    expect(plurale(1, 'diventa', 'diventano')).toBe('diventa');
    expect(plurale(5, 'diventa', 'diventano')).toBe('diventano');
  });

  it('write thousands the Italian way (grouped from five digits, as it-IT does)', () => {
    expect(conta(1234, 'voce', 'voci')).toBe('1234 voci');
    expect(conta(12345, 'voce', 'voci')).toBe('12.345 voci');
  });
});
