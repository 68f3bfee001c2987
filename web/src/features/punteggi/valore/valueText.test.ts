import { describe, expect, it } from 'vitest';
import {
  chartPoints,
  describeCause,
  describePoint,
  escapeHtml,
  formatChange,
  pointRows,
  type Names,
} from './valueText';

const names: Names = {
  teams: new Map([[7, 'Fermi <A>']]),
  problems: new Map([[3, 'Pendolo']]),
};

describe('valueText', () => {
  it('says why a value moved, in Italian', () => {
    const cause = { squadra: 7, evento: 1, problema: 3 };
    expect(describeCause({ ...cause, tipo: 'corretta' }, names)).toBe(
      'Risposta corretta di Fermi <A>',
    );
    expect(describeCause({ ...cause, tipo: 'errore' }, names)).toBe(
      'Risposta errata di Fermi <A>: sale il montepremi',
    );
    expect(describeCause({ ...cause, tipo: 'nref', squadra: 9 }, names)).toBe(
      'Prima risposta corretta di Squadra 9 (Pendolo): cresce il numero di squadre di riferimento',
    );
    expect(describePoint({ t: 0, valore: 100, cause: [] }, names)).toBe('Valore iniziale');
  });

  it('rows with the change from the previous point, and a line reaching `until`', () => {
    const rows = pointRows(
      {
        punti: [
          { t: 0, valore: 100, cause: [] },
          { t: 10, valore: 104, cause: [{ tipo: 'errore', squadra: 7, evento: 1, problema: 3 }] },
          { t: 20, valore: 61, cause: [{ tipo: 'corretta', squadra: 7, evento: 2, problema: 3 }] },
        ],
      },
      names,
    );
    expect(rows.map((r) => r.variazione)).toEqual([null, 4, -43]);
    expect(rows.map((r) => formatChange(r.variazione ?? 0))).toEqual(['invariato', '+4', '−43']);
    const data = chartPoints(rows, 50);
    expect(data.map((d) => d.value)).toEqual([
      [0, 100],
      [10, 104],
      [20, 61],
      [50, 61],
    ]);
    expect(data[3]!.row).toBeNull();
    expect(chartPoints(rows, 20)).toHaveLength(3);
  });

  it('escapes team names for the tooltip', () => {
    expect(escapeHtml(`<b>"O'Neil" & co</b>`)).toBe(
      '&lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt;',
    );
  });
});
