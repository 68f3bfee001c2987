// The charts' colours checked by simulation, not by eye (issue 29): every
// pair of colours drawn together stays at least MIN_DELTA_E apart (CIEDE2000)
// with normal vision and as seen with protanopia, deuteranopia and
// tritanopia (Machado et al. 2009, severity 1.0), and every colour reaches
// 3:1 against the chart's background (WCAG 1.4.11). Figures in
// docs/accessibility.md.
import { describe, expect, it } from 'vitest';
import {
  closestPair,
  contrastRatio,
  deltaE2000,
  lab,
  linearRgb,
  simulate,
  type Deficit,
} from './colourVision';
import { COLORI_BARRE, COLORI_SERIE, SFONDO_GRAFICO, stileSerie, TRATTI_SERIE } from './palette';

/**
 * ΔE00 ≈ 1 is a just-noticeable difference between large patches side by
 * side; two thin lines far apart on a chart need several times more to be
 * told apart at a glance. 10 is the floor used here (ECharts' default
 * palette scores 3.2 under protanopia and fails it).
 */
const MIN_DELTA_E = 10;
const VISIONI: (Deficit | null)[] = [null, 'protanopia', 'deuteranopia', 'tritanopia'];
/** WCAG 1.4.11: graphical objects needed to understand the content. */
const MIN_CONTRAST = 3;

describe('colour science', () => {
  it('CIEDE2000 matches Sharma, Wu & Dalal (2005) test data', () => {
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000([50, -1.3802, -84.2814], [50, 0, -82.7485])).toBeCloseTo(1.0, 4);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(deltaE2000([2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514])).toBeCloseTo(0.9082, 4);
  });

  it('white is L* 100 and greys stay grey under every simulation', () => {
    const white = lab(linearRgb('#FFFFFF'));
    expect(white[0]).toBeCloseTo(100, 3);
    expect(Math.abs(white[1]) + Math.abs(white[2])).toBeLessThan(0.01);
    for (const d of ['protanopia', 'deuteranopia', 'tritanopia'] as const) {
      const grey = simulate(linearRgb('#777777'), d);
      expect(Math.max(...grey) - Math.min(...grey)).toBeLessThan(0.002);
    }
  });

  it('red and green collapse for a deuteranope (the simulation does something)', () => {
    expect(closestPair(['#D62728', '#2CA02C'], null).distance).toBeGreaterThan(40);
    expect(closestPair(['#D62728', '#2CA02C'], 'deuteranopia').distance).toBeLessThan(15);
  });

  it('WCAG contrast ratios: the extremes and a known grey', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 6);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBe(1);
    // #767676 is the lightest grey reaching 4.5:1 on white.
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#FFFFFF', '#767676')).toBe(contrastRatio('#767676', '#FFFFFF'));
  });

  it("Okabe–Ito's orange and sky blue fail the contrast check (it can fail)", () => {
    expect(contrastRatio('#E69F00', SFONDO_GRAFICO)).toBeLessThan(MIN_CONTRAST);
    expect(contrastRatio('#56B4E9', SFONDO_GRAFICO)).toBeLessThan(MIN_CONTRAST);
  });

  it("ECharts' default palette fails the check", () => {
    const echarts = [
      ...['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de'],
      ...['#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'],
    ];
    expect(closestPair(echarts, 'protanopia').distance).toBeLessThan(MIN_DELTA_E);
  });
});

describe('chart palette', () => {
  for (const visione of VISIONI) {
    const nome = visione ?? 'normal vision';
    it(`the line colours stay ${MIN_DELTA_E} ΔE00 apart: ${nome}`, () => {
      const { distance, pair } = closestPair(COLORI_SERIE, visione);
      expect(distance, `${pair.join(' / ')}: ${distance.toFixed(1)}`).toBeGreaterThanOrEqual(
        MIN_DELTA_E,
      );
    });
    it(`the bar chart's parts stay ${MIN_DELTA_E} ΔE00 apart: ${nome}`, () => {
      const { distance, pair } = closestPair(Object.values(COLORI_BARRE), visione);
      expect(distance, `${pair.join(' / ')}: ${distance.toFixed(1)}`).toBeGreaterThanOrEqual(
        MIN_DELTA_E,
      );
    });
  }

  it(`every line and bar colour reaches ${MIN_CONTRAST}:1 against the chart's background`, () => {
    for (const colore of [...COLORI_SERIE, ...Object.values(COLORI_BARRE)]) {
      const ratio = contrastRatio(colore, SFONDO_GRAFICO);
      expect(ratio, `${colore}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('lines of the same colour differ by their dash', () => {
    const n = COLORI_SERIE.length;
    const looks = new Set<string>();
    for (let k = 0; k < n * TRATTI_SERIE.length; k++) {
      const s = stileSerie(k);
      looks.add(`${s.color} ${s.type}`);
    }
    expect(looks.size).toBe(n * TRATTI_SERIE.length);
    expect(stileSerie(n)).toEqual({ color: COLORI_SERIE[0], type: 'dashed' });
  });
});
