// Dates as Italians read them: it-IT locale, Europe/Rome time zone, whatever
// the zone of the browser. The API speaks ISO 8601 in UTC. Only Intl here (no
// date-fns), so the app shell can use it without loading a date-fns locale.

export const LOCALE = 'it-IT';
export const TIME_ZONE = 'Europe/Rome';

export type DateInput = Date | string | number;

export function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
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
