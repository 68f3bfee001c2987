// Slows down password guessing: after MAX_FAILURES failed logins for the same
// username from the same address within WINDOW_MS, further attempts get 429
// until the window passes. Kept in memory: each instance counts on its own,
// which still bounds guessing to a handful of tries per minute. Addresses
// count as clientKey does (an IPv6 client by its /64).
import { clientKey } from '../client-address';

const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const MAX_KEYS = 100_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private key(ip: string, username: string): string {
    return `${clientKey(ip)}\u0000${username.trim().toLowerCase()}`;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  isBlocked(ip: string, username: string): boolean {
    return this.recent(this.key(ip, username)).length >= MAX_FAILURES;
  }

  recordFailure(ip: string, username: string): void {
    if (this.failures.size >= MAX_KEYS) this.failures.clear();
    const key = this.key(ip, username);
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  reset(ip: string, username: string): void {
    this.failures.delete(this.key(ip, username));
  }
}
