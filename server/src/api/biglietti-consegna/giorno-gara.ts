// "Delivery slips ... are disabled on official contest days" (spec §9): the
// server keeps its capacity for the live rankings on the day an official
// event runs. A day is a calendar day in Rome.

export const GIORNO_GARA_UFFICIALE =
  'La generazione dei bigliettini è disabilitata nei giorni di gara ufficiale: riprova in un altro giorno.';

const rome = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function romeFields(t: number) {
  const parts = Object.fromEntries(rome.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    min: Number(parts.minute),
    s: Number(parts.second),
  };
}

/** The UTC instant when the wall clock in Rome reads y-m-d 00:00. */
function romeMidnight(y: number, m: number, d: number): Date {
  const guess = Date.UTC(y, m - 1, d);
  // Rome is UTC+1 or UTC+2: correct the guess by the offset read at it, twice
  // so that a DST change between guess and result is accounted for.
  let t = guess;
  for (let i = 0; i < 2; i++) {
    const f = romeFields(t);
    const asUtc = Date.UTC(f.y, f.m - 1, f.d, f.h, f.min, f.s);
    t = guess - (asUtc - t);
  }
  return new Date(t);
}

/** [start, end) of the calendar day in Rome that contains `now`. */
export function giornoRoma(now: Date): { inizio: Date; fine: Date } {
  const { y, m, d } = romeFields(now.getTime());
  const inizio = romeMidnight(y, m, d);
  // Noon of the next day is surely the next calendar day, whatever DST does.
  const next = romeFields(inizio.getTime() + 36 * 3_600_000);
  return { inizio, fine: romeMidnight(next.y, next.m, next.d) };
}
