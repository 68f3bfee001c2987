// The Italian numeric collation of team names ("Squadra 2" < "Squadra 10"),
// without Intl for the names most teams have. A page's first Intl object
// loads ICU's locale data: the first Collator was a task of 13-25 ms on this
// machine's Chromium (x4 on Lighthouse's phone), made by every scores page
// as its first ranking broke its first tie. Names made only of ASCII letters,
// digits and spaces are compared here, by the same rules as
// `Intl.Collator('it', { numeric: true })` (tested equal to it on random
// names: nameOrder.test.ts); any other pair is compared by that collator,
// made at its first use.

/** Letters, digits, spaces; no number written with a leading zero, none past 15 digits. */
const SEMPLICE = /^(?:[A-Za-z ]|[1-9][0-9]{0,14}|0(?![0-9]))*$/;

let collator: Intl.Collator | null = null;
/** The Intl collator, made at its first use (the names this module does not compare). */
export function intlNameCollator(): Intl.Collator {
  return (collator ??= new Intl.Collator('it', { numeric: true }));
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const SPACE = 32;

/**
 * Primary level: space before digits before letters, letters without case,
 * each run of digits as one number; at the end of the shorter name, that
 * name first.
 */
function comparePrimary(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    const da = isDigit(ca);
    const db = isDigit(cb);
    if (da && db) {
      let endA = i;
      while (endA < a.length && isDigit(a.charCodeAt(endA))) endA++;
      let endB = j;
      while (endB < b.length && isDigit(b.charCodeAt(endB))) endB++;
      const diff = Number(a.slice(i, endA)) - Number(b.slice(j, endB));
      if (diff !== 0) return diff < 0 ? -1 : 1;
      i = endA;
      j = endB;
      continue;
    }
    const classA = ca === SPACE ? 0 : da ? 1 : 2;
    const classB = cb === SPACE ? 0 : db ? 1 : 2;
    if (classA !== classB) return classA < classB ? -1 : 1;
    if (classA === 2) {
      const la = ca | 0x20;
      const lb = cb | 0x20;
      if (la !== lb) return la < lb ? -1 : 1;
    }
    i++;
    j++;
  }
  if (i < a.length) return 1;
  if (j < b.length) return -1;
  return 0;
}

/**
 * Tertiary level, for names equal at the first (same length, same letters
 * but for case): at the first letter whose case differs, lowercase first.
 */
function compareCase(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) return ca > cb ? -1 : 1; // 'a' (97) after 'A' (65): lowercase first.
  }
  return 0;
}

/** Italian numeric collation of two names (see the module's comment). */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  if (!SEMPLICE.test(a) || !SEMPLICE.test(b)) return intlNameCollator().compare(a, b);
  return comparePrimary(a, b) || compareCase(a, b);
}
