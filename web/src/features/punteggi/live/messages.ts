// The frames of the score feeds (@gas/contracts live.ts, spec §7):
//   punteggi_eventi: npe {id,k,s,p,c,d}, npe_delete {id}, refresh_page,
//                    refresh_page_delayed {interval}, pong
//   punteggi_last:   new_json {json: {ora, json}}, pong
//   punteggi_eventi and messaggi-importanti, the event's own changes:
//                    tempi {evento, inizio, fine, fine_consegna_jolly},
//                    modifica {evento, parti} (api/modifiche-evento.ts applies them)
// A malformed frame (spec §5: an npe needs p, s, k, d, id, and c when k is r)
// is reported with Italian problem descriptions and dropped; an unknown type
// is logged as a warning (spec §8).
//
// Two checks, one verdict. The frames' types and their schemas are the
// contracts' (live.ts). Production checks each frame with `frameProblems`
// below: the same rules as the schemas for every frame the page acts on,
// without zod, which would add about 20 kB (gzip) even as zod/mini to the
// scores page (docs/performance.md, bench:web). In development and tests every
// frame is also parsed with the contracts' schema, and a different verdict is
// reported as an error (`crossCheck`), so the two cannot drift apart unseen;
// messages.test.ts runs both over valid frames and every kind of breakage.
import { ISTANTE_ISO, ISTANTE_NON_VALIDO, REQUIRED_FIELD, VALORE_NON_VALIDO } from '@gas/contracts';
import type {
  EventiFrame,
  LastFrame,
  MessaggiFrame,
  ModificaFrame,
  PunteggiItem,
  TempiFrame,
} from '@gas/contracts';
import type { ScoringEvent } from '@gas/scoring';
import { reportError } from '../../../lib/reportError';

/** Whether frames are also parsed with the contracts' schemas (never in production builds). */
const CHECK_WITH_SCHEMAS = import.meta.env.DEV || import.meta.env.MODE === 'test';
const frameSchemas = CHECK_WITH_SCHEMAS ? await import('@gas/contracts/live') : null;

export type EventiMessage =
  | { type: 'npe'; event: ScoringEvent }
  | { type: 'npe_delete'; id: number }
  | { type: 'refresh_page' }
  | { type: 'refresh_page_delayed'; interval: number }
  | { type: 'pong' }
  /** The session's proclamation moved (its own page follows it; the scores page does not). */
  | { type: 'proclamazione' }
  /** A change of the event itself (its times, its parts). */
  | { type: 'evento'; frame: TempiFrame | ModificaFrame }
  | { type: 'malformed'; problems: string[]; raw: string }
  | { type: 'unknown'; raw: string };

export type LastMessage =
  | { type: 'new_json'; item: PunteggiItem }
  | { type: 'pong' }
  | { type: 'malformed'; problems: string[]; raw: string }
  | { type: 'unknown'; raw: string };

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON object a frame's text holds, or null. */
export function parseObject(text: string): Fields | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

const NOT_AN_OBJECT = 'non è un oggetto JSON';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** One rule per field: true when the value is right. */
type Rule = { test: (v: unknown) => boolean; message?: string };
const ID: Rule = { test: isId };
const STRING: Rule = { test: (v) => typeof v === 'string' };
/** A count or a step: a whole number, zero or more. */
const CONTEGGIO: Rule = { test: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 };
const ISTANTE: Rule = {
  test: (v) => typeof v === 'string' && ISTANTE_ISO.test(v),
  message: ISTANTE_NON_VALIDO,
};
const BOOLEAN: Rule = { test: (v) => typeof v === 'boolean' };
const OBJECT: Rule = { test: isRecord };
const ARRAY: Rule = { test: Array.isArray };
const ISTANTE_O_NULL: Rule = {
  test: (v) => v === null || ISTANTE.test(v),
  message: ISTANTE_NON_VALIDO,
};
const PARTI_EVENTO: ReadonlySet<string> = new Set<ModificaFrame['parti'][number]>([
  'evento',
  'sessioni',
  'problemi',
  'squadre',
  'poli',
]);
const PARTI: Rule = {
  test: (v) => Array.isArray(v) && v.length > 0 && v.every((p) => PARTI_EVENTO.has(p as string)),
};

/** 'campo: messaggio' for each field of `value` that breaks its rule. */
function problemsOf(value: Fields, rules: Record<string, Rule>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const v = value[field];
    if (rule.test(v)) continue;
    const message =
      v === undefined || v === null ? REQUIRED_FIELD : (rule.message ?? VALORE_NON_VALIDO);
    out.push(`${prefix}${field}: ${message}`);
  }
  return out;
}

const NPE_RULES: Record<string, Rule> = { id: ID, s: ID, p: ID, d: ISTANTE };
const SNAPSHOT_RULES: Record<string, Rule> = {
  sessione: ID,
  inizio: STRING,
  fine: STRING,
  problemi: ARRAY,
  valori: ARRAY,
  classifica: ARRAY,
};

/** The problems of a frame of a known type ([] when it is well formed). */
export function frameProblems(m: Fields): string[] {
  switch (m.type) {
    case 'npe': {
      const out = problemsOf(m, NPE_RULES);
      if (m.k !== 'r' && m.k !== 'j')
        out.push(`k: ${m.k === undefined ? REQUIRED_FIELD : VALORE_NON_VALIDO}`);
      if (m.k === 'r') out.push(...problemsOf(m, { c: BOOLEAN }));
      return out;
    }
    case 'npe_delete':
      return problemsOf(m, { id: ID });
    case 'refresh_page_delayed':
      return problemsOf(m, {
        interval: { test: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 },
      });
    case 'new_json': {
      const item = m.json;
      if (!isRecord(item)) return problemsOf(m, { json: OBJECT });
      const out = problemsOf(item, { ora: STRING, json: OBJECT }, 'json.');
      if (isRecord(item.json)) out.push(...problemsOf(item.json, SNAPSHOT_RULES, 'json.json.'));
      return out;
    }
    case 'delete_message':
      return problemsOf(m, { id: ID });
    case 'tempi':
      return problemsOf(m, {
        evento: ID,
        inizio: ISTANTE,
        fine: ISTANTE,
        fine_consegna_jolly: ISTANTE_O_NULL,
      });
    case 'modifica':
      return problemsOf(m, { evento: ID, parti: PARTI });
    case 'proclamazione':
      return problemsOf(m, { passo: CONTEGGIO, passi: CONTEGGIO });
    case 'new_message':
    case 'edit_message': {
      const message = m.message;
      if (!isRecord(message)) return problemsOf(m, { message: OBJECT });
      return problemsOf(message, { id: ID, testo: STRING, data: STRING, evento: ID }, 'message.');
    }
    default:
      return [];
  }
}

const FRAME_SCHEMA = {
  punteggi_eventi: 'eventiFrame',
  punteggi_last: 'lastFrame',
  messaggi: 'messaggiFrame',
} as const;
export type Feed = keyof typeof FRAME_SCHEMA;

/**
 * Development and tests: the contracts' schema must give the same verdict.
 * The production check reads only what the page uses of a snapshot, so there
 * a schema refusal is the one that counts (the server sent a shape the
 * contracts do not describe). Absent from production builds.
 */
export const crossCheck = frameSchemas
  ? (feed: Feed, frame: Fields, problems: string[], raw: string): void => {
      const schemaOk = frameSchemas[FRAME_SCHEMA[feed]].safeParse(frame).success;
      if (schemaOk === (problems.length === 0)) return;
      const verdict = problems.length === 0 ? 'valido' : `non valido (${problems.join('; ')})`;
      reportError(
        new Error(
          `Messaggio ${String(frame.type)} di ${feed}: il controllo dice ${verdict}, lo schema ${
            schemaOk ? 'valido' : 'non valido'
          }.`,
        ),
        raw,
      );
    }
  : null;

const EVENTI_TYPES: ReadonlySet<string> = new Set<EventiFrame['type']>([
  'npe',
  'npe_delete',
  'refresh_page',
  'refresh_page_delayed',
  'tempi',
  'modifica',
  'pong',
  'proclamazione',
]);
const LAST_TYPES: ReadonlySet<string> = new Set<LastFrame['type']>(['new_json', 'pong']);
export const MESSAGGI_TYPES: ReadonlySet<string> = new Set<MessaggiFrame['type']>([
  'new_message',
  'edit_message',
  'delete_message',
  'tempi',
  'modifica',
  'pong',
]);

/** The frame of a known type of `feed` with its problems, or null for an unknown type. */
export function checkFrame(
  feed: Feed,
  m: Fields,
  types: ReadonlySet<string>,
  raw: string,
): string[] | null {
  if (typeof m.type !== 'string' || !types.has(m.type)) return null;
  const problems = frameProblems(m);
  crossCheck?.(feed, m, problems, raw);
  return problems;
}

export function parseEventiMessage(text: string): EventiMessage {
  const m = parseObject(text);
  if (!m) return { type: 'malformed', problems: [NOT_AN_OBJECT], raw: text };
  const problems = checkFrame('punteggi_eventi', m, EVENTI_TYPES, text);
  if (!problems) return { type: 'unknown', raw: text };
  if (problems.length > 0) return { type: 'malformed', problems, raw: text };
  const frame = m as EventiFrame;
  switch (frame.type) {
    case 'npe':
      // Only the event's fields: extra keys stay out of the engine.
      return {
        type: 'npe',
        event:
          frame.k === 'r'
            ? { id: frame.id, k: 'r', s: frame.s, p: frame.p, c: frame.c, d: frame.d }
            : { id: frame.id, k: 'j', s: frame.s, p: frame.p, d: frame.d },
      };
    case 'npe_delete':
      return { type: 'npe_delete', id: frame.id };
    case 'refresh_page_delayed':
      return { type: 'refresh_page_delayed', interval: frame.interval };
    case 'tempi':
      return {
        type: 'evento',
        frame: {
          type: 'tempi',
          evento: frame.evento,
          inizio: frame.inizio,
          fine: frame.fine,
          fine_consegna_jolly: frame.fine_consegna_jolly,
        },
      };
    case 'modifica':
      return {
        type: 'evento',
        frame: { type: 'modifica', evento: frame.evento, parti: frame.parti },
      };
    default:
      return { type: frame.type };
  }
}

export function parseLastMessage(text: string): LastMessage {
  const m = parseObject(text);
  if (!m) return { type: 'malformed', problems: [NOT_AN_OBJECT], raw: text };
  const problems = checkFrame('punteggi_last', m, LAST_TYPES, text);
  if (!problems) return { type: 'unknown', raw: text };
  if (problems.length > 0) return { type: 'malformed', problems, raw: text };
  const frame = m as LastFrame;
  return frame.type === 'pong' ? { type: 'pong' } : { type: 'new_json', item: frame.json };
}

/** A random delay in [0, interval] seconds, in ms (spec §4: pages reload spread over the interval). */
export function delayedRefreshMs(intervalSeconds: number, random: () => number = Math.random) {
  return Math.floor(random() * Math.max(0, intervalSeconds) * 1000);
}
