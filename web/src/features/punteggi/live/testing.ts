// The live session's test fixtures: a two-problem, three-team session
// starting at T0, its dependencies, and answers placed by minute.
import type { ScoringEvent, SessionSetup } from '@gas/scoring';
import { vi } from 'vitest';
import type { LiveSessionDeps } from './LiveSession';

export const T0 = Date.parse('2026-04-15T09:00:00Z');
/** The instant `minutes` after T0, as the feeds write it. */
export const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

export const setup: SessionSetup = {
  inizio: at(0),
  problemi: [
    { id: 1, nome: 'P1' },
    { id: 2, nome: 'P2' },
  ],
  squadre: [
    { id: 10, nome: 'Alfa' },
    { id: 11, nome: 'Beta' },
    { id: 12, nome: 'Gamma' },
  ],
};

/** The session's fetches (nothing to fetch), an hour after T0, logs swallowed. */
export function deps(overrides: Partial<LiveSessionDeps> = {}): LiveSessionDeps {
  return {
    fetchAfter: vi.fn(async () => []),
    fetchIds: vi.fn(async () => []),
    fetchByIds: vi.fn(async () => []),
    now: () => T0 + 60 * 60_000,
    log: { warn: vi.fn(), info: vi.fn() },
    ...overrides,
  };
}

/** An answer of team `s` to problem `p`, right or wrong, `minute` after T0. */
export const r = (id: number, s: number, p: number, c: boolean, minute: number): ScoringEvent => ({
  id,
  k: 'r',
  s,
  p,
  c,
  d: at(minute),
});
