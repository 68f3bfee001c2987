// The frames the server encodes (once per message, never parsed on the hot
// path) are those @gas/contracts describes: each parses with its feed's schema.
import {
  CLOSE_CODES,
  eventiFrame,
  lastFrame,
  messaggiFrame,
  proclamazioneFrame,
  type PunteggiJson,
} from '@gas/contracts';
import { describe, expect, it } from 'vitest';
import type { LiveMessage } from './bus';
import {
  CLOSE,
  encodeMessage,
  feedKeysOf,
  isFeedMessage,
  newJsonFrame,
  PONG_FRAME,
} from './messages';

const decode = (frame: Buffer): unknown => JSON.parse(frame.toString('utf8'));
const d = '2026-04-15T09:12:03.120Z';

describe('live frames', () => {
  const eventi: LiveMessage[] = [
    { type: 'npe', sessioneId: 1, event: { id: 812, k: 'r', s: 31, p: 7, c: true, d } },
    { type: 'npe', sessioneId: 1, event: { id: 813, k: 'j', s: 32, p: 4, d } },
    { type: 'npe_delete', sessioneId: 1, id: 812 },
    { type: 'refresh_page', sessioneId: 1 },
    { type: 'refresh_page_delayed', sessioneId: 1, interval: 30 },
  ];

  it.each(eventi)('$type goes to punteggi_eventi as an eventiFrame', (message) => {
    expect(feedKeysOf(message)).toEqual(['eventi:1']);
    if (!isFeedMessage(message)) throw new Error('not a frame');
    const frame = decode(encodeMessage(message));
    expect(eventiFrame.parse(frame)).toEqual(frame);
    expect(frame).toMatchObject({ type: message.type });
  });

  it('sends the proclamation’s step to punteggi_eventi as a proclamazioneFrame', () => {
    const message: LiveMessage = { type: 'proclamazione', sessioneId: 1, passo: 2, passi: 9 };
    expect(feedKeysOf(message)).toEqual(['eventi:1']);
    if (!isFeedMessage(message)) throw new Error('not a frame');
    const frame = decode(encodeMessage(message));
    expect(proclamazioneFrame.parse(frame)).toEqual({ type: 'proclamazione', passo: 2, passi: 9 });
  });

  it('sends a joker without `c`', () => {
    const frame = decode(encodeMessage(eventi[1] as Extract<LiveMessage, { type: 'npe' }>));
    expect(frame).toEqual({ type: 'npe', id: 813, k: 'j', s: 32, p: 4, d });
  });

  it('tempi and modifica go to the event’s feed and to each of its sessions’ feeds', () => {
    const tempi = { inizio: d, fine: '2026-04-15T11:00:00.000Z', fine_consegna_jolly: null };
    const messages: LiveMessage[] = [
      { type: 'tempi', eventoId: 3, sessioni: [7, 8], tempi },
      { type: 'modifica', eventoId: 3, sessioni: [7, 8], parti: ['problemi', 'squadre'] },
    ];
    for (const message of messages) {
      expect(feedKeysOf(message)).toEqual(['messaggi:3', 'eventi:7', 'eventi:8']);
      if (!isFeedMessage(message)) throw new Error('not a frame');
      const frame = decode(encodeMessage(message));
      expect(eventiFrame.parse(frame)).toEqual(frame);
      expect(messaggiFrame.parse(frame)).toEqual(frame);
    }
    expect(decode(encodeMessage(messages[0] as Extract<LiveMessage, { type: 'tempi' }>))).toEqual({
      type: 'tempi',
      evento: 3,
      ...tempi,
    });
    expect(
      decode(encodeMessage(messages[1] as Extract<LiveMessage, { type: 'modifica' }>)),
    ).toEqual({ type: 'modifica', evento: 3, parti: ['problemi', 'squadre'] });
  });

  it('edit_message and delete_message go to messaggi-importanti as messaggiFrames', () => {
    const edit: LiveMessage = {
      type: 'edit_message',
      eventoId: 3,
      message: { id: 5, testo: 'Pausa lunga', data: d },
    };
    const del: LiveMessage = { type: 'delete_message', eventoId: 3, id: 5 };
    for (const message of [edit, del]) {
      expect(feedKeysOf(message)).toEqual(['messaggi:3']);
      if (!isFeedMessage(message)) throw new Error('not a frame');
      const frame = decode(encodeMessage(message));
      expect(messaggiFrame.parse(frame)).toEqual(frame);
    }
    expect(decode(encodeMessage(edit as Extract<LiveMessage, { type: 'edit_message' }>))).toEqual({
      type: 'edit_message',
      message: { id: 5, testo: 'Pausa lunga', data: d, evento: 3 },
    });
    expect(decode(encodeMessage(del as Extract<LiveMessage, { type: 'delete_message' }>))).toEqual({
      type: 'delete_message',
      id: 5,
    });
  });

  it('new_message goes to messaggi-importanti as a messaggiFrame, with its event', () => {
    const message: LiveMessage = {
      type: 'new_message',
      eventoId: 3,
      message: { id: 5, testo: 'Pausa', data: d },
    };
    expect(feedKeysOf(message)).toEqual(['messaggi:3']);
    const frame = decode(encodeMessage(message));
    expect(messaggiFrame.parse(frame)).toEqual(frame);
    expect(frame).toEqual({
      type: 'new_message',
      message: { id: 5, testo: 'Pausa', data: d, evento: 3 },
    });
  });

  it('snapshot messages drive punteggi_last and are no frame', () => {
    for (const type of ['snapshot_invalidated', 'snapshot_cleared'] as const) {
      const message: LiveMessage = { type, sessioneId: 1 };
      expect(feedKeysOf(message)).toEqual([]);
      expect(isFeedMessage(message)).toBe(false);
    }
  });

  it('new_json and pong parse with the schemas of their feeds', () => {
    const json: PunteggiJson = {
      sessione: 1,
      evento: 2,
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
    const frame = decode(newJsonFrame(new Date(d), json));
    expect(lastFrame.parse(frame)).toEqual({ type: 'new_json', json: { ora: d, json } });
    for (const schema of [eventiFrame, lastFrame, messaggiFrame]) {
      expect(schema.parse(decode(PONG_FRAME))).toEqual({ type: 'pong' });
    }
  });

  it('closes with the codes of @gas/contracts', () => {
    expect(CLOSE).toBe(CLOSE_CODES);
    expect([CLOSE.forbidden.code, CLOSE.notFound.code]).toEqual([4403, 4404]);
  });
});
