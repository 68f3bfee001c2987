// A change feed (db/changes.ts) for an in-memory cache: started on first use,
// not blocking the app's start, and tried again a while after a failed start
// (PostgreSQL listener unreachable). The cache keeps copies only while `live`.
// Used by the session cache, the answer routes' SubmissionTargets and the live
// feeds' access guard.
import type { Database } from './client';
import { startChangeFeed, type ChangeFeed, type ChangeFeedHandlers } from './changes';
import type { ListenerLogger } from './listener';

/** After a failed start, try again no sooner than this. */
const RETRY_MS = 5_000;

export type LazyChangeFeedOptions = {
  /** PostgreSQL connection for LISTEN (not through a transaction pooler). */
  listenUrl?: string;
  log: ListenerLogger;
  /** Named in the warning of a failed start. */
  name: string;
};

export class LazyChangeFeed {
  private feed: ChangeFeed | null = null;
  private starting: Promise<void> | null = null;
  private nextStartAt = 0;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly handlers: ChangeFeedHandlers,
    private readonly options: LazyChangeFeedOptions,
  ) {}

  /** True while every change is being received. */
  get live(): boolean {
    return this.feed?.live === true;
  }

  /** Starts listening if not yet (returns at once; callers meanwhile read the database). */
  ensure(): void {
    if (this.feed || this.starting || this.stopped || Date.now() < this.nextStartAt) return;
    this.starting = startChangeFeed(this.database, this.handlers, this.options)
      .then(async (feed) => {
        if (this.stopped) await feed.stop();
        else this.feed = feed;
      })
      .catch((err: unknown) => {
        this.nextStartAt = Date.now() + RETRY_MS;
        this.options.log.warn({ err }, `${this.options.name}: ascolto delle modifiche non avviato`);
      })
      .finally(() => {
        this.starting = null;
      });
  }

  /** Resolves once a start under way has finished (tests). */
  async ready(): Promise<void> {
    this.ensure();
    await this.starting;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting;
    await this.feed?.stop();
    this.feed = null;
  }
}
