// Dates as Italians read them: it-IT locale, Europe/Rome time zone, whatever
// the zone of the browser. The API speaks ISO 8601 in UTC.
import { formatDistanceStrict, formatDuration as formatDurationFns } from 'date-fns';
import { it } from 'date-fns/locale/it';

export const LOCALE = 'it-IT';
export const TIME_ZONE = 'Europe/Rome';

export type DateInput = Date | string | number;

export function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

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

/** 15/04/2026 */
export function formatDate(value: DateInput): string {
  return formatter({ day: '2-digit', month: '2-digit', year: 'numeric' }).format(toDate(value));
}

/** mercoledì 15 aprile 2026 */
export function formatDateLong(value: DateInput): string {
  return formatter({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    toDate(value),
  );
}

/** 14:30 */
export function formatTime(value: DateInput): string {
  return formatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(toDate(value));
}

/** 14:30:05 */
export function formatTimeWithSeconds(value: DateInput): string {
  return formatter({
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(toDate(value));
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

type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';

const listFormat = new Intl.ListFormat(LOCALE, { style: 'long', type: 'conjunction' });

/** 1 giorno, 2 ore e 30 minuti (zero units left out; "0 secondi" for nothing). */
export function formatDuration(milliseconds: number): string {
  let rest = Math.max(0, Math.round(Math.abs(milliseconds) / 1000));
  const units: [DurationUnit, number][] = [
    ['days', 86400],
    ['hours', 3600],
    ['minutes', 60],
    ['seconds', 1],
  ];
  const words: string[] = [];
  for (const [unit, size] of units) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0) words.push(formatDurationFns({ [unit]: amount }, { locale: it }));
  }
  return words.length > 0
    ? listFormat.format(words)
    : formatDurationFns({ seconds: 0 }, { locale: it, zero: true });
}

/** 'Fra 3 minuti' / '3 minuti fa' / 'Adesso' (spec §2, important messages). */
export function formatRelative(value: DateInput, now: DateInput = Date.now()): string {
  const date = toDate(value);
  const reference = toDate(now);
  const diff = date.getTime() - reference.getTime();
  if (Math.abs(diff) < 1000) return 'Adesso';
  const distance = formatDistanceStrict(date, reference, { locale: it });
  return diff > 0 ? `Fra ${distance}` : `${distance} fa`;
}

/** How often a relative label must refresh: every second, minute, hour or day (spec §4). */
export function relativeRefreshInterval(value: DateInput, now: DateInput = Date.now()): number {
  const distance = Math.abs(toDate(value).getTime() - toDate(now).getTime());
  if (distance < 60_000) return 1000;
  if (distance < 3_600_000) return 60_000;
  if (distance < 86_400_000) return 3_600_000;
  return 86_400_000;
}
