import type { Tipologia } from '@gas/contracts';
import { describe, expect, it } from 'vitest';
import { findCurrentEvent } from './currentEvent';

describe("'Evento corrente' prefers official, then running events", () => {
  const now = Date.parse('2026-04-15T18:00:00Z');
  const hour = 3_600_000;
  const ev = (id: number, start: number, hours: number, tipologia: Tipologia) => ({
    id,
    tipologia,
    inizio: new Date(now + start).toISOString(),
    fine: new Date(now + start + hours * hour).toISOString(),
  });

  it("a teacher's training starting closer to now does not hide the running official one", () => {
    const ufficiale = ev(1, -hour, 2, 'o');
    const allenamento = ev(2, -10 * 60_000, 1, 'pub');
    expect(findCurrentEvent([allenamento, ufficiale], now)?.id).toBe(1);
    expect(findCurrentEvent([ufficiale, allenamento], now)?.id).toBe(1);
  });

  it('an official event tomorrow beats a private one running now', () => {
    expect(findCurrentEvent([ev(3, -hour, 2, 'priv'), ev(4, 24 * hour, 2, 'o')], now)?.id).toBe(4);
  });

  it('among official events, the running one beats a closer start', () => {
    const running = ev(5, -3 * hour, 4, 'o');
    const soon = ev(6, 30 * 60_000, 2, 'o');
    expect(findCurrentEvent([soon, running], now)?.id).toBe(5);
  });

  it('without official events, a running non-official one; else the closest start', () => {
    expect(findCurrentEvent([ev(7, 20 * 60_000, 1, 'pub'), ev(8, -hour, 2, 'pub')], now)?.id).toBe(
      8,
    );
    expect(
      findCurrentEvent([ev(9, 20 * hour, 1, 'pub'), ev(10, -30 * hour, 2, 'priv')], now)?.id,
    ).toBe(9);
  });

  it('events outside the two-day window are never current, official or not', () => {
    expect(findCurrentEvent([ev(11, 49 * hour, 2, 'o'), ev(12, hour, 1, 'pub')], now)?.id).toBe(12);
  });

  it("the user's own event (teams or a role in it) comes before the official and the running one", () => {
    const demo = ev(11, -hour, 2, 'o');
    const suo = ev(12, 20 * hour, 3, 'o');
    const allenamento = ev(13, 30 * hour, 1, 'priv');
    expect(findCurrentEvent([demo, suo, allenamento], now)?.id).toBe(11);
    expect(findCurrentEvent([demo, suo, allenamento], now, (e) => e.id === 12)?.id).toBe(12);
    expect(findCurrentEvent([demo, suo, allenamento], now, (e) => e.id === 13)?.id).toBe(13);
    // His event out of the two days' window does not count.
    expect(findCurrentEvent([demo, ev(14, 80 * hour, 1, 'o')], now, (e) => e.id === 14)?.id).toBe(
      11,
    );
  });
});
