// The reconnect schedule of spec §4 and §9: the longer a live feed has been
// down, the less often the page knocks, so that thousands of pages do not
// hammer a server that is coming back up.

/** [disconnected for less than (ms), retry every (ms)]; past the last row, every 300 s. */
export const RECONNECT_SCHEDULE: readonly (readonly [number, number])[] = [
  [60_000, 5_000],
  [300_000, 60_000],
  [900_000, 120_000],
];
export const RECONNECT_MAX_DELAY_MS = 300_000;

/** Delay before the next attempt, given how long the feed has been down (ms). */
export function reconnectDelay(disconnectedForMs: number): number {
  const elapsed = Math.max(0, disconnectedForMs);
  for (const [under, every] of RECONNECT_SCHEDULE) {
    if (elapsed < under) return every;
  }
  return RECONNECT_MAX_DELAY_MS;
}

/** A same-origin WebSocket URL for a path (`/ws/...`), ws: or wss: as the page. */
export function wsUrl(
  path: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}`;
}
