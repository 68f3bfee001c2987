// The punteggi_last feed: after answers change, each session's subscribers get
// the new snapshot ({ora, json}, as /punteggi/ serves it), at most once per
// `minIntervalMs` per session. A burst of invalidations coalesces into one
// rebuild and one frame; one arriving while a rebuild runs schedules another,
// so the last frame sent always includes the last change.
import type { PunteggiJson } from '@gas/contracts';
import type { FeedHub } from './hub';
import { feedKey, newJsonFrame } from './messages';

/** What the feed needs of a snapshot (the cache of scores/cache.ts). */
export type SnapshotSource = {
  get(sessioneId: number): Promise<{ ora: Date; punteggi: PunteggiJson } | null>;
};

type State = {
  lastSentAt: number;
  timer: NodeJS.Timeout | null;
  building: boolean;
  /** Changed again since the running rebuild started. */
  dirty: boolean;
  /** The newest frame built so far and its snapshot (new subscribers get it as is). */
  last: { snapshot: object; ora: number; frame: Buffer } | null;
};

export type SnapshotFeedOptions = {
  minIntervalMs?: number;
  now?: () => number;
  onError?: (error: unknown, sessioneId: number) => void;
};

export class SnapshotFeed {
  private readonly states = new Map<number, State>();
  private readonly minIntervalMs: number;
  private readonly now: () => number;
  private closed = false;
  /** Frames broadcast (tests and metrics). */
  sent = 0;

  constructor(
    private readonly hub: FeedHub,
    private readonly snapshots: SnapshotSource,
    private readonly options: SnapshotFeedOptions = {},
  ) {
    this.minIntervalMs = options.minIntervalMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** The session's answers changed (here or on another instance). */
  changed(sessioneId: number): void {
    if (this.closed) return;
    const key = feedKey('last', sessioneId);
    if (this.hub.count(key) === 0) {
      // Nobody listens: forget the cached frame, it is stale now.
      const state = this.states.get(sessioneId);
      if (state && !state.timer && !state.building) this.states.delete(sessioneId);
      return;
    }
    const state = this.state(sessioneId);
    if (state.building) {
      state.dirty = true;
      return;
    }
    if (state.timer) return;
    const wait = Math.max(0, state.lastSentAt + this.minIntervalMs - this.now());
    state.timer = setTimeout(() => void this.publish(sessioneId, state), wait);
  }

  /**
   * The frame of the session's current snapshot, and from now on the newest
   * known one (frames only ever move forward in `ora`).
   */
  async current(sessioneId: number): Promise<Buffer | null> {
    const snapshot = await this.snapshots.get(sessioneId);
    if (!snapshot) return null;
    const state = this.state(sessioneId);
    const ora = snapshot.ora.getTime();
    if (!state.last || (state.last.snapshot !== snapshot && ora >= state.last.ora)) {
      state.last = { snapshot, ora, frame: newJsonFrame(snapshot.ora, snapshot.punteggi) };
    }
    return state.last.frame;
  }

  close(): void {
    this.closed = true;
    for (const state of this.states.values()) if (state.timer) clearTimeout(state.timer);
    this.states.clear();
  }

  private state(sessioneId: number): State {
    let state = this.states.get(sessioneId);
    if (!state) {
      state = { lastSentAt: 0, timer: null, building: false, dirty: false, last: null };
      this.states.set(sessioneId, state);
    }
    return state;
  }

  private async publish(sessioneId: number, state: State): Promise<void> {
    state.timer = null;
    state.building = true;
    state.dirty = false;
    state.lastSentAt = this.now();
    try {
      const frame = await this.current(sessioneId);
      if (frame && !this.closed) {
        this.hub.broadcast(feedKey('last', sessioneId), frame);
        this.sent += 1;
      }
    } catch (error) {
      this.options.onError?.(error, sessioneId);
    } finally {
      state.building = false;
    }
    if (state.dirty && !this.closed) this.changed(sessioneId);
  }
}
