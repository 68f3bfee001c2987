import { describe, expect, it } from 'vitest';
import { hashForTab, tabFromHash, visibleTabs, type TabContext } from '../tabs';
import {
  DEFAULT_SORT,
  formatColori,
  nextSort,
  parseColori,
  searchWithColori,
  sortRows,
  thresholdRowId,
  withColore,
} from './tableState';
import { visibleRange } from './useVirtualRows';

const rows = [
  { id: 1, nome: 'Squadra 10', punti_parziali: [30, 0], posizione: 1 },
  { id: 2, nome: 'Squadra 2', punti_parziali: [-10, 45], posizione: 2 },
  { id: 3, nome: 'alfa', punti_parziali: [30, 20], posizione: 2 },
  { id: 4, nome: 'Ospite', punti_parziali: [0, 0], posizione: null },
];
const ids = (r: { id: number }[]) => r.map((x) => x.id);

describe('sorting (spec §2)', () => {
  it('starts by position, and a repeated click toggles the direction', () => {
    expect(DEFAULT_SORT).toEqual({ column: { kind: 'posizione' }, direction: 'asc' });
    const desc = nextSort(DEFAULT_SORT, { kind: 'posizione' });
    expect(desc.direction).toBe('desc');
    expect(nextSort(desc, { kind: 'posizione' }).direction).toBe('asc');
    expect(ids(sortRows(rows, DEFAULT_SORT))).toEqual([1, 2, 3, 4]);
    expect(ids(sortRows(rows, desc))).toEqual([4, 3, 2, 1]);
  });

  it('sorts names with the Italian numeric collation', () => {
    const byName = nextSort(DEFAULT_SORT, { kind: 'nome' });
    expect(byName.direction).toBe('asc');
    expect(ids(sortRows(rows, byName))).toEqual([3, 4, 2, 1]);
    expect(ids(sortRows(rows, nextSort(byName, { kind: 'nome' })))).toEqual([1, 2, 4, 3]);
  });

  it('sorts a problem best first, ties in ranking order, and toggles', () => {
    const p1 = nextSort(DEFAULT_SORT, { kind: 'problema', index: 0 });
    expect(p1.direction).toBe('desc');
    expect(ids(sortRows(rows, p1))).toEqual([1, 3, 4, 2]);
    expect(ids(sortRows(rows, nextSort(p1, { kind: 'problema', index: 0 })))).toEqual([2, 4, 1, 3]);
    // Another problem starts again from best first.
    const p2 = nextSort(p1, { kind: 'problema', index: 1 });
    expect(p2.direction).toBe('desc');
    expect(ids(sortRows(rows, p2))).toEqual([2, 3, 1, 4]);
  });
});

describe('colori query parameter', () => {
  it('round-trips and skips junk', () => {
    const c = parseColori('12:giallo,40:azzurro,x:verde,7:nero,,9');
    expect([...c]).toEqual([
      [12, 'giallo'],
      [40, 'azzurro'],
    ]);
    expect(formatColori(c)).toBe('12:giallo,40:azzurro');
    expect(formatColori(withColore(c, 12, null))).toBe('40:azzurro');
    expect(formatColori(withColore(c, 5, 'rosa'))).toBe('12:giallo,40:azzurro,5:rosa');
  });

  it('keeps the other query parameters', () => {
    expect(searchWithColori('?a=1', parseColori('3:verde'))).toBe('?a=1&colori=3:verde');
    expect(searchWithColori('?colori=3:verde&a=1', new Map())).toBe('?a=1');
    expect(searchWithColori('', new Map())).toBe('');
  });
});

describe('threshold line', () => {
  it('goes under the last team within the threshold, ties included', () => {
    const r = [
      { id: 1, posizione: 1 },
      { id: 2, posizione: 2 },
      { id: 9, posizione: null },
      { id: 3, posizione: 2 },
      { id: 4, posizione: 4 },
    ];
    expect(thresholdRowId(r, 2)).toBe(3);
    expect(thresholdRowId(r, 3)).toBe(3);
    expect(thresholdRowId(r, 4)).toBe(4);
    expect(thresholdRowId(r, null)).toBeNull();
    expect(thresholdRowId(r, 0)).toBeNull();
  });
});

describe('virtual rows', () => {
  it('renders the rows in view plus a margin, with spacers for the rest', () => {
    expect(visibleRange(1000, 34, 0, 680, 8)).toEqual({
      start: 0,
      end: 28,
      before: 0,
      after: 972 * 34,
    });
    const mid = visibleRange(1000, 34, 34 * 500, 680, 8);
    expect(mid.start).toBe(492);
    expect(mid.end).toBe(528);
    expect(mid.before + (mid.end - mid.start) * 34 + mid.after).toBe(34_000);
    expect(visibleRange(5, 34, 0, 680, 8)).toEqual({ start: 0, end: 5, before: 0, after: 0 });
  });
});

describe('tabs (spec §2)', () => {
  const base: TabContext = {
    teams: 20,
    rows: 20,
    problems: 6,
    venues: 0,
    isSuperuser: false,
    venueManager: false,
    now: 0,
    inizio: 48 * 3_600_000,
  };

  it('shows each tab by its rule', () => {
    expect(visibleTabs(base)).toEqual([
      'tabella',
      'grafico',
      'barre',
      'istogramma',
      'valore',
      'mappa',
    ]);
    // The value of each problem over time, after the histogram, when there are problems.
    expect(visibleTabs({ ...base, problems: 0 })).not.toContain('valore');
    expect(visibleTabs({ ...base, teams: 21, rows: 21 })).toContain('semplificata');
    expect(visibleTabs({ ...base, rows: 0 })).not.toContain('grafico');
    const venues = visibleTabs({ ...base, venues: 3 });
    expect(venues).toContain('polo');
    expect(venues).toContain('mappa-poli');
    expect(venues).not.toContain('bigliettini');
    expect(visibleTabs({ ...base, venues: 3, venueManager: true })).toContain('bigliettini');
    expect(visibleTabs({ ...base, venues: 3, isSuperuser: true })).toContain('bigliettini');
    expect(visibleTabs({ ...base, isSuperuser: true })).not.toContain('bigliettini');
    expect(visibleTabs({ ...base, isSuperuser: true })).toContain('latenza');
    // Messages from 24 hours before the start.
    expect(visibleTabs({ ...base, now: 24 * 3_600_000 - 1 })).not.toContain('messaggi');
    expect(visibleTabs({ ...base, now: 24 * 3_600_000 })).toContain('messaggi');
  });

  it('keeps the chosen tab in the hash, default tabella', () => {
    const visible = visibleTabs({ ...base, teams: 30, rows: 30 });
    expect(tabFromHash('', visible)).toBe('tabella');
    expect(tabFromHash('#semplificata', visible)).toBe('semplificata');
    expect(tabFromHash('#latenza', visible)).toBe('tabella');
    expect(tabFromHash('#nonesiste', visible)).toBe('tabella');
    expect(hashForTab('grafico')).toBe('#grafico');
    expect(tabFromHash('#valore', visible)).toBe('valore');
    expect(tabFromHash('#valore', visibleTabs({ ...base, problems: 0 }))).toBe('tabella');
  });
});
