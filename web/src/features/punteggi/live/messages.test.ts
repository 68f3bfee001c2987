// The production frame check (`frameProblems`, no zod) against the contracts'
// schemas: the same verdict on the frames the server sends and on every kind
// of breakage of each field, and a reported error where they differ.
import { eventiFrame, lastFrame, messaggiFrame } from '@gas/contracts/live';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as reporting from '../../../lib/reportError';
import { crossCheck, frameProblems, parseLastMessage } from './messages';

const d = '2026-04-15T09:12:03.120Z';
const snapshot = {
  sessione: 1,
  evento: 1,
  nome: 'Finale',
  inizio: d,
  fine: d,
  numero_qualificati: null,
  ora: d,
  problemi: [{ id: 7, nome: 'P1' }],
  valori: [20],
  classifica: [],
  numero_eventi: 0,
};

type Frame = Record<string, unknown>;

const VALID: { schema: { safeParse(v: unknown): { success: boolean } }; frame: Frame }[] = [
  { schema: eventiFrame, frame: { type: 'npe', id: 812, k: 'r', s: 31, p: 7, c: true, d } },
  { schema: eventiFrame, frame: { type: 'npe', id: 813, k: 'j', s: 32, p: 4, d } },
  {
    schema: eventiFrame,
    frame: { type: 'npe', id: 1, k: 'r', s: 1, p: 1, c: false, d: '2026-04-15 11:12+02:00' },
  },
  { schema: eventiFrame, frame: { type: 'npe_delete', id: 9 } },
  { schema: eventiFrame, frame: { type: 'refresh_page' } },
  { schema: eventiFrame, frame: { type: 'refresh_page_delayed', interval: 0 } },
  { schema: eventiFrame, frame: { type: 'refresh_page_delayed', interval: 12.5 } },
  { schema: eventiFrame, frame: { type: 'pong' } },
  { schema: lastFrame, frame: { type: 'new_json', json: { ora: d, json: snapshot } } },
  { schema: lastFrame, frame: { type: 'pong' } },
  {
    schema: messaggiFrame,
    frame: { type: 'new_message', message: { id: 3, testo: 'Pausa', data: d, evento: 1 } },
  },
  {
    schema: messaggiFrame,
    frame: { type: 'edit_message', message: { id: 3, testo: 'Pausa lunga', data: d, evento: 1 } },
  },
  { schema: messaggiFrame, frame: { type: 'delete_message', id: 3 } },
  ...[eventiFrame, messaggiFrame].flatMap((schema) => [
    {
      schema,
      frame: { type: 'tempi', evento: 3, inizio: d, fine: d, fine_consegna_jolly: null },
    },
    { schema, frame: { type: 'tempi', evento: 3, inizio: d, fine: d, fine_consegna_jolly: d } },
    { schema, frame: { type: 'modifica', evento: 3, parti: ['problemi', 'squadre'] } },
  ]),
];

/** Values that break a field of any kind (missing, null, wrong type, out of range). */
const BROKEN: unknown[] = [undefined, null, 'x', '', 0, -1, 1.5, true, [], {}, 'ieri', 2 ** 53];

/** Every frame obtained by breaking one field (nested objects too) of `frame`. */
function* breakages(frame: Frame, path: string[] = []): Generator<{ frame: Frame; where: string }> {
  for (const [key, value] of Object.entries(frame)) {
    if (path.length === 0 && key === 'type') continue;
    for (const bad of BROKEN) {
      const copy: Frame = { ...frame };
      if (bad === undefined) delete copy[key];
      else copy[key] = bad;
      yield { frame: copy, where: [...path, key].join('.') };
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const inner of breakages(value as Frame, [...path, key])) {
        yield { frame: { ...frame, [key]: inner.frame }, where: inner.where };
      }
    }
  }
}

/** A problem about the field at `where` or inside it. */
const names = (where: string) => (problem: string) =>
  problem.startsWith(`${where}: `) || problem.startsWith(`${where}.`);

afterEach(() => vi.restoreAllMocks());

describe('the production frame check', () => {
  it('accepts every frame the contracts accept, as sent by the server', () => {
    for (const { schema, frame } of VALID) {
      expect(schema.safeParse(frame).success, JSON.stringify(frame)).toBe(true);
      expect(frameProblems(frame), JSON.stringify(frame)).toEqual([]);
    }
  });

  it('gives the schemas’ verdict on every breakage of every field of the frames it acts on', () => {
    let compared = 0;
    for (const { schema, frame } of VALID) {
      if (frame.type === 'new_json') continue;
      for (const broken of breakages(frame)) {
        const schemaOk = schema.safeParse(broken.frame).success;
        const problems = frameProblems(broken.frame);
        expect(
          problems.length === 0,
          `${JSON.stringify(broken.frame)}: ${problems.join('; ')}`,
        ).toBe(schemaOk);
        if (!schemaOk) expect(problems.some(names(broken.where))).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(250);
  });

  it('refuses every snapshot breakage the page would trip on, as the schema does', () => {
    const frame = VALID.find((v) => v.frame.type === 'new_json')!.frame;
    const read = ['json', 'json.ora', 'json.json', 'json.json.sessione', 'json.json.classifica'];
    for (const broken of breakages(frame)) {
      if (!read.includes(broken.where)) continue;
      if (lastFrame.safeParse(broken.frame).success) continue;
      expect(
        frameProblems(broken.frame).some(names(broken.where)),
        JSON.stringify(broken.frame),
      ).toBe(true);
    }
  });

  it('reports, in development and tests, a frame the schema judges otherwise', () => {
    const reported = vi.spyOn(reporting, 'reportError').mockImplementation(() => {});
    // A snapshot without numero_eventi: the page could show it, the contracts say it is wrong.
    const { numero_eventi: _, ...senza } = snapshot;
    const text = JSON.stringify({ type: 'new_json', json: { ora: d, json: senza } });
    expect(parseLastMessage(text).type).toBe('new_json');
    expect(reported).toHaveBeenCalledTimes(1);
    expect(String(reported.mock.calls[0]?.[0])).toContain('lo schema non valido');
    reported.mockClear();
    crossCheck?.('punteggi_eventi', { type: 'pong' }, [], '{"type":"pong"}');
    expect(crossCheck).not.toBeNull();
    expect(reported).not.toHaveBeenCalled();
  });
});
