// A session's fixed part (parameters, problems, teams) with dense indices,
// and events resolved against it: times in epoch ms, team and problem indices.
import { CAPITAL_FOR_ALL_BEFORE, resolveParams } from './params';
import { instant, parseInstant } from './time';
import type { ProblemInput, ScoringEvent, ScoringParams, SessionSetup } from './types';

/** A team with its optional fields filled in. */
export interface Team {
  id: number;
  nome: string;
  ospite: boolean;
  ordine_eta: number;
  penalita: number;
  scuola: number | null;
}

/** The fixed part of a session, with dense indices for teams and problems. */
export interface Session {
  params: ScoringParams;
  /** Session start, epoch ms. */
  inizio: number;
  /** Starting capital for every team (sessions before 2023-07-01 Rome time). */
  capitalForAll: boolean;
  problems: readonly ProblemInput[];
  teams: readonly Team[];
  problemIndex: ReadonlyMap<number, number>;
  teamIndex: ReadonlyMap<number, number>;
}

/** Builds the session; throws a RangeError on duplicate ids or a bad start date. */
export function prepareSession(setup: SessionSetup): Session {
  const inizio = instant(setup.inizio, 'inizio');
  const problemIndex = new Map<number, number>();
  setup.problemi.forEach((p, i) => {
    if (problemIndex.has(p.id)) throw new RangeError(`duplicate problem id ${p.id}`);
    problemIndex.set(p.id, i);
  });
  const teamIndex = new Map<number, number>();
  const teams = setup.squadre.map((t, i): Team => {
    if (teamIndex.has(t.id)) throw new RangeError(`duplicate team id ${t.id}`);
    teamIndex.set(t.id, i);
    return {
      id: t.id,
      nome: t.nome,
      ospite: t.ospite ?? false,
      ordine_eta: t.ordine_eta ?? 0,
      penalita: t.penalita ?? 0,
      scuola: t.scuola ?? null,
    };
  });
  return {
    params: resolveParams(setup.params),
    inizio,
    capitalForAll: inizio < CAPITAL_FOR_ALL_BEFORE,
    problems: setup.problemi.map((p) => ({ id: p.id, nome: p.nome })),
    teams,
    problemIndex,
    teamIndex,
  };
}

/** Event kinds as the state machine sees them. */
export const JOKER = 0;
export const RIGHT = 1;
export const WRONG = 2;

/** An event resolved against a session: dense indices and the time in ms. */
export interface Resolved {
  id: number;
  /** Delivery time, epoch ms. */
  t: number;
  /** Team index. */
  ti: number;
  /** Problem index. */
  pi: number;
  /** JOKER, RIGHT or WRONG. */
  kind: number;
  /** The original event. */
  event: ScoringEvent;
  /** What applying it did (see state.ts); set when applied. */
  effect: number;
}

/**
 * Resolves an event, or returns null when its team or problem is unknown
 * (such events are ignored). Throws a RangeError on a bad date.
 */
export function resolveEvent(session: Session, e: ScoringEvent): Resolved | null {
  const ti = session.teamIndex.get(e.s);
  const pi = session.problemIndex.get(e.p);
  const t = parseInstant(e.d);
  if (t === null) throw new RangeError(`event ${e.id}: d is not an ISO 8601 date-time: ${e.d}`);
  if (ti === undefined || pi === undefined) return null;
  const kind = e.k === 'j' ? JOKER : e.c === true ? RIGHT : WRONG;
  return { id: e.id, t, ti, pi, kind, event: e, effect: 0 };
}

/** Event order: delivery time, then id. */
export function compareResolved(a: Resolved, b: Resolved): number {
  return a.t - b.t || a.id - b.id;
}

/**
 * Marks ids as seen; `add` is true the first time. Event ids are usually
 * dense integers, for which a byte map is much cheaper than a Set.
 */
function idTracker(events: readonly ScoringEvent[]): (id: number) => boolean {
  let min = Infinity;
  let max = -Infinity;
  for (const e of events) {
    if (!Number.isSafeInteger(e.id)) min = -Infinity;
    if (e.id < min) min = e.id;
    if (e.id > max) max = e.id;
  }
  if (Number.isFinite(min) && max - min <= 8 * events.length + 1024) {
    const seen = new Uint8Array(max - min + 1);
    return (id) => (seen[id - min] === 1 ? false : (seen[id - min] = 1) === 1);
  }
  const seen = new Set<number>();
  return (id) => (seen.has(id) ? false : seen.add(id) !== undefined);
}

/**
 * Resolves, de-duplicates (the first event with a given id wins, as in the
 * live state) and sorts events; `at` keeps only those with `d <= at`.
 */
export function resolveEvents(
  session: Session,
  events: readonly ScoringEvent[],
  at: number | null = null,
): Resolved[] {
  const out: Resolved[] = [];
  const firstTime = idTracker(events);
  for (const e of events) {
    if (!firstTime(e.id)) continue;
    const r = resolveEvent(session, e);
    if (r !== null && (at === null || r.t <= at)) out.push(r);
  }
  return out.sort(compareResolved);
}
