// Time as Italians read it: it-IT locale, Europe/Rome time zone, whatever the
// zone of the browser; the API speaks ISO 8601 in UTC. The one module of the
// Rome-clock helpers: dates and times written, calendar parts, the calendar
// days of the site settings and the "wall" strings YYYY-MM-DDTHH:mm:ss that
// date-time fields read and write. Rome's rule of summer time formats (Intl
// outside it, below); @date-fns/tz's TZDate (a few kB, no locale) turns a
// wall time in Rome into an instant. No date-fns here, so the
// app shell can use it without loading a date-fns locale: durations and
// relative times, which do not depend on the zone, are in durations.ts.
import { TZDate } from '@date-fns/tz';

export const LOCALE = 'it-IT';
export const TIME_ZONE = 'Europe/Rome';

export type DateInput = Date | string | number;

export function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

// Rome's clock without Intl. A page's first Intl object loads ICU's data
// for the locale: 13-97 ms of main thread in Chromium (docs/performance.md,
// "a ninth session"), paid while the app starts by every page that writes
// a date. Rome's rule since 1996, as tzdata writes it ("CET-1CEST,
// M3.5.0,M10.5.0/3"): UTC+1, UTC+2 from 01:00 UTC on the last Sunday of
// March to 01:00 UTC on the last Sunday of October. Outside 1996-2099 (and
// should that rule ever change, here first) Intl answers. The tests compare
// every function with Intl at every quarter hour around each change.
const PRIMO_ANNO_DELLA_REGOLA = 1996;
const ULTIMO_ANNO_DELLA_REGOLA = 2099;
const ORA_MS = 3_600_000;

/** 01:00 UTC of the last Sunday of a month (0-based). */
function ultimaDomenicaAll1Utc(anno: number, mese: number): number {
  const ultimoGiorno = new Date(Date.UTC(anno, mese + 1, 0));
  return ultimoGiorno.getTime() - ultimoGiorno.getUTCDay() * 24 * ORA_MS + ORA_MS;
}

/** The instant moved to Rome's wall clock (read with getUTC*), or null outside the rule. */
function sulQuadranteDiRoma(t: number): Date | null {
  const anno = new Date(t).getUTCFullYear();
  if (!(anno >= PRIMO_ANNO_DELLA_REGOLA && anno <= ULTIMO_ANNO_DELLA_REGOLA)) return null;
  const estate = t >= ultimaDomenicaAll1Utc(anno, 2) && t < ultimaDomenicaAll1Utc(anno, 9);
  return new Date(t + (estate ? 2 : 1) * ORA_MS);
}

const GIORNI = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'];
const MESI = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, ...options });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * `value` written on Rome's clock: by hand where the rule above holds, else
 * by Intl with `options`, which the hand-written text equals.
 */
function scrivi(
  value: DateInput,
  options: Intl.DateTimeFormatOptions,
  aMano: (roma: Date) => string,
): string {
  const date = toDate(value);
  const roma = sulQuadranteDiRoma(date.getTime());
  return roma ? aMano(roma) : formatter(options).format(date);
}

const due = (n: number) => String(n).padStart(2, '0');

/** 15/04/2026 */
export function formatDate(value: DateInput): string {
  return scrivi(
    value,
    { day: '2-digit', month: '2-digit', year: 'numeric' },
    (r) => `${due(r.getUTCDate())}/${due(r.getUTCMonth() + 1)}/${r.getUTCFullYear()}`,
  );
}

/** mercoledì 15 aprile 2026 */
export function formatDateLong(value: DateInput): string {
  return scrivi(
    value,
    { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
    (r) =>
      `${GIORNI[r.getUTCDay()]} ${r.getUTCDate()} ${MESI[r.getUTCMonth()]} ${r.getUTCFullYear()}`,
  );
}

/** aprile */
function formatMonthLong(value: DateInput): string {
  return scrivi(value, { month: 'long' }, (r) => MESI[r.getUTCMonth()]!);
}

/** 14:30 */
export function formatTime(value: DateInput): string {
  return scrivi(
    value,
    { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    (r) => `${due(r.getUTCHours())}:${due(r.getUTCMinutes())}`,
  );
}

/** 14:30:05 */
export function formatTimeWithSeconds(value: DateInput): string {
  return scrivi(
    value,
    { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
    (r) => `${due(r.getUTCHours())}:${due(r.getUTCMinutes())}:${due(r.getUTCSeconds())}`,
  );
}

/** 15/04/2026 14:30 */
export function formatDateTime(value: DateInput): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** mercoledì 15 aprile 2026 alle 14:30 */
export function formatDateTimeLong(value: DateInput): string {
  return `${formatDateLong(value)} alle ${formatTime(value)}`;
}

export interface RomeParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Calendar fields of an instant as read on a clock in Rome. */
export function romeParts(value: DateInput): RomeParts {
  const roma = sulQuadranteDiRoma(toDate(value).getTime());
  if (roma) {
    return {
      year: roma.getUTCFullYear(),
      month: roma.getUTCMonth() + 1,
      day: roma.getUTCDate(),
      hour: roma.getUTCHours(),
      minute: roma.getUTCMinutes(),
      second: roma.getUTCSeconds(),
    };
  }
  const parts = formatter({
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(toDate(value));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** A calendar day written YYYY-MM-DD (site settings) as an instant at noon in Rome. */
function calendarDay(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return new Date(NaN);
  // 11:00 UTC is 12:00 or 13:00 in Rome: the same calendar day either way.
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 11));
}

/** '2025-12-05' -> '5/12/2025' (the spec writes the webinar dates this way). */
export function formatDay(day: string): string {
  const date = calendarDay(day);
  if (Number.isNaN(date.getTime())) return day;
  const { year, month, day: dd } = romeParts(date);
  return `${dd}/${month}/${year}`;
}

/** '2025-12-05' -> 'venerdì 5 dicembre 2025' */
export function formatDayLong(day: string): string {
  const date = calendarDay(day);
  if (Number.isNaN(date.getTime())) return day;
  return formatDateLong(date);
}

/** '2026-04-15', '2026-04-18' -> '15-18 aprile 2026' (months and years only when they differ). */
export function formatDayRange(from: string, to: string): string {
  const start = calendarDay(from);
  const end = calendarDay(to);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${from} - ${to}`;
  const a = romeParts(start);
  const b = romeParts(end);
  if (a.year === b.year && a.month === b.month) {
    return `${a.day}-${b.day} ${formatMonthLong(end)} ${b.year}`;
  }
  return `${formatDayLong(from)} - ${formatDayLong(to)}`;
}

// Wall strings of date-time fields.

const WALL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const TYPED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ ,T]+(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?)?$/;
const pad = (n: number, len = 2) => String(n).padStart(len, '0');

export function isWall(value: string): boolean {
  return wallParts(value) !== null;
}

function wallParts(value: string) {
  const m = WALL.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!validCalendar(y, mo, d, h, mi, s)) return null;
  return { y, mo, d, h, mi, s };
}

function validCalendar(y: number, mo: number, d: number, h: number, mi: number, s: number) {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** The wall string of an instant in Rome. */
export function toWall(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const p = romeParts(value);
  if (Number.isNaN(p.year)) return '';
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/**
 * The instant when the clock in Rome reads `wall`; null if it is not a valid
 * wall string. TZDate builds it in Rome's time zone, DST included (a time
 * skipped when the clocks go forward is taken at the new offset).
 */
export function fromWall(wall: string): Date | null {
  const p = wallParts(wall);
  if (!p) return null;
  return new Date(new TZDate(p.y, p.mo - 1, p.d, p.h, p.mi, p.s, TIME_ZONE).getTime());
}

/** ISO 8601 (UTC) of a wall string; null when empty or invalid. */
export function wallToIso(wall: string): string | null {
  const d = fromWall(wall);
  return d ? d.toISOString() : null;
}

/**
 * The typed fallback (spec §2): 'gg/mm/aaaa hh:mm[:ss]' (a date alone is
 * midnight), also the ISO-like 'aaaa-mm-gg hh:mm[:ss]'. Returns the wall
 * string or null.
 */
export function parseTyped(text: string): string | null {
  const trimmed = text.trim();
  if (isWall(trimmed)) {
    const p = wallParts(trimmed)!;
    return `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
  }
  const m = TYPED.exec(trimmed);
  if (!m) return null;
  const [d, mo, y, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(
    Number,
  ) as [number, number, number, number, number, number];
  if (!validCalendar(y, mo, d, h, mi, s)) return null;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}`;
}

/** A wall string as typed text: 'gg/mm/aaaa hh:mm:ss'. */
export function formatTyped(wall: string): string {
  const p = wallParts(wall);
  if (!p) return wall;
  return `${pad(p.d)}/${pad(p.mo)}/${p.y} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
}
