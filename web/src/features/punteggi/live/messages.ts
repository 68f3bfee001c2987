// The frames of the score feeds (server/src/live/messages.ts, spec §7):
//   punteggi_eventi: npe {id,k,s,p,c,d}, npe_delete {id}, refresh_page,
//                    refresh_page_delayed {interval}
//   punteggi_last:   new_json {json: {ora, json}}
// A malformed npe (spec §5: p, s, k, d, id, and c when k is r) is reported
// and dropped; an unknown type is logged as a warning (spec §8).
import { eventProblems, type ScoringEvent } from '@gas/scoring';
import type { PunteggiItem } from '../types';

export type EventiMessage =
  | { type: 'npe'; event: ScoringEvent }
  | { type: 'npe_delete'; id: number }
  | { type: 'refresh_page' }
  | { type: 'refresh_page_delayed'; interval: number }
  | { type: 'pong' }
  | { type: 'malformed'; problems: string[]; raw: string }
  | { type: 'unknown'; raw: string };

export type LastMessage =
  | { type: 'new_json'; item: PunteggiItem }
  | { type: 'pong' }
  | { type: 'malformed'; problems: string[]; raw: string }
  | { type: 'unknown'; raw: string };

function parse(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export function parseEventiMessage(text: string): EventiMessage {
  const m = parse(text);
  if (!m) return { type: 'malformed', problems: ['non è un oggetto JSON'], raw: text };
  switch (m.type) {
    case 'npe': {
      const { type: _type, ...rest } = m;
      const problems = eventProblems(rest);
      if (problems.length > 0) return { type: 'malformed', problems, raw: text };
      const e = rest as unknown as ScoringEvent;
      // Only the fields of the event: extra keys stay out of the engine.
      const event: ScoringEvent =
        e.k === 'r'
          ? { id: e.id, k: 'r', s: e.s, p: e.p, c: e.c, d: e.d }
          : { id: e.id, k: 'j', s: e.s, p: e.p, d: e.d };
      return { type: 'npe', event };
    }
    case 'npe_delete':
      return isId(m.id)
        ? { type: 'npe_delete', id: m.id }
        : { type: 'malformed', problems: ['id: deve essere un intero positivo'], raw: text };
    case 'refresh_page':
      return { type: 'refresh_page' };
    case 'refresh_page_delayed': {
      const interval = Number(m.interval);
      return Number.isFinite(interval) && interval >= 0
        ? { type: 'refresh_page_delayed', interval }
        : { type: 'malformed', problems: ['interval: deve essere un numero'], raw: text };
    }
    case 'pong':
      return { type: 'pong' };
    default:
      return { type: 'unknown', raw: text };
  }
}

export function parseLastMessage(text: string): LastMessage {
  const m = parse(text);
  if (!m) return { type: 'malformed', problems: ['non è un oggetto JSON'], raw: text };
  if (m.type === 'pong') return { type: 'pong' };
  if (m.type !== 'new_json') return { type: 'unknown', raw: text };
  const item = m.json as PunteggiItem | undefined;
  if (
    !item ||
    typeof item.ora !== 'string' ||
    typeof item.json !== 'object' ||
    item.json === null ||
    !Array.isArray(item.json.classifica)
  ) {
    return { type: 'malformed', problems: ['json: manca {ora, json}'], raw: text };
  }
  return { type: 'new_json', item };
}

/** A random delay in [0, interval] seconds, in ms (spec §4: pages reload spread over the interval). */
export function delayedRefreshMs(intervalSeconds: number, random: () => number = Math.random) {
  return Math.floor(random() * Math.max(0, intervalSeconds) * 1000);
}
