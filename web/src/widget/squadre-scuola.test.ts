// The school widget's rows: the school's teams only, in the session's order,
// guests without a place, and each team's last change between snapshots.
import type { ClassificaEntry, PunteggiItem } from '@gas/contracts/live';
import { describe, expect, it } from 'vitest';
import { SquadreScuola } from './squadre-scuola';
import { tempoFa, testoCambio } from './testi';

function riga(over: Partial<ClassificaEntry> & Pick<ClassificaEntry, 'id'>): ClassificaEntry {
  return {
    posizione: 1,
    nome: `Squadra ${over.id}`,
    ospite: false,
    totale: 0,
    punti_parziali: [0, 0],
    jolly: null,
    solved: [false, false],
    new: [false, false],
    scuola: 7,
    ordine_eta: 0,
    penalita: 0,
    punti_jolly: 0,
    polo: null,
    ...over,
  };
}

function item(ora: string, classifica: ClassificaEntry[]): PunteggiItem {
  return {
    ora,
    json: {
      sessione: 1,
      evento: 1,
      nome: 'Finale',
      inizio: '2026-04-15T09:00:00Z',
      fine: '2026-04-15T11:00:00Z',
      numero_qualificati: null,
      ora,
      problemi: [
        { id: 11, nome: '1' },
        { id: 12, nome: '7' },
      ],
      valori: [20, 20],
      classifica,
      numero_eventi: 0,
    },
  };
}

describe('SquadreScuola', () => {
  it("keeps the school's teams in ranking order, guests without a place", () => {
    const w = new SquadreScuola(7);
    const rows = w.aggiorna(
      item('2026-04-15T09:10:00Z', [
        riga({ id: 1, posizione: 1, scuola: 8 }),
        riga({ id: 2, posizione: 2 }),
        riga({ id: 3, posizione: null, ospite: true }),
      ]),
    );
    expect(rows.map((r) => [r.id, r.posizione])).toEqual([
      [2, 2],
      [3, null],
    ]);
    expect(rows.every((r) => r.cambio === null)).toBe(true);
  });

  it("names the problem of a change, preferring the team's own fresh cell", () => {
    const w = new SquadreScuola(7);
    w.aggiorna(
      item('2026-04-15T09:10:00Z', [riga({ id: 2, totale: 20, punti_parziali: [20, 0] })]),
    );
    const [row] = w.aggiorna(
      item('2026-04-15T09:12:00Z', [
        // Problem 1's value rose by 2 (others erred); 7 was solved now.
        riga({ id: 2, totale: 60, punti_parziali: [22, 38], new: [false, true] }),
      ]),
    );
    expect(row!.cambio).toEqual({
      delta: 40,
      problema: '7',
      quando: Date.parse('2026-04-15T09:12:00Z'),
    });
    // A later snapshot without a change keeps the last one.
    const [same] = w.aggiorna(
      item('2026-04-15T09:13:00Z', [riga({ id: 2, totale: 60, punti_parziali: [22, 38] })]),
    );
    expect(same!.cambio?.problema).toBe('7');
  });

  it('before any difference, a score history tells when the total last moved', () => {
    const w = new SquadreScuola(7);
    const t0 = Date.parse('2026-04-15T09:00:00Z');
    const [row] = w.aggiorna(
      item('2026-04-15T09:20:00Z', [
        riga({
          id: 2,
          totale: 18,
          classifica_tempo: { tempi: [t0, t0 + 60_000, t0 + 120_000], punteggi: [0, 18, 18] },
        }),
      ]),
    );
    expect(row!.cambio).toEqual({ delta: 18, problema: null, quando: t0 + 60_000 });
  });
});

describe('texts', () => {
  const t = Date.parse('2026-04-15T09:00:00Z');
  it('says how long ago, then the time in Rome', () => {
    expect(tempoFa(t, t + 30_000)).toBe('adesso');
    expect(tempoFa(t, t + 2 * 60_000 + 5_000)).toBe('2 min fa');
    expect(tempoFa(t, t + 2 * 3_600_000)).toBe('alle 11:00');
  });
  it('a change with and without its problem', () => {
    expect(testoCambio({ delta: 18, problema: '7', quando: t }, t + 120_000)).toBe(
      '+18 al problema 7, 2 min fa',
    );
    expect(testoCambio({ delta: -10, problema: null, quando: t }, t)).toBe('−10, adesso');
  });
});
