// Dates as Italians read them (it-IT, Europe/Rome): the Intl formatters of
// romeTime.ts plus durations and relative times written with date-fns.
import { formatDistanceStrict, formatDuration as formatDurationFns } from 'date-fns';
import { it } from 'date-fns/locale/it';
import { formatDateLong, formatter, romeParts, toDate, LOCALE, type DateInput } from './romeTime';

export * from './romeTime';

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
  const month = (d: Date) => formatter({ month: 'long' }).format(d);
  if (a.year === b.year && a.month === b.month) {
    return `${a.day}-${b.day} ${month(end)} ${b.year}`;
  }
  return `${formatDayLong(from)} - ${formatDayLong(to)}`;
}
