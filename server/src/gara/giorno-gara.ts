// "Delivery slips ... are disabled on official contest days" (spec §9): the
// server keeps its capacity for the live rankings on the day an official
// event runs. A day is a calendar day in Rome.
import { TZDate } from '@date-fns/tz';

export const GIORNO_GARA_UFFICIALE =
  'La generazione dei bigliettini è disabilitata nei giorni di gara ufficiale: riprova in un altro giorno.';

/** [start, end) of the calendar day in Rome that contains `now` (23, 24 or 25 hours long). */
export function giornoRoma(now: Date): { inizio: Date; fine: Date } {
  const rome = new TZDate(now, 'Europe/Rome');
  const [y, m, d] = [rome.getFullYear(), rome.getMonth(), rome.getDate()];
  // TZDate reads and builds wall times in Rome, DST included; day d + 1
  // past the month's end is the next month's first.
  return {
    inizio: new Date(new TZDate(y, m, d, 'Europe/Rome').getTime()),
    fine: new Date(new TZDate(y, m, d + 1, 'Europe/Rome').getTime()),
  };
}
