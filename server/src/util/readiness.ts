// Readiness (issue 16): whether this instance should be sent traffic. A load
// balancer asks /readyz: 503 until main.ts has migrated the database, loaded
// the demo data and connected LISTEN, again while any LISTEN connection is
// down, and from the moment shutdown begins; /healthz stays the liveness
// check (the process and its database answer). Requests other than the two
// probes get 503 until start-up is over, so nothing reaches a half-migrated
// database.

export class Readiness {
  private startedUp: boolean;
  private stopping = false;
  private readonly checks = new Map<string, () => boolean>();

  /** `started`: true for an app built by tests and scripts, which have no start-up phase. */
  constructor(started: boolean) {
    this.startedUp = started;
  }

  /** Start-up done: migrations, demo data, LISTEN. */
  markStarted(): void {
    this.startedUp = true;
  }

  markStopping(): void {
    this.stopping = true;
  }

  /** A condition that must hold to take traffic (a LISTEN connection being up). */
  addCheck(name: string, ok: () => boolean): void {
    this.checks.set(name, ok);
  }

  get started(): boolean {
    return this.startedUp;
  }

  /** The /readyz answer (its wire fields in Italian: `pronto`, `motivi`). */
  state(): { pronto: boolean; motivi: string[] } {
    const motivi: string[] = [];
    if (!this.startedUp) motivi.push('avvio');
    if (this.stopping) motivi.push('arresto');
    for (const [name, ok] of this.checks) if (!ok()) motivi.push(name);
    return { pronto: motivi.length === 0, motivi };
  }
}
