// How much a page may report (issue 16): a broken page can throw in every
// render, every frame, every second; the inbox needs one report of each
// error, not a flood. The same error (same kind, context and message) goes
// out once every 10 minutes at most, and a tab sends at most 10 reports in
// any 10 minutes. The server limits each address as well.

export const FINESTRA_MS = 10 * 60_000;
export const MASSIMO_PER_FINESTRA = 10;

export class FiltroSegnalazioni {
  private readonly ultimaVolta = new Map<string, number>();
  private inviate: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** True when the report of `chiave` should go out now (and counts it). */
  consenti(chiave: string): boolean {
    const t = this.now();
    const prima = this.ultimaVolta.get(chiave);
    if (prima !== undefined && t - prima < FINESTRA_MS) return false;
    this.inviate = this.inviate.filter((x) => t - x < FINESTRA_MS);
    if (this.inviate.length >= MASSIMO_PER_FINESTRA) return false;
    this.inviate.push(t);
    this.ultimaVolta.set(chiave, t);
    return true;
  }
}
