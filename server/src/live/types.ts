import type { ScoreEvent } from '../scores/rows';

/**
 * A live scoring event as the feeds send it (spec §7 `npe`, §5 shape rules):
 * the `npe` frame of @gas/contracts without its `type` (scores/rows.ts).
 */
export type LiveEvent = ScoreEvent;
