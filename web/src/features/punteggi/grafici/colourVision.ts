// Colour science for checking the charts' palette (palette.test.ts): the
// simulation of colour-vision deficiencies of Machado, Oliveira & Fernandes
// (2009), severity 1.0, applied to linear RGB; CIELAB (D65) and the CIEDE2000
// colour difference. Only the tests use it (not part of the app's bundle).

export type Deficit = 'protanopia' | 'deuteranopia' | 'tritanopia';
type Matrix = readonly [readonly number[], readonly number[], readonly number[]];

/** Machado et al. 2009, Table 1, severity 1.0 (linear RGB → linear RGB). */
export const MACHADO_2009: Record<Deficit, Matrix> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

export type Rgb = readonly [number, number, number];
export type Lab = readonly [number, number, number];

/** '#RRGGBB' → linear RGB in [0, 1] (sRGB transfer function undone). */
export function linearRgb(hex: string): Rgb {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return [lin(c[0]!), lin(c[1]!), lin(c[2]!)];
}

/** A colour as seen with a deficiency (clipped to the displayable range). */
export function simulate(rgb: Rgb, deficit: Deficit): Rgb {
  const m = MACHADO_2009[deficit];
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  const row = (r: readonly number[]) => clip(r[0]! * rgb[0] + r[1]! * rgb[1] + r[2]! * rgb[2]);
  return [row(m[0]), row(m[1]), row(m[2])];
}

/** Linear sRGB → CIELAB, D65 white. */
export function lab([r, g, b]: Rgb): Lab {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), kL = kC = kH = 1. */
export function deltaE2000(p: Lab, q: Lab): number {
  const deg = Math.PI / 180;
  const [l1, a1, b1] = p;
  const [l2, a2, b2] = q;
  const cMean = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cMean ** 7 / (cMean ** 7 + 25 ** 7)));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1 = Math.hypot(a1p, b1);
  const c2 = Math.hypot(a2p, b2);
  const hue = (a: number, b: number) => {
    if (a === 0 && b === 0) return 0;
    const h = Math.atan2(b, a) / deg;
    return h < 0 ? h + 360 : h;
  };
  const h1 = hue(a1p, b1);
  const h2 = hue(a2p, b2);
  let dh = 0;
  if (c1 * c2 !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dL = l2 - l1;
  const dC = c2 - c1;
  const dH = 2 * Math.sqrt(c1 * c2) * Math.sin((dh * deg) / 2);
  const lMean = (l1 + l2) / 2;
  const cpMean = (c1 + c2) / 2;
  let hMean = h1 + h2;
  if (c1 * c2 !== 0) {
    hMean = Math.abs(h1 - h2) > 180 ? (h1 + h2 + (h1 + h2 < 360 ? 360 : -360)) / 2 : (h1 + h2) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos((hMean - 30) * deg) +
    0.24 * Math.cos(2 * hMean * deg) +
    0.32 * Math.cos((3 * hMean + 6) * deg) -
    0.2 * Math.cos((4 * hMean - 63) * deg);
  const dTheta = 30 * Math.exp(-(((hMean - 275) / 25) ** 2));
  const rC = 2 * Math.sqrt(cpMean ** 7 / (cpMean ** 7 + 25 ** 7));
  const sL = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sC = 1 + 0.045 * cpMean;
  const sH = 1 + 0.015 * cpMean * t;
  const rT = -Math.sin(2 * dTheta * deg) * rC;
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}

/** The closest pair of a palette as seen with a deficiency (or normal vision). */
export function closestPair(
  palette: readonly string[],
  deficit: Deficit | null,
): { distance: number; pair: [string, string] } {
  const seen = palette.map((hex) => {
    const rgb = linearRgb(hex);
    return lab(deficit ? simulate(rgb, deficit) : rgb);
  });
  let best = { distance: Infinity, pair: ['', ''] as [string, string] };
  for (let i = 0; i < palette.length; i++) {
    for (let j = i + 1; j < palette.length; j++) {
      const distance = deltaE2000(seen[i]!, seen[j]!);
      if (distance < best.distance) best = { distance, pair: [palette[i]!, palette[j]!] };
    }
  }
  return best;
}

/** WCAG 2.x contrast ratio of two colours (relative luminance, 1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = linearRgb(hex);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
