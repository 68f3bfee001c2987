// The live tile's outcome is a mark and a word as well as a colour (WCAG 1.4.1).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveTile } from './LiveTile';
import type { ArrivedEvent } from './live/LiveSession';

afterEach(cleanup);

const NOW = Date.parse('2026-04-15T09:00:00Z');

function tile(event: ArrivedEvent['event']) {
  render(
    <LiveTile
      latest={{ event, at: NOW - 1000, live: true } as ArrivedEvent}
      teamName={() => 'Liceo Fermi'}
      problemName={() => 'P3'}
      phase="durante"
      inizio={NOW - 3_600_000}
      fine={NOW + 3_600_000}
      now={NOW}
    />,
  );
  return screen.getByTestId('live-tile');
}

describe('LiveTile', () => {
  it('marks each outcome with a symbol beside its word', () => {
    const base = { id: 1, s: 1, p: 3, d: new Date(NOW - 1000).toISOString() };
    expect(tile({ ...base, k: 'r', c: true } as ArrivedEvent['event']).textContent).toMatch(
      /^✓Ultima risposta · Corretta/,
    );
    cleanup();
    expect(tile({ ...base, k: 'r', c: false } as ArrivedEvent['event']).textContent).toMatch(
      /^✗Ultima risposta · Errata/,
    );
    cleanup();
    const jolly = tile({ ...base, k: 'j' } as ArrivedEvent['event']);
    expect(jolly.textContent).toMatch(/^JUltima risposta · Jolly/);
    expect(jolly.querySelector('.live-tile__mark')?.getAttribute('aria-hidden')).toBe('true');
  });
});
