import type { Polo, Squadra } from '@gas/contracts';
import { describe, expect, it } from 'vitest';
import { teamPlaces, venuePoints } from '../mappe/mapData';
import { chartTeams, histogram, historyUntil, niceStep, scoreSplit } from './chartData';
import { latencies, quantile } from './LatencyTab';
import { END_LABEL_WIDTH, scoreChartOption } from './ScoreChartTab';
import { contrastRatio } from './colourVision';
import { COLORI_SERIE, SFONDO_GRAFICO } from './palette';
import { MIN_SPAN, nextWindow } from './zoom';

describe('chart data', () => {
  it('splits totals into base, difficulty and the rest (joker doubled)', () => {
    const rows = [
      { id: 1, nome: 'A', solved: [true, true], jolly: 2, totale: 200 },
      { id: 2, nome: 'B', solved: [false, false], jolly: null, totale: 0 },
    ];
    const [a, b] = scoreSplit(rows, [{ id: 1 }, { id: 2 }], [40, 50], 30);
    expect(a).toEqual({ id: 1, nome: 'A', base: 90, difficolta: 50, altro: 60, totale: 200 });
    expect(b!.base + b!.difficolta + b!.altro).toBe(0);
  });

  it('bins totals with round widths', () => {
    expect(niceStep(1000)).toBe(50);
    expect(niceStep(0)).toBe(1);
    const h = histogram([0, 10, 49, 50, 999]);
    expect(h.width).toBe(50);
    expect(h.counts.reduce((x, y) => x + y, 0)).toBe(5);
    expect(h.counts[0]).toBe(3);
    expect(h.labels[0]).toBe('0–50');
    expect(histogram([]).counts).toEqual([]);
  });

  it('draws all teams of small sessions, else the top 10 and the highlighted', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: i + 1 }));
    expect(chartTeams(rows.slice(0, 12), [])).toHaveLength(12);
    expect(chartTeams(rows, [25, 3, 99])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25]);
  });

  it('cuts the history at the replayed instant', () => {
    const h = { tempi: [0, 10, 20, 30], squadre: [{ id: 1, punteggi: [0, 5, 9, 12] }] };
    expect(historyUntil(h, null)).toBe(h);
    expect(historyUntil(h, 15, new Map([[1, 7]]))).toEqual({
      tempi: [0, 10, 15],
      squadre: [{ id: 1, punteggi: [0, 5, 7] }],
    });
  });

  it('measures latencies and quantiles', () => {
    const d = '2026-04-15T09:00:00Z';
    const values = latencies([
      { id: 1, k: 'r', s: 1, p: 1, c: true, d, date_received: '2026-04-15T09:00:02Z' },
      { id: 2, k: 'j', s: 1, p: 1, d },
    ]);
    expect(values).toEqual([2]);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.99)).toBe(4);
  });
});

describe('map data', () => {
  const scuola = (lat: number | null, city: { latitude: number; longitude: number } | null) =>
    ({
      scuola: {
        id: 1,
        nome: 'Liceo',
        tipologia: 'LS',
        indirizzo: {
          nome: '',
          latitude: lat,
          longitude: lat === null ? null : 10,
          citta: city && { id: 1, name: 'Pisa', ...city },
        },
      },
    }) as unknown as Squadra;

  it('groups teams by school place, falling back to the city', () => {
    const rows = [
      { id: 1, nome: 'A', posizione: 1, totale: 10 },
      { id: 2, nome: 'B', posizione: 2, totale: 9 },
      { id: 3, nome: 'C', posizione: 3, totale: 8 },
      { id: 4, nome: 'D', posizione: 4, totale: 7 },
    ];
    const teams = new Map([
      [1, scuola(43, null)],
      [2, scuola(43, null)],
      [3, scuola(null, { latitude: 44, longitude: 11 })],
      [4, scuola(null, null)],
    ]);
    const { groups, missing } = teamPlaces(rows, teams);
    expect(groups.map((g) => g.teams.map((t) => t.id))).toEqual([[1, 2], [3]]);
    expect(groups[1]!.place).toBe('Pisa');
    expect(missing.map((t) => t.id)).toEqual([4]);
  });

  it('places venues with their teams', () => {
    const poli = [
      { id: 1, nome_breve: 'Pisa', latitude: 43.7, longitude: 10.4, citta: null },
      { id: 2, nome_breve: 'X', latitude: null, longitude: null, citta: null },
    ] as Polo[];
    const rows = [{ id: 5, nome: 'A', posizione: 1, totale: 3 }];
    const { points, missing } = venuePoints(poli, rows, new Map([[5, 1]]));
    expect(points[0]!.teams.map((t) => t.id)).toEqual([5]);
    expect(missing.map((p) => p.id)).toEqual([2]);
  });
});

describe('chart options: Italian numbers, the legend in the page', () => {
  const shown = {
    tempi: [0, 60_000],
    squadre: [{ id: 1, punteggi: [0, 12_500] }],
  };
  const option = scoreChartOption({
    shown,
    ids: [1],
    names: new Map([[1, 'Fotoni']]),
    inizio: 0,
    fine: 120_000,
  });

  it("the score chart's axis title runs along the axis; ECharts' legend is hidden", () => {
    // The page's buttons are the legend (LegendaGrafico): ECharts' holds the choice only.
    expect(option.legend).toEqual({ show: false, selected: { Fotoni: true } });
    expect(option.yAxis.nameLocation).toBe('middle');
    // The grid leaves room for the rotated name beside the labels.
    expect(option.grid.left).toBeGreaterThanOrEqual(option.yAxis.nameGap + 16);
  });

  it('axis labels, tooltips and histogram bins are Italian', () => {
    expect(option.yAxis.axisLabel.formatter(12_500)).toBe('12.500');
    expect(option.tooltip.valueFormatter(1_250.5)).toBe('1250,5');
    expect(histogram([0.25, 0.75, 1.5], 3, 0.5).labels[0]).toBe('0–0,5');
  });

  it('a team hidden from the legend is unselected in the chart, the others stay', () => {
    const two = scoreChartOption({
      shown: { tempi: [0], squadre: [1, 2].map((id) => ({ id, punteggi: [id] })) },
      ids: [1, 2],
      names: new Map([
        [1, 'Fotoni'],
        [2, 'Gluoni'],
      ]),
      inizio: 0,
      fine: 60_000,
      nascoste: new Set(['Gluoni']),
    });
    expect(two.legend.selected).toEqual({ Fotoni: true, Gluoni: false });
    expect(two.series.map((s) => s.name)).toEqual(['Fotoni', 'Gluoni']);
  });
});

describe('score chart lines: told apart without colour alone', () => {
  const ids = Array.from({ length: 9 }, (_, i) => i + 1);
  const option = scoreChartOption({
    shown: { tempi: [0], squadre: ids.map((id) => ({ id, punteggi: [id] })) },
    ids,
    names: new Map(ids.map((id) => [id, `Squadra ${id}`])),
    inizio: 0,
    fine: 60_000,
  });

  it("names each team at its line's end, with room for the names", () => {
    for (const [k, s] of option.series.entries()) {
      // The name in the text's colour after a dash of the line's (small text needs 4.5:1).
      expect(s.endLabel).toMatchObject({ show: true, formatter: '{tratto|━} {a}' });
      expect(s.endLabel.rich.tratto.color).toBe(s.lineStyle.color);
      expect(contrastRatio(s.endLabel.color, SFONDO_GRAFICO)).toBeGreaterThanOrEqual(4.5);
      expect(s.name).toBe(`Squadra ${k + 1}`);
    }
    expect(option.grid.right).toBeGreaterThan(END_LABEL_WIDTH);
  });

  it('takes the checked palette, with a dash once colours come round again', () => {
    const looks = option.series.map((s) => `${s.lineStyle.color} ${s.lineStyle.type}`);
    expect(new Set(looks).size).toBe(ids.length);
    expect(option.series.slice(0, COLORI_SERIE.length).map((s) => s.color)).toEqual([
      ...COLORI_SERIE,
    ]);
    expect(option.series[COLORI_SERIE.length]!.lineStyle).toMatchObject({
      color: COLORI_SERIE[0],
      type: 'dashed',
    });
  });
});

describe('zoom buttons: the keyboard moves the window like the slider', () => {
  it('zooms in and out around the centre, within the data', () => {
    expect(nextWindow({ start: 0, end: 100 }, 'ingrandisci')).toEqual({ start: 25, end: 75 });
    expect(nextWindow({ start: 25, end: 75 }, 'riduci')).toEqual({ start: 0, end: 100 });
    expect(nextWindow({ start: 90, end: 100 }, 'riduci')).toEqual({ start: 80, end: 100 });
    expect(nextWindow({ start: 50, end: 50 + MIN_SPAN }, 'ingrandisci').end).toBe(50 + MIN_SPAN);
  });

  it('moves by half a window, stopping at the ends', () => {
    expect(nextWindow({ start: 20, end: 40 }, 'avanti')).toEqual({ start: 30, end: 50 });
    expect(nextWindow({ start: 5, end: 25 }, 'indietro')).toEqual({ start: 0, end: 20 });
    expect(nextWindow({ start: 70, end: 90 }, 'avanti')).toEqual({ start: 80, end: 100 });
    expect(nextWindow({ start: 30, end: 60 }, 'tutto')).toEqual({ start: 0, end: 100 });
  });
});
