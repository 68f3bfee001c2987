// Chart colours that stay apart under the common colour-vision deficiencies
// and stand out from the chart's white (issue 29, docs/accessibility.md):
// every colour reaches 3:1 against white (WCAG 1.4.11, graphics needed to
// read the chart) and every pair stays apart as seen with protanopia,
// deuteranopia and tritanopia, both checked in palette.test.ts. More lines
// than colours: the colours come round again with another dash, and every
// line carries its team's name at its end and in the tooltip.

/**
 * Okabe & Ito's (2008) blue, vermillion and bluish green, which reach 3:1 on
 * white as they are; their orange and sky blue (about 2.3:1) are left out and
 * their reddish purple darkened (#CC79A7 → #A53C69), and indigo, brown and
 * black complete the set. Chosen by searching the colours at 3:1 or more for
 * the set farthest apart under all three simulations (closest pair ΔE00 12.4).
 */
export const COLORI_SERIE = [
  '#0072B2', // blue
  '#D55E00', // vermillion
  '#009E73', // bluish green
  '#A53C69', // wine (Okabe–Ito's reddish purple, darker)
  '#1E0FB4', // indigo
  '#692D0F', // brown
  '#000000', // black
] as const;

/** The chart's background, against which every colour is checked. */
export const SFONDO_GRAFICO = '#FFFFFF';

/** Dashes of the lines' later rounds of colours. */
export const TRATTI_SERIE = ['solid', 'dashed', 'dotted'] as const;

/** The look of the k-th line: its colour, and a dash telling apart lines of the same colour. */
export function stileSerie(k: number): { color: string; type: (typeof TRATTI_SERIE)[number] } {
  const n = COLORI_SERIE.length;
  return {
    color: COLORI_SERIE[k % n]!,
    type: TRATTI_SERIE[Math.floor(k / n) % TRATTI_SERIE.length]!,
  };
}

/** The bar chart's three parts (base, difficulty, the rest): blue, vermillion, grey. */
export const COLORI_BARRE = {
  base: '#0072B2',
  difficolta: '#D55E00',
  altro: '#6C757D',
} as const;
