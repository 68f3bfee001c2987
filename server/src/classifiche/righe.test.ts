import type { ClassificaEntry, PunteggiJson } from '@gas/contracts';
import { describe, expect, it } from 'vitest';
import type { SquadraAnagrafica } from './queries';
import { dataOraRoma, nomeFile, righeClassifica, titoloClassifica } from './righe';

function entry(
  id: number,
  posizione: number | null,
  totale: number,
  polo: number | null,
  over: Partial<ClassificaEntry> = {},
): ClassificaEntry {
  return {
    posizione,
    id,
    nome: `Squadra ${id}`,
    ospite: posizione === null,
    totale,
    punti_parziali: [totale, 0],
    jolly: null,
    solved: [true, false],
    new: [false, false],
    scuola: null,
    ordine_eta: 1,
    penalita: 0,
    punti_jolly: 0,
    polo,
    ...over,
  };
}

// The session's ranking as the snapshot gives it: 1, 2, 2 (a tie), a guest, 4, 5.
const punteggi = {
  problemi: [
    { id: 11, nome: 'P1' },
    { id: 12, nome: 'P2' },
  ],
  classifica: [
    entry(1, 1, 90, 7, { jolly: 12 }),
    entry(2, 2, 80, 8),
    entry(3, 2, 80, 7),
    entry(4, null, 75, 7),
    entry(5, 4, 70, 7),
    entry(6, 5, 60, 7),
  ],
} as unknown as PunteggiJson;

const anagrafica = new Map<number, SquadraAnagrafica>([
  [
    3,
    {
      id: 3,
      nome: 'Squadra 3',
      scuola: 'Liceo Dini',
      citta: 'Pisa',
      poloId: 7,
      polo: 'Polo di Pisa',
      componenti: [],
    },
  ],
]);

describe('righeClassifica', () => {
  it('keeps the session positions, the joker as a problem index, names from the registry', () => {
    const righe = righeClassifica(punteggi, anagrafica);
    expect(righe.map((r) => r.posizione)).toEqual([1, 2, 2, null, 4, 5]);
    expect(righe[0]!.jolly).toBe(1);
    expect(righe[1]!.jolly).toBeNull();
    expect(righe[2]).toMatchObject({ scuola: 'Liceo Dini', citta: 'Pisa', polo: 'Polo di Pisa' });
    expect(righe[1]).toMatchObject({ scuola: '', citta: '', polo: '' });
  });

  it("ranks a venue's teams among themselves: ties shared, guests without a position", () => {
    const righe = righeClassifica(punteggi, anagrafica, 7);
    expect(righe.map((r) => [r.id, r.posizione])).toEqual([
      [1, 1],
      [3, 2],
      [4, null],
      [5, 3],
      [6, 4],
    ]);
    // The snapshot is left as it was.
    expect(punteggi.classifica[2]!.posizione).toBe(2);
  });
});

describe('texts', () => {
  it('says final after the end, provisional before', () => {
    expect(titoloClassifica({ finale: true })).toBe('Classifica finale');
    expect(titoloClassifica({ finale: false })).toBe('Classifica provvisoria');
  });
  it('writes times in Rome time, summer and winter', () => {
    expect(dataOraRoma(new Date('2026-04-15T08:00:00Z'))).toBe('15 aprile 2026 alle ore 10:00');
    expect(dataOraRoma(new Date('2026-02-20T08:00:00Z'))).toBe('20 febbraio 2026 alle ore 09:00');
  });
  it('names files with ASCII letters, digits and dashes', () => {
    expect(nomeFile('classifica', 'Gara a squadre – Città', 'Sessione Nord', '')).toBe(
      'classifica-gara-a-squadre-citta-sessione-nord',
    );
  });
});
