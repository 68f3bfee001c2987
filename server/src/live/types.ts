/** A live scoring event as the feeds send it (spec §7 `npe`, §5 shape rules). */
export type LiveEvent =
  | { id: number; k: 'r'; s: number; p: number; c: boolean; d: string }
  | { id: number; k: 'j'; s: number; p: number; d: string };
