import { describe, expect, it } from 'vitest';
import { eventiFrame, lastFrame, messaggiFrame, punteggiItemSchema } from './live';
import { CLOSE_CODES, FINAL_CLOSE_CODES } from './wire';

const d = '2026-04-15T09:12:03.120Z';
const entry = {
  posizione: 1,
  id: 31,
  nome: 'Liceo',
  ospite: false,
  totale: 120,
  punti_parziali: [20, 0],
  jolly: 7,
  solved: [true, false],
  new: [false, false],
  scuola: null,
  ordine_eta: 3,
  penalita: 0,
  punti_jolly: 40,
  polo: 2,
};
const item = {
  ora: d,
  json: {
    sessione: 1,
    evento: 1,
    nome: 'Finale',
    inizio: d,
    fine: d,
    numero_qualificati: null,
    ora: d,
    problemi: [
      { id: 7, nome: 'P1' },
      { id: 8, nome: 'P2' },
    ],
    valori: [20, 20],
    classifica: [entry],
    numero_eventi: 4,
  },
};

describe('eventi frames', () => {
  it('accepts the frames the server sends', () => {
    for (const frame of [
      { type: 'npe', id: 812, k: 'r', s: 31, p: 7, c: true, d },
      { type: 'npe', id: 813, k: 'j', s: 32, p: 4, d },
      { type: 'npe', id: 814, k: 'r', s: 31, p: 7, c: false, d: '2026-04-15 11:12+02:00' },
      { type: 'npe_delete', id: 812 },
      { type: 'refresh_page' },
      { type: 'refresh_page_delayed', interval: 30 },
      { type: 'pong' },
    ]) {
      expect(eventiFrame.safeParse(frame).success, JSON.stringify(frame)).toBe(true);
    }
  });

  it('refuses malformed events (spec §5: p, s, k, d, id, and c when k is r)', () => {
    for (const frame of [
      { type: 'npe', id: 812, k: 'r', s: 31, p: 7, d }, // answer without c
      { type: 'npe', id: 812, k: 'x', s: 31, p: 7, c: true, d },
      { type: 'npe', k: 'j', s: 31, p: 7, d },
      { type: 'npe', id: 1, k: 'j', s: '31', p: 7, d },
      { type: 'npe', id: 1, k: 'j', s: 31, p: 7, d: '15/04/2026 09:12' },
      { type: 'npe', id: 1, k: 'j', s: 31, p: 7, d: '2026-04-15T09:12:03' }, // no zone
      { type: 'npe_delete', id: 0 },
      { type: 'refresh_page_delayed', interval: -1 },
      { type: 'new_json', json: item },
    ]) {
      expect(eventiFrame.safeParse(frame).success, JSON.stringify(frame)).toBe(false);
    }
  });

  it('keeps only the fields of the event', () => {
    const parsed = eventiFrame.parse({ type: 'npe', id: 1, k: 'j', s: 2, p: 3, d, extra: 1 });
    expect(parsed).toEqual({ type: 'npe', id: 1, k: 'j', s: 2, p: 3, d });
  });
});

describe('punteggi_last and messaggi frames', () => {
  it('accepts a snapshot item and refuses one without a ranking', () => {
    expect(lastFrame.safeParse({ type: 'new_json', json: item }).success).toBe(true);
    const { classifica: _c, ...senza } = item.json;
    expect(punteggiItemSchema.safeParse({ ora: d, json: senza }).success).toBe(false);
    expect(
      punteggiItemSchema.safeParse({
        ...item,
        json: { ...item.json, classifica: [{ ...entry, totale: '120' }] },
      }).success,
    ).toBe(false);
  });

  it('accepts an important message and refuses one without text', () => {
    const message = { id: 5, testo: 'Problema 3 corretto', data: d, evento: 3 };
    expect(messaggiFrame.safeParse({ type: 'new_message', message }).success).toBe(true);
    const { testo: _t, ...senzaTesto } = message;
    expect(messaggiFrame.safeParse({ type: 'new_message', message: senzaTesto }).success).toBe(
      false,
    );
  });
});

describe('close codes', () => {
  it('are in the application range, and only not-found and forbidden are final', () => {
    expect(CLOSE_CODES.notFound.code).toBe(4404);
    expect(CLOSE_CODES.forbidden.code).toBe(4403);
    expect([...FINAL_CLOSE_CODES].sort()).toEqual([4403, 4404]);
  });
});
