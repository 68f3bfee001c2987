// The proclamation's frame on the session's punteggi_eventi feed
// (@gas/contracts live.ts `proclamazioneFrame`): {type: 'proclamazione',
// passo, passi}. The page only needs to know that the step moved; every
// other frame of the feed (answers, reloads, event changes) is not its
// business and is ignored. Checked by hand, as the scores page's frames are,
// so that zod stays out of the page's chunk.
export type FrameProclamazione = { passo: number; passi: number };

const contatore = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The step a frame announces, or null for any other (or malformed) frame. */
export function leggiFrameProclamazione(text: string): FrameProclamazione | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  if (m.type !== 'proclamazione' || !contatore(m.passo) || !contatore(m.passi)) return null;
  return { passo: m.passo, passi: m.passi };
}
