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
