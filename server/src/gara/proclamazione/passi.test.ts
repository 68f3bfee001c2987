// The proclamation's steps from a final ranking: last position first, blocks
// beyond the tenth in large sessions, venue winners before the podium (unless
// on it), the podium one place a step, guests last without a position.
import { describe, expect, it } from 'vitest';
import type { RigaClassifica } from '../../classifiche/righe';
import { ampiezzaBlocco, passiProclamazione, type VincitoriPolo } from './passi';

function riga(id: number, posizione: number | null, extra: Partial<RigaClassifica> = {}) {
  return {
    posizione,
    id,
    nome: `Squadra ${id}`,
    scuola: `Scuola ${id}`,
    citta: '',
    polo: '',
    ospite: posizione === null,
    totale: 1000 - (posizione ?? 0),
    punti: [],
    jolly: null,
    ...extra,
  } satisfies RigaClassifica;
}

/** A ranking of `n` teams, positions 1..n, ids equal to positions. */
const classifica = (n: number) => Array.from({ length: n }, (_, i) => riga(i + 1, i + 1));

const descrivi = (passi: ReturnType<typeof passiProclamazione>) =>
  passi.map((p) => {
    switch (p.tipo) {
      case 'posizione':
        return `${p.posizione}`;
      case 'blocco':
        return `${p.da}-${p.a}`;
      case 'polo':
        return `polo ${p.polo}`;
      case 'podio':
        return `podio ${p.posizione}`;
      case 'ospiti':
        return 'ospiti';
    }
  });

describe('passiProclamazione', () => {
  it('reveals a small ranking one position a step, from the last, then the podium', () => {
    const passi = passiProclamazione({ righe: classifica(6), poli: [] });
    expect(descrivi(passi)).toEqual(['6', '5', '4', 'podio 3', 'podio 2', 'podio 1']);
    expect(passi[0]!.squadre).toEqual([
      { id: 6, posizione: 6, nome: 'Squadra 6', scuola: 'Scuola 6', polo: null, totale: 994 },
    ]);
  });

  it('keeps up to 20 positions one a step', () => {
    const passi = passiProclamazione({ righe: classifica(20), poli: [] });
    expect(passi).toHaveLength(20);
    expect(descrivi(passi).slice(0, 2)).toEqual(['20', '19']);
  });

  it('groups the positions beyond the tenth in blocks of ten for a 300-team session', () => {
    const passi = passiProclamazione({ righe: classifica(300), poli: [] });
    const d = descrivi(passi);
    expect(d.slice(0, 2)).toEqual(['291-300', '281-290']);
    expect(d).toContain('11-20');
    expect(d.filter((x) => x.includes('-'))).toHaveLength(29);
    expect(d.slice(29)).toEqual([
      '10',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      'podio 3',
      'podio 2',
      'podio 1',
    ]);
    expect(passi.length).toBe(39);
    // Every team is revealed exactly once.
    const ids = passi.flatMap((p) => p.squadre.map((s) => s.id)).sort((a, b) => a - b);
    expect(ids).toEqual(classifica(300).map((r) => r.id));
  });

  it('widens the blocks so that a 1,000-team session has at most 30 of them', () => {
    expect(ampiezzaBlocco(300)).toBe(10);
    expect(ampiezzaBlocco(1000)).toBe(40);
    const d = descrivi(passiProclamazione({ righe: classifica(1000), poli: [] }));
    expect(d[0]).toBe('971-1000');
    expect(d.filter((x) => x.includes('-'))).toHaveLength(25);
  });

  it('puts tied teams in one step and skips the positions a tie leaves empty', () => {
    const righe = [riga(1, 1), riga(2, 1), riga(3, 3), riga(4, 4), riga(5, 4)];
    const passi = passiProclamazione({ righe, poli: [] });
    expect(descrivi(passi)).toEqual(['4', 'podio 3', 'podio 1']);
    expect(passi[0]!.squadre.map((s) => s.id)).toEqual([4, 5]);
    expect(passi[2]!.squadre.map((s) => s.id)).toEqual([1, 2]);
  });

  it('gives each venue winner a step before the podium, worst placed first, unless on the podium', () => {
    const righe = classifica(8).map((r) => ({
      ...r,
      polo: r.id % 2 ? 'Polo di Pisa' : 'Polo di Bari',
    }));
    righe.push(riga(9, 9, { polo: 'Polo di Como' }));
    const poli: VincitoriPolo[] = [
      // Bari's winner is second overall: no step of its own (the podium shows its venue).
      { polo: 'Polo di Bari', squadre: [righe[1]!] },
      { polo: 'Polo di Como', squadre: [righe[8]!] },
      { polo: 'Polo di Pisa', squadre: [righe[0]!] },
      { polo: 'Polo di Lecce', squadre: [] },
    ];
    // Pisa's winner is first overall too: no step either; Como's is ninth.
    const passi = passiProclamazione({ righe, poli });
    expect(descrivi(passi)).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      'polo Polo di Como',
      'podio 3',
      'podio 2',
      'podio 1',
    ]);
    const como = passi[6]!;
    expect(como.squadre).toEqual([
      {
        id: 9,
        posizione: 9,
        nome: 'Squadra 9',
        scuola: 'Scuola 9',
        polo: 'Polo di Como',
        totale: 991,
      },
    ]);
    expect(passi[8]!.squadre[0]!.polo).toBe('Polo di Bari');
  });

  it('orders several venue steps by their winner’s position, worst first', () => {
    const righe = classifica(12).map((r) => ({ ...r, polo: `Polo ${r.id}` }));
    const poli = [5, 11, 7].map((id) => ({ polo: `Polo ${id}`, squadre: [righe[id - 1]!] }));
    const d = descrivi(passiProclamazione({ righe, poli }));
    expect(d.filter((x) => x.startsWith('polo'))).toEqual([
      'polo Polo 11',
      'polo Polo 7',
      'polo Polo 5',
    ]);
    expect(d.indexOf('polo Polo 5')).toBeLessThan(d.indexOf('podio 3'));
  });

  it('shows guests last, without a position', () => {
    const righe = [
      ...classifica(4),
      riga(50, null, { nome: 'Ospiti B' }),
      riga(51, null, { nome: 'Ospiti A' }),
    ];
    const passi = passiProclamazione({ righe, poli: [] });
    expect(descrivi(passi)).toEqual(['4', 'podio 3', 'podio 2', 'podio 1', 'ospiti']);
    expect(passi.at(-1)!.squadre.map((s) => [s.nome, s.posizione])).toEqual([
      ['Ospiti A', null],
      ['Ospiti B', null],
    ]);
    // Guests are never in a ranked step.
    expect(
      passi
        .slice(0, -1)
        .flatMap((p) => p.squadre)
        .every((s) => s.posizione !== null),
    ).toBe(true);
  });

  it('has no steps without teams', () => {
    expect(passiProclamazione({ righe: [], poli: [] })).toEqual([]);
  });
});
