// The shape check of one event (spec §5: a live event must carry p, s, k, d,
// id, and also c when k is r; otherwise it is malformed and dropped).
import { parseInstant } from './time';
import type { ScoringEvent } from './types';

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** Problems of an event, as messages; empty when it is well formed. */
export function eventProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return ['must be an object'];
  }
  const e = value as Record<string, unknown>;
  const out: string[] = [];
  if (!isInt(e.id)) out.push('id: must be an integer');
  if (e.k !== 'r' && e.k !== 'j') out.push("k: must be 'r' (answer) or 'j' (joker)");
  if (!isInt(e.s)) out.push('s: must be an integer (team id)');
  if (!isInt(e.p)) out.push('p: must be an integer (problem id)');
  if (typeof e.d !== 'string') out.push('d: must be an ISO 8601 date-time string');
  else if (parseInstant(e.d) === null) {
    out.push(`d: not an ISO 8601 date-time with a time zone: ${JSON.stringify(e.d)}`);
  }
  if (e.k === 'r' && typeof e.c !== 'boolean') out.push("c: must be true or false when k is 'r'");
  if (e.c !== undefined && typeof e.c !== 'boolean') out.push('c: must be true or false');
  return out;
}

/** True when the value is a well-formed event. */
export function isScoringEvent(value: unknown): value is ScoringEvent {
  return eventProblems(value).length === 0;
}
