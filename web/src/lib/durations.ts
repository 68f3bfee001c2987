// Durations and relative times in Italian ('1 giorno, 2 ore e 30 minuti',
// 'Fra 3 minuti'), written with date-fns and its Italian locale: kept apart
// from romeTime.ts so that the app shell does not load them. Each function
// from its own module, not from the 'date-fns' index: on Node 24 the index's
// ~250 modules take seconds to load in the tests (Node re-reads date-fns'
// 200 KB package.json for every module; docs/decisions.md, "Node.js runtime").
import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import { formatDuration as formatDurationFns } from 'date-fns/formatDuration';
import { it } from 'date-fns/locale/it';
import { toDate, type DateInput } from './romeTime';

type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';

/**
 * 'a, b e c', as Intl.ListFormat's Italian conjunction writes it, by hand:
 * the scores page writes a duration while it starts, and a page's first
 * Intl formatter costs milliseconds of main thread (pigro.ts in @gas/contracts).
 */
function elencoItaliano(parole: string[]): string {
  if (parole.length < 2) return parole.join('');
  return `${parole.slice(0, -1).join(', ')} e ${parole.at(-1)}`;
}

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
    ? elencoItaliano(words)
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
