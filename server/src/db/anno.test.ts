import { describe, expect, it } from 'vitest';
import { annoEvento } from './anno';

describe('annoEvento', () => {
  it('counts events starting after August for the next year', () => {
    expect(annoEvento(new Date('2025-08-31T12:00:00Z'))).toBe(2025);
    expect(annoEvento(new Date('2025-09-01T08:00:00Z'))).toBe(2026);
    expect(annoEvento(new Date('2025-12-05T15:00:00Z'))).toBe(2026);
    expect(annoEvento(new Date('2026-04-15T09:00:00Z'))).toBe(2026);
  });

  it('uses the Italian calendar at the month boundary', () => {
    // 31 August 23:30 UTC is already 1 September in Rome.
    expect(annoEvento(new Date('2025-08-31T23:30:00Z'))).toBe(2026);
  });
});

describe('annoEvento names the school year by the year it ends (spec §2, eventi/anno/{anno}/)', () => {
  it('a November 2026 event is of 2026-2027, anno 2027, as the season pages list it', () => {
    expect(annoEvento(new Date('2026-11-20T09:00:00Z'))).toBe(2027);
  });

  it('around September and January', () => {
    expect(annoEvento(new Date('2026-08-31T21:59:00Z'))).toBe(2026); // 23:59 in Rome
    expect(annoEvento(new Date('2026-08-31T22:00:00Z'))).toBe(2027); // 1 September in Rome
    expect(annoEvento(new Date('2026-12-31T22:59:00Z'))).toBe(2027);
    expect(annoEvento(new Date('2026-12-31T23:00:00Z'))).toBe(2027); // 1 January 2027 in Rome
    expect(annoEvento(new Date('2027-01-15T09:00:00Z'))).toBe(2027);
  });
});
