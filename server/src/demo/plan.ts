// The script of the live demo: when each team chooses its joker and submits
// which answer. Pure and deterministic for a seed: every boot of the demo (and
// every instance) plays the same contest.
import { createRandom, type Random } from './seed/random';

export type DemoProblema = { id: number; soluzione: number; soluzioneExp: number };

export type DemoAction =
  | { at: number; kind: 'j'; squadra: number; problema: number }
  | { at: number; kind: 'r'; squadra: number; problema: number; valore: string; valoreExp: number };

export type DemoPlanInput = {
  seed: number;
  squadre: readonly number[];
  /** In contest order (P1..Pn). */
  problemi: readonly DemoProblema[];
  /** From the start: how long the contest lasts and until when jokers are taken. */
  durationMs: number;
  jollyMs: number;
};

const MINUTE = 60_000;
const clamp = (x: number, low: number, high: number) => Math.min(high, Math.max(low, x));

/** Three significant digits, as a team would write it. */
const digits = (x: number) => String(Number(x.toPrecision(3)));

function rightValue(random: Random, p: DemoProblema) {
  // Within a fifth of the usual 0.5% tolerance: counted correct.
  const noise = 1 + random.between(-0.001, 0.001);
  return { valore: digits(p.soluzione * noise), valoreExp: p.soluzioneExp };
}

function wrongValue(random: Random, p: DemoProblema) {
  if (random.chance(0.35)) {
    return { valore: digits(p.soluzione), valoreExp: p.soluzioneExp + random.pick([-2, -1, 1, 3]) };
  }
  const factor = random.pick([0.31, 0.5, 0.62, 1.5, 1.9, 2.7, -1]);
  return { valore: digits(p.soluzione * factor || 1), valoreExp: p.soluzioneExp };
}

export function planDemo(input: DemoPlanInput): DemoAction[] {
  const random = createRandom(input.seed);
  const { durationMs, jollyMs, problemi } = input;
  const difficulty = problemi.map(() => random.between(0.1, 0.85));
  const actions: DemoAction[] = [];
  for (const squadra of input.squadre) {
    const skill = random.between(0.3, 0.95);
    // The joker goes on one of the first problems, within its deadline.
    const joker = random.pick(problemi.slice(0, Math.min(12, problemi.length)));
    if (joker) {
      const at = Math.round(random.between(0.02, 0.7) * jollyMs);
      actions.push({ at, kind: 'j', squadra, problema: joker.id });
    }
    // Mostly in order, with a few problems swapped with the next one.
    const order = problemi.map((p, i) => ({
      p,
      d: difficulty[i]!,
      key: i + random.between(0, 1.6),
    }));
    order.sort((a, b) => a.key - b.key);
    let t = random.between(0.3, 1.5) * MINUTE;
    for (const { p, d } of order) {
      if (!random.chance(clamp(0.3 + skill - d * 0.5, 0.05, 0.95))) continue;
      const pRight = clamp(0.5 + skill * 0.45 - d * 0.35, 0.2, 0.95);
      for (let attempt = 0; attempt < 3; attempt++) {
        t += random.between(1.5, 8.5) * (0.5 + d) * MINUTE;
        if (t >= durationMs) break;
        const right = random.chance(pRight);
        const value = right ? rightValue(random, p) : wrongValue(random, p);
        actions.push({ at: Math.round(t), kind: 'r', squadra, problema: p.id, ...value });
        if (right || random.chance(0.4)) break;
      }
      if (t >= durationMs) break;
    }
  }
  return actions.sort((a, b) => a.at - b.at || a.squadra - b.squadra);
}
