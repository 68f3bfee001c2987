// A change feed (db/changes.ts) for an in-memory cache: started on first use,
// not blocking the app's start, and tried again a while after a failed start
// (PostgreSQL listener unreachable). The cache keeps copies only while `live`.
//
// SharedChangeFeed puts one such feed (so, on PostgreSQL, one LISTEN
// connection per instance) behind several subscribers: the composition root
// (services.ts) builds one, and the actor cache, the answer routes'
// SubmissionTargets and the live feeds' access guard subscribe to it.
import type { Database } from './client';
import {
  startChangeFeed,
  type ChangeFeed,
  type ChangeFeedHandlers,
  type DbChange,
} from './changes';
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

/** One subscriber's view of a shared change feed. */
export interface ChangeSubscription {
  /** True while every change is being received (and this subscription is open). */
  readonly live: boolean;
  /** Starts the shared feed if not yet (returns at once). */
  ensure(): void;
  /** Resolves once a start under way has finished. */
  ready(): Promise<void>;
  /** No more changes for these handlers (the feed goes on for the others). */
  close(): void;
}

/** Where a cache subscribes to committed changes. */
export interface ChangeSource {
  subscribe(handlers: ChangeFeedHandlers): ChangeSubscription;
}

/** One change feed for every in-memory cache of the instance. */
export class SharedChangeFeed implements ChangeSource {
  private readonly subscribers = new Set<ChangeFeedHandlers>();
  private readonly feed: LazyChangeFeed;

  constructor(
    database: Database,
    private readonly options: LazyChangeFeedOptions,
  ) {
    this.feed = new LazyChangeFeed(
      database,
      {
        onChange: (change) => this.each((h) => h.onChange(change), change),
        onReset: () => this.each((h) => h.onReset()),
      },
      options,
    );
  }

  subscribe(handlers: ChangeFeedHandlers): ChangeSubscription {
    this.subscribers.add(handlers);
    const feed = this.feed;
    let closed = false;
    return {
      get live() {
        return !closed && feed.live;
      },
      ensure: () => feed.ensure(),
      ready: () => feed.ready(),
      close: () => {
        closed = true;
        this.subscribers.delete(handlers);
      },
    };
  }

  get live(): boolean {
    return this.feed.live;
  }

  ensure(): void {
    this.feed.ensure();
  }

  ready(): Promise<void> {
    return this.feed.ready();
  }

  async stop(): Promise<void> {
    this.subscribers.clear();
    await this.feed.stop();
  }

  /** A failing subscriber must not keep the change from the others. */
  private each(deliver: (handlers: ChangeFeedHandlers) => void, change?: DbChange): void {
    for (const handlers of this.subscribers) {
      try {
        deliver(handlers);
      } catch (err) {
        this.options.log.warn({ err, change }, `${this.options.name}: modifica non applicata`);
      }
    }
  }
}
