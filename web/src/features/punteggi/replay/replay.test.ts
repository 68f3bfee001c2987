import { computeLeaderboard, type ScoringEvent, type SessionSetup } from '@gas/scoring';
import { describe, expect, it } from 'vitest';
import { readParams } from '../StandardModelCard';
import { DEFAULT_REPLAY_SECONDS, parseReplaySeconds, REPLAY_TICK_MS, ReplayRun } from './replay';

const T0 = Date.parse('2026-04-15T09:00:00Z');
const END = T0 + 2 * 3_600_000;
const at = (m: number) => new Date(T0 + m * 60_000).toISOString();
const setup: SessionSetup = {
  inizio: at(0),
  problemi: [
    { id: 1, nome: 'P1' },
    { id: 2, nome: 'P2' },
  ],
  squadre: [
    { id: 1, nome: 'A' },
    { id: 2, nome: 'B' },
  ],
};
const events: ScoringEvent[] = [
  { id: 3, k: 'r', s: 2, p: 1, c: true, d: at(90) },
  { id: 1, k: 'r', s: 1, p: 1, c: true, d: at(10) },
  { id: 2, k: 'r', s: 1, p: 2, c: false, d: at(30) },
];

describe('replay (spec §4)', () => {
  it('plays the whole session in the chosen duration, 50 ms steps, and stops after the end', () => {
    const run = new ReplayRun(setup, events, T0, END);
    expect(DEFAULT_REPLAY_SECONDS).toBe(120);
    expect(REPLAY_TICK_MS).toBe(50);
    // 120 s of 50 ms ticks = 2400 ticks for 2 hours: 3 s of session per tick.
    expect(run.step).toBe(3000);
    expect(run.t).toBe(T0);
    let ticks = 0;
    while (!run.tick()) ticks++;
    expect(ticks).toBe(2400);
    expect(run.done).toBe(true);
    expect(run.progress).toBe(1);
  });

  it('shows at each instant the state with the events delivered by then', () => {
    const run = new ReplayRun(setup, events, T0, END, 12);
    const totals = () => run.leaderboard().classifica.map((e) => [e.id, e.totale]);
    const expected = (m: number) =>
      computeLeaderboard({ ...setup, eventi: events, at: at(m) }).classifica.map((e) => [
        e.id,
        e.totale,
      ]);
    expect(totals()).toEqual(expected(0));
    while (run.t < T0 + 45 * 60_000) run.tick();
    expect(totals()).toEqual(expected(45));
    while (!run.tick());
    expect(totals()).toEqual(expected(120));
  });

  it('accepts durations from 1 s to one hour', () => {
    expect(parseReplaySeconds('120')).toBe(120);
    expect(parseReplaySeconds('7,5')).toBe(7.5);
    expect(parseReplaySeconds('0')).toBeNull();
    expect(parseReplaySeconds('abc')).toBeNull();
    expect(parseReplaySeconds('4000')).toBeNull();
  });
});

describe('standard-model parameters', () => {
  const texts = {
    PTI_TOLTI_ERRORE: '10',
    PTI_BASE_MONTEPREMI: '70',
    MAX_ERRORI_RAISE_MONTEPREMI: '3',
    ERRORE_PUNTEGGI_RAISE: '20',
    PUNTEGGIO_BASE_PROBLEMI: '30',
    BONUS_VELOCITA: '20',
    SCALING_BONUS_VELOCITA: '1',
    SCALING_BONUS_MONTEPREMI: '1,5',
  };
  it('reads integers and positive decimals', () => {
    expect(readParams(texts).params).toMatchObject({ SCALING_BONUS_MONTEPREMI: 1.5 });
    const bad = readParams({ ...texts, PTI_TOLTI_ERRORE: '1.5', SCALING_BONUS_VELOCITA: '0' });
    expect(bad.params).toBeNull();
    expect(bad.errors).toEqual({
      PTI_TOLTI_ERRORE: 'Inserisci un numero intero.',
      SCALING_BONUS_VELOCITA: 'Deve essere maggiore di 0.',
    });
  });
});
