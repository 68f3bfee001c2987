// The ceremony's words and its frame: titles per kind of step, the ranking
// revealed so far (once per team, guests last), the frame of the live feed.
import type { PassoProclamazione, SquadraProclamata } from '@gas/contracts';
import { describe, expect, it } from 'vitest';
import { leggiFrameProclamazione } from './frame';
import { annuncioPasso, classificaRivelata, sopratitoloPasso, titoloPasso } from './testi';

const squadra = (
  id: number,
  posizione: number | null,
  nome = `Squadra ${id}`,
): SquadraProclamata => ({
  id,
  posizione,
  nome,
  scuola: `Scuola ${id}`,
  polo: null,
  totale: 100 - id,
});

describe('the steps’ words', () => {
  it('names each kind of step', () => {
    const casi: [PassoProclamazione, string, string | null][] = [
      [{ tipo: 'posizione', posizione: 7, squadre: [squadra(7, 7)] }, '7° posto', null],
      [
        { tipo: 'posizione', posizione: 5, squadre: [squadra(5, 5), squadra(6, 5)] },
        '5° posto',
        'A pari merito',
      ],
      [{ tipo: 'blocco', da: 21, a: 30, squadre: [squadra(21, 21)] }, 'Dal 21° al 30° posto', null],
      [
        { tipo: 'polo', polo: 'Polo di Pisa', squadre: [squadra(9, 9)] },
        'Vincitore del Polo di Pisa',
        'Il migliore del polo',
      ],
      [
        { tipo: 'polo', polo: 'Bicocca', squadre: [squadra(9, 9), squadra(10, 9)] },
        'Vincitori del polo Bicocca',
        'A pari merito nel polo',
      ],
      [{ tipo: 'podio', posizione: 3, squadre: [squadra(3, 3)] }, '3° posto', 'Medaglia di bronzo'],
      [{ tipo: 'podio', posizione: 1, squadre: [squadra(1, 1)] }, '1° posto', 'Medaglia d’oro'],
      [{ tipo: 'ospiti', squadre: [squadra(40, null)] }, 'Squadre ospiti', 'Fuori classifica'],
    ];
    for (const [passo, titolo, sopra] of casi) {
      expect(titoloPasso(passo)).toBe(titolo);
      expect(sopratitoloPasso(passo)).toBe(sopra);
    }
    expect(
      annuncioPasso({ tipo: 'podio', posizione: 2, squadre: [squadra(2, 2, 'Fermi A')] }),
    ).toBe('2° posto: Fermi A');
  });

  it('lists every team revealed once, by position, guests last', () => {
    const rivelati: PassoProclamazione[] = [
      { tipo: 'posizione', posizione: 5, squadre: [squadra(5, 5)] },
      { tipo: 'posizione', posizione: 4, squadre: [squadra(4, 4)] },
      // The venue winner is the fourth team again: once in the list.
      { tipo: 'polo', polo: 'Polo di Bari', squadre: [squadra(4, 4)] },
      { tipo: 'podio', posizione: 3, squadre: [squadra(3, 3)] },
      { tipo: 'ospiti', squadre: [squadra(50, null, 'B ospite'), squadra(51, null, 'A ospite')] },
    ];
    expect(classificaRivelata(rivelati).map((s) => s.nome)).toEqual([
      'Squadra 3',
      'Squadra 4',
      'Squadra 5',
      'A ospite',
      'B ospite',
    ]);
    expect(classificaRivelata([])).toEqual([]);
  });
});

describe('leggiFrameProclamazione', () => {
  it('reads the proclamation’s frame and nothing else', () => {
    expect(leggiFrameProclamazione('{"type":"proclamazione","passo":3,"passi":12}')).toEqual({
      passo: 3,
      passi: 12,
    });
    for (const altro of [
      '{"type":"npe","id":1,"k":"j","s":2,"p":3,"d":"2026-04-15T09:00:00Z"}',
      '{"type":"proclamazione","passo":-1,"passi":12}',
      '{"type":"proclamazione","passo":"3","passi":12}',
      '{"type":"proclamazione","passo":3}',
      'non json',
      'null',
    ]) {
      expect(leggiFrameProclamazione(altro), altro).toBeNull();
    }
  });
});
