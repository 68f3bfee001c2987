// Readiness (issue 16): whether this instance should be sent traffic. A load
// balancer asks /readyz: 503 until main.ts has migrated the database, loaded
// the demo data and connected LISTEN, again while any LISTEN connection is
// down, and from the moment shutdown begins; /healthz stays the liveness
// check (the process and its database answer). Requests other than the two
// probes get 503 until start-up is over, so nothing reaches a half-migrated
// database.

export class Prontezza {
  private avviata: boolean;
  private inArresto = false;
  private readonly controlli = new Map<string, () => boolean>();

  /** `avviata`: true for an app built by tests and scripts, which have no start-up phase. */
  constructor(avviata: boolean) {
    this.avviata = avviata;
  }

  /** Start-up done: migrations, demo data, LISTEN. */
  segnaAvviata(): void {
    this.avviata = true;
  }

  segnaArresto(): void {
    this.inArresto = true;
  }

  /** A condition that must hold to take traffic (a LISTEN connection being up). */
  aggiungiControllo(nome: string, ok: () => boolean): void {
    this.controlli.set(nome, ok);
  }

  get avvioConcluso(): boolean {
    return this.avviata;
  }

  stato(): { pronto: boolean; motivi: string[] } {
    const motivi: string[] = [];
    if (!this.avviata) motivi.push('avvio');
    if (this.inArresto) motivi.push('arresto');
    for (const [nome, ok] of this.controlli) if (!ok()) motivi.push(nome);
    return { pronto: motivi.length === 0, motivi };
  }
}
