// Replay of a concluded session (spec §4): the clock restarts at the session
// start and advances in 50 ms steps so that the whole session plays in the
// chosen duration (default 120 s); it stops after passing the end. The
// events are fed in order to a fresh engine, so each step costs only the
// events it crosses plus one leaderboard.
import {
  LiveScoring,
  parseInstant,
  type Leaderboard,
  type ScoringEvent,
  type SessionSetup,
} from '@gas/scoring';

export const REPLAY_TICK_MS = 50;
export const DEFAULT_REPLAY_SECONDS = 120;
export const MIN_REPLAY_SECONDS = 1;
export const MAX_REPLAY_SECONDS = 3600;

export class ReplayRun {
  readonly inizio: number;
  readonly fine: number;
  /** Session milliseconds per tick. */
  readonly step: number;
  /** The replayed instant (epoch ms). */
  t: number;
  private readonly scoring: LiveScoring;
  private readonly events: { t: number; e: ScoringEvent }[];
  private next = 0;

  constructor(
    setup: SessionSetup,
    events: readonly ScoringEvent[],
    inizio: number,
    fine: number,
    durationSeconds: number = DEFAULT_REPLAY_SECONDS,
  ) {
    this.inizio = inizio;
    this.fine = fine;
    const ticks = Math.max(1, (durationSeconds * 1000) / REPLAY_TICK_MS);
    this.step = Math.max(1, (fine - inizio) / ticks);
    this.t = inizio;
    this.scoring = new LiveScoring(setup);
    this.events = events
      .map((e) => ({ t: parseInstant(e.d) ?? Number.NaN, e }))
      .filter((x) => Number.isFinite(x.t))
      .sort((a, b) => a.t - b.t || a.e.id - b.e.id);
    this.advanceTo(this.t);
  }

  /** One 50 ms step; true once the replay has passed the end. */
  tick(): boolean {
    this.t += this.step;
    this.advanceTo(Math.min(this.t, this.fine));
    return this.t > this.fine;
  }

  get done(): boolean {
    return this.t > this.fine;
  }

  /** 0..1 of the session replayed. */
  get progress(): number {
    return Math.min(1, (this.t - this.inizio) / Math.max(1, this.fine - this.inizio));
  }

  leaderboard(): Leaderboard {
    return this.scoring.leaderboard(Math.min(this.t, this.fine));
  }

  private advanceTo(t: number): void {
    while (this.next < this.events.length && this.events[this.next]!.t <= t) {
      this.scoring.apply(this.events[this.next]!.e);
      this.next++;
    }
  }
}

/** The duration typed by the user, in seconds, or null when not acceptable. */
export function parseReplaySeconds(text: string): number | null {
  const n = Number(text.replace(',', '.'));
  if (!Number.isFinite(n) || n < MIN_REPLAY_SECONDS || n > MAX_REPLAY_SECONDS) return null;
  return n;
}
