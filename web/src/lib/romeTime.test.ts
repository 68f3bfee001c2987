import { describe, expect, it } from 'vitest';
import { findCurrentEvent } from './currentEvent';
import { formatDuration, formatRelative, relativeRefreshInterval } from './durations';
import {
  formatDate,
  formatDateLong,
  formatDateTime,
  formatTime,
  formatTimeWithSeconds,
  romeParts,
  formatDay,
  formatDayLong,
  formatDayRange,
  fromWall,
  parseTyped,
  toWall,
} from './romeTime';
import { seasonLabel, seasonOf, seasons } from './seasons';

describe('it-IT dates in Europe/Rome', () => {
  // 12:30 UTC is 14:30 in Rome in summer (CEST, +2) and 13:30 in winter (CET, +1).
  const summer = '2026-04-15T12:30:05Z';
  const winter = '2026-01-15T12:30:05Z';

  it('formats dates and times on the Rome clock', () => {
    expect(formatDate(summer)).toBe('15/04/2026');
    expect(formatTime(summer)).toBe('14:30');
    expect(formatTime(winter)).toBe('13:30');
    expect(formatTimeWithSeconds(summer)).toBe('14:30:05');
    expect(formatDateTime(summer)).toBe('15/04/2026 14:30');
    expect(formatDateLong(summer)).toBe('mercoledì 15 aprile 2026');
  });

  it('moves to the next day when Rome is already past midnight', () => {
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('01/01/2026');
    expect(romeParts('2025-12-31T23:30:00Z')).toMatchObject({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
    });
  });

  it('writes durations in Italian words', () => {
    expect(formatDuration(90 * 60_000)).toBe("un'ora e 30 minuti");
    expect(formatDuration(((24 + 2) * 3600 + 5) * 1000)).toBe('un giorno, 2 ore e 5 secondi');
    expect(formatDuration(0)).toBe('0 secondi');
    // Every length of list joined as Intl.ListFormat's Italian conjunction joins it.
    const congiunzione = new Intl.ListFormat('it-IT', { style: 'long', type: 'conjunction' });
    expect(formatDuration(((24 + 2) * 3600 + 3 * 60 + 4) * 1000)).toBe(
      congiunzione.format(['un giorno', '2 ore', '3 minuti', '4 secondi']),
    );
    expect(formatDuration(4000)).toBe(congiunzione.format(['4 secondi']));
  });

  it("labels relative times as 'Fra ...' and '... fa'", () => {
    const now = Date.parse(summer);
    expect(formatRelative(now + 3 * 60_000, now)).toBe('Fra 3 minuti');
    expect(formatRelative(now - 2 * 3600_000, now)).toBe('2 ore fa');
    expect(formatRelative(now, now)).toBe('Adesso');
  });

  it('refreshes relative labels by magnitude', () => {
    const now = 0;
    expect(relativeRefreshInterval(30_000, now)).toBe(1000);
    expect(relativeRefreshInterval(-5 * 60_000, now)).toBe(60_000);
    expect(relativeRefreshInterval(5 * 3600_000, now)).toBe(3_600_000);
    expect(relativeRefreshInterval(3 * 86_400_000, now)).toBe(86_400_000);
  });
});

describe('wall strings of date-time fields (Rome clock)', () => {
  it('reads the typed fallback day/month/year hour:minute[:second] on Rome’s clock', () => {
    expect(parseTyped('15/04/2026 9:05')).toBe('2026-04-15T09:05:00');
    expect(parseTyped('5/4/2026 09:05:07')).toBe('2026-04-05T09:05:07');
    expect(parseTyped('15/04/2026')).toBe('2026-04-15T00:00:00');
    expect(parseTyped('2026-04-15 09:05')).toBe('2026-04-15T09:05:00');
    expect(parseTyped('31/02/2026 10:00')).toBeNull();
    expect(parseTyped('15/04/2026 25:00')).toBeNull();
    expect(parseTyped('domani')).toBeNull();
    expect(fromWall('2026-04-15T09:05:00')!.toISOString()).toBe('2026-04-15T07:05:00.000Z');
    expect(fromWall('2026-01-15T09:05:00')!.toISOString()).toBe('2026-01-15T08:05:00.000Z');
    expect(toWall('2026-03-29T01:30:00Z')).toBe('2026-03-29T03:30:00'); // after the DST change
    // Either side of the changes of 2026: 29 March 02:00 → 03:00, 25 October 03:00 → 02:00.
    expect(fromWall('2026-03-29T01:59:00')!.toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(fromWall('2026-03-29T03:00:00')!.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(fromWall('2026-10-25T01:30:00')!.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(fromWall('2026-10-25T03:30:00')!.toISOString()).toBe('2026-10-25T02:30:00.000Z');
    // Every wall time of a year goes there and back, but those the clocks read
    // twice in October (02:00-03:00), which are taken after the change.
    const HOUR = 3_600_000;
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * HOUR + 60_000) {
      const twice = toWall(t) === toWall(t + HOUR);
      expect(fromWall(toWall(t))!.getTime()).toBe(t + (twice ? HOUR : 0));
    }
  });
});

describe('calendar days of the site settings', () => {
  it('writes them the Italian way', () => {
    expect(['2025-12-05', '2026-02-02', '2026-02-16', '2026-03-02'].map(formatDay)).toEqual([
      '5/12/2025',
      '2/2/2026',
      '16/2/2026',
      '2/3/2026',
    ]);
    expect(formatDayLong('2026-04-15')).toBe('mercoledì 15 aprile 2026');
    expect(formatDayRange('2026-04-15', '2026-04-18')).toBe('15-18 aprile 2026');
    expect(formatDay('non una data')).toBe('non una data');
  });
});

describe('seasons', () => {
  it('lists the current season first, back to 2022-2023', () => {
    expect(seasons('2026-03-10T10:00:00Z').map(seasonLabel)).toEqual([
      'Stagione 2025-2026',
      'Stagione 2024-2025',
      'Stagione 2023-2024',
      'Stagione 2022-2023',
    ]);
  });

  it('moves to the next season in September (Rome calendar), not before', () => {
    expect(seasons('2026-08-31T12:00:00Z')[0]).toBe(2026);
    expect(seasons('2026-09-01T08:00:00Z')).toEqual([2027, 2026, 2025, 2024, 2023]);
    // 31 August 23:30 UTC is already 1 September in Rome.
    expect(seasons('2026-08-31T23:30:00Z')[0]).toBe(2027);
    // A wrong clock before the first season still lists it.
    expect(seasons('2020-01-01T00:00:00Z')).toEqual([2023]);
  });

  it('counts an event starting after August for the next year, on the Rome calendar', () => {
    expect(seasonOf('2026-04-15T08:00:00Z')).toBe(2026);
    expect(seasonOf('2025-08-31T12:00:00Z')).toBe(2025);
    expect(seasonOf('2025-09-01T12:00:00Z')).toBe(2026);
    // 31 August 23:30 UTC is already 1 September in Rome.
    expect(seasonOf('2025-08-31T23:30:00Z')).toBe(2026);
  });
});

describe("Rome's clock written by hand", () => {
  // What Intl writes in Rome, which the hand-written rule must equal.
  const intl = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', ...options });
  const data = intl({ day: '2-digit', month: '2-digit', year: 'numeric' });
  const dataLunga = intl({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const ora = intl({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const conSecondi = intl({
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parti = intl({
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const confronta = (t: number) => {
    const quando = new Date(t).toISOString();
    expect(formatDate(t), quando).toBe(data.format(t));
    expect(formatDateLong(t), quando).toBe(dataLunga.format(t));
    expect(formatTime(t), quando).toBe(ora.format(t));
    expect(formatTimeWithSeconds(t), quando).toBe(conSecondi.format(t));
    const p = Object.fromEntries(parti.formatToParts(t).map((x) => [x.type, Number(x.value)]));
    expect(romeParts(t), quando).toEqual({
      year: p.year,
      month: p.month,
      day: p.day,
      hour: p.hour,
      minute: p.minute,
      second: p.second,
    });
  };

  it('writes what Intl writes at every quarter hour around each change of the clock, 1990-2100', () => {
    const ora_ = 3_600_000;
    // The hour of each change (summer time since 1996 from 01:00 UTC on the
    // last Sunday of March to the last Sunday of October; before 1996 Intl
    // itself answers), a new year and a new month, each ±3 hours.
    for (let anno = 1990; anno <= 2100; anno++) {
      const ultimaDomenica = (mese: number) => {
        const d = new Date(Date.UTC(anno, mese + 1, 0));
        return d.getTime() - d.getUTCDay() * 24 * ora_ + ora_;
      };
      const confini = [
        ultimaDomenica(2),
        ultimaDomenica(8),
        ultimaDomenica(9),
        Date.UTC(anno, 0, 1) - ora_,
        Date.UTC(anno, 7, 31, 22),
      ];
      for (const confine of confini) {
        for (let t = confine - 3 * ora_; t <= confine + 3 * ora_; t += 15 * 60_000)
          confronta(t + 7_000);
      }
    }
  });

  it('writes what Intl writes at instants spread over 1970-2120', () => {
    const inizio = Date.UTC(1970, 0, 1);
    const passo = (Date.UTC(2120, 0, 1) - inizio) / 5000;
    // A step that is not a whole number of hours or days, so every hour and weekday comes up.
    for (let i = 0; i < 5000; i++) confronta(Math.round(inizio + i * passo + i * 37_013));
  });

  it('still refuses an invalid date as Intl does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => romeParts('not a date')).toThrow(RangeError);
  });
});

describe('current event', () => {
  const now = Date.parse('2026-02-10T10:00:00Z');
  const day = 86_400_000;
  const at = (offset: number, id: number) => ({ id, inizio: new Date(now + offset).toISOString() });

  it('picks the event starting within two days, in either direction, closest first', () => {
    expect(findCurrentEvent([at(-3 * day, 1), at(1.5 * day, 2), at(-0.5 * day, 3)], now)?.id).toBe(
      3,
    );
    expect(findCurrentEvent([at(-2 * day, 4)], now)?.id).toBe(4);
    expect(findCurrentEvent([at(2 * day + 1000, 5), at(-2 * day - 1000, 6)], now)).toBeNull();
    expect(findCurrentEvent([], now)).toBeNull();
  });
});
