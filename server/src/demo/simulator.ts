// Plays the demo script (plan.ts) in real time. Every action goes through the
// same HTTP routes people use (POST /api/gas/risposta/ and /api/gas/jolly/,
// injected in process, with a real login session and CSRF token), so the
// checks, the commit, the snapshot invalidation and the live broadcast are
// exactly those of a real submission.
//
// Bounded: the script has a fixed number of actions, only those still ahead
// are played (a restart skips what the previous run did), and stop() ends it.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { insertLoginSession } from '../auth/queries';
import { hashToken, randomToken } from '../auth/tokens';
import { userIdByUsername } from './queries';
import type { DemoAction } from './plan';

export type Submit = (action: DemoAction) => Promise<number>;

type Logger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * A submit function acting as `username`: a login session is stored as the
 * login route would, and each action is an injected POST carrying its cookie.
 * Null when the user does not exist (a database without demo data).
 */
export async function injectSubmitter(
  app: FastifyInstance,
  db: Db,
  username: string,
): Promise<Submit | null> {
  const userId = await userIdByUsername(db, username);
  if (userId === null) return null;
  const token = randomToken();
  const csrf = randomToken(24);
  await insertLoginSession(db, {
    id: hashToken(token),
    userId,
    csrfSecret: randomToken(16),
    expiresAt: new Date(Date.now() + 3 * 24 * 3600_000),
  });
  return async (action) => {
    const payload =
      action.kind === 'j'
        ? { squadra: action.squadra, problema: action.problema }
        : {
            squadra: action.squadra,
            problema: action.problema,
            valore: action.valore,
            valore_exp: action.valoreExp,
          };
    const response = await app.inject({
      method: 'POST',
      url: action.kind === 'j' ? '/api/gas/jolly/' : '/api/gas/risposta/',
      headers: { 'x-csrftoken': csrf, 'user-agent': 'gas-demo-simulator' },
      cookies: { sessionid: token, csrftoken: csrf },
      payload,
    });
    return response.statusCode;
  };
}

export type SimulatorOptions = {
  actions: readonly DemoAction[];
  /** The contest start: action `at` is relative to it. */
  startMs: number;
  submit: Submit;
  log: Logger;
  now?: () => number;
};

export class DemoSimulator {
  private timer: NodeJS.Timeout | null = null;
  private next = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly now: () => number;
  readonly stats = { submitted: 0, failed: 0 };

  constructor(private readonly options: SimulatorOptions) {
    this.now = options.now ?? Date.now;
    const elapsed = this.now() - options.startMs;
    // What is already past was played by an earlier run (or is lost with its downtime).
    while (this.next < options.actions.length && options.actions[this.next]!.at < elapsed) {
      this.next += 1;
    }
  }

  /** Actions left to play. */
  get remaining(): number {
    return this.options.actions.length - this.next;
  }

  start(): void {
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(): void {
    if (this.stopped || this.next >= this.options.actions.length) return;
    const due = this.options.startMs + this.options.actions[this.next]!.at;
    // Capped so that a clock jump is noticed within a minute.
    const wait = Math.min(Math.max(0, due - this.now()), 60_000);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.playDue().finally(() => {
        this.running = null;
        this.schedule();
      });
    }, wait);
    this.timer.unref();
  }

  private async playDue(): Promise<void> {
    const { actions, startMs, submit, log } = this.options;
    while (!this.stopped && this.next < actions.length) {
      const action = actions[this.next]!;
      if (startMs + action.at > this.now()) return;
      this.next += 1;
      try {
        const status = await submit(action);
        if (status >= 200 && status < 300) this.stats.submitted += 1;
        else {
          this.stats.failed += 1;
          if (this.stats.failed <= 5) log.warn({ status, action }, 'demo: invio rifiutato');
        }
      } catch (err) {
        this.stats.failed += 1;
        if (this.stats.failed <= 5) log.warn({ err }, 'demo: invio fallito');
      }
    }
  }
}
