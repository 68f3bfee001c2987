// Chart colours that stay apart under the common colour-vision deficiencies
// (issue 29): the Okabe–Ito palette without its yellow (too faint on white),
// checked by simulation in palette.test.ts (docs/accessibility.md). More
// lines than colours: the colours come round again with another dash, and
// every line carries its team's name at its end and in the tooltip.

/** Okabe & Ito (2008), "Color Universal Design", in the order lines take them. */
export const COLORI_SERIE = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#D55E00', // vermillion
  '#56B4E9', // sky blue
  '#CC79A7', // reddish purple
  '#000000', // black
] as const;

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

/** The bar chart's three parts (base, difficulty, the rest): blue, orange, grey. */
export const COLORI_BARRE = {
  base: '#0072B2',
  difficolta: '#E69F00',
  altro: '#6C757D',
} as const;
