// Date-time fields read and write the wall clock of Rome (the contests are
// Italian, whatever the zone of the browser); the API speaks UTC ISO 8601.
// A field's value is a "wall" string YYYY-MM-DDTHH:mm:ss.
import { romeParts, type DateInput } from '../../../lib/dates';

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

/** The instant when the clock in Rome reads `wall`; null if it is not a valid wall string. */
export function fromWall(wall: string): Date | null {
  const p = wallParts(wall);
  if (!p) return null;
  const guess = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  // Correct by Rome's offset at the guess, twice to settle across a DST change.
  let t = guess;
  for (let i = 0; i < 2; i++) {
    const r = romeParts(t);
    const read = Date.UTC(r.year, r.month - 1, r.day, r.hour, r.minute, r.second);
    t = guess - (read - t);
  }
  return new Date(t);
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
