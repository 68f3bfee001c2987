// Timing summaries: the median (robust to GC pauses and to the other
// processes of a shared machine), the mean and the 95th percentile.
export interface Timing {
  median: number;
  mean: number;
  p95: number;
  runs: number;
}

export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { median: at(0.5), mean, p95: at(0.95), runs: samples.length };
}

export const ms = (x: number) => (x < 1 ? `${(x * 1000).toFixed(0)} µs` : `${x.toFixed(2)} ms`);
