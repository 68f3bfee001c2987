// ISO 8601 date-times to epoch milliseconds, parsed by hand rather than with
// Date.parse: Date.parse accepts engine-specific formats and reads a time
// without a zone as local time, so the server and the browser could disagree.
// Here a zone (Z or an offset) is required and every engine gets the same number.

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digits(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or `±HH:MM` (`±HHMM`,
 * `±HH`); a space may replace the `T`. Fractions beyond milliseconds are
 * truncated. Returns null when the text is not such a date-time.
 */
export function parseInstant(s: string): number | null {
  const len = s.length;
  if (len < 17 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return null;
  const sep = s.charCodeAt(10);
  if (sep !== 84 && sep !== 32 && sep !== 116) return null;
  if (s.charCodeAt(13) !== 58) return null;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23) return null;
  if (minute < 0 || minute > 59) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > (DAYS_IN_MONTH[month - 1] ?? 0) || (month === 2 && day === 29 && !leap)) return null;
  let i = 16;
  let second = 0;
  let ms = 0;
  if (s.charCodeAt(i) === 58) {
    second = digits(s, i + 1, 2);
    if (second < 0 || second > 59) return null;
    i += 3;
    if (s.charCodeAt(i) === 46 || s.charCodeAt(i) === 44) {
      const start = ++i;
      while (i < len && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
      if (i === start) return null;
      // Milliseconds: the first three fraction digits, the rest truncated.
      for (let k = start; k < start + 3; k++) ms = ms * 10 + (k < i ? s.charCodeAt(k) - 48 : 0);
    }
  }
  let offset = 0;
  const z = s.charCodeAt(i);
  if (z === 90 || z === 122) {
    i++;
  } else if (z === 43 || z === 45) {
    const oh = digits(s, i + 1, 2);
    let om = 0;
    i += 3;
    if (s.charCodeAt(i) === 58) {
      om = digits(s, i + 1, 2);
      i += 3;
    } else if (i < len) {
      om = digits(s, i, 2);
      i += 2;
    }
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return null;
    offset = (z === 43 ? 1 : -1) * (oh * 60 + om) * 60000;
  } else {
    return null;
  }
  if (i !== len) return null;
  const days = daysFromCivil(year, month, day);
  return ((days * 24 + hour) * 60 + minute) * 60000 + second * 1000 + ms - offset;
}

/** Like parseInstant, but throws a RangeError naming the bad text. */
export function instant(s: string, what = 'date'): number {
  const t = typeof s === 'string' ? parseInstant(s) : null;
  if (t === null) throw new RangeError(`${what}: not an ISO 8601 date-time with a zone: ${s}`);
  return t;
}
