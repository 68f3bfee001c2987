// Movement since the viewer's last look (issue 29): the positions the viewer
// saw last time are kept on the device per session, written when the page is
// hidden or left, and compared with the ranking on the next visit. With no
// stored look (first visit) the baseline is the ranking as the page opened.
import { useEffect, useRef } from 'react';
import { useDipintaDalServer } from '../../../lib/idratazione';
import { leggi, scrivi } from './archivio';

/** Team id → position (null: a guest, without a position). */
export type Posizioni = ReadonlyMap<number, number | null>;

export const chiavePosizioni = (sessioneId: number) => `gas:punteggi:posizioni:${sessioneId}`;

export function posizioniDi(
  rows: readonly { id: number; posizione: number | null }[],
): Map<number, number | null> {
  const out = new Map<number, number | null>();
  for (const r of rows) out.set(r.id, r.posizione);
  return out;
}

/**
 * Places gained (positive) or lost (negative) since `prima`; null when there
 * is nothing to compare (a new team, a guest) and 0 when it did not move.
 */
export function movimento(
  prima: Posizioni | null,
  id: number,
  posizione: number | null,
): number | null {
  if (!prima || posizione === null) return null;
  const before = prima.get(id);
  if (before === undefined || before === null) return null;
  return before - posizione;
}

/** '▲2' / '▼1' and the words a screen reader says instead; null when unmoved. */
export function etichettaMovimento(
  delta: number | null,
): { simbolo: string; testo: string } | null {
  if (delta === null || delta === 0) return null;
  const n = Math.abs(delta);
  const posizioni = n === 1 ? 'posizione' : 'posizioni';
  return delta > 0
    ? { simbolo: `▲${n}`, testo: `salita di ${n} ${posizioni}` }
    : { simbolo: `▼${n}`, testo: `scesa di ${n} ${posizioni}` };
}

export function serializzaPosizioni(posizioni: Posizioni): string {
  return JSON.stringify([...posizioni]);
}

/** The stored look, or null when missing or unreadable. */
export function leggiPosizioni(text: string | null): Map<number, number | null> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return null;
    const out = new Map<number, number | null>();
    for (const pair of parsed) {
      if (!Array.isArray(pair)) continue;
      const [id, pos] = pair as unknown[];
      if (typeof id === 'number' && (pos === null || typeof pos === 'number')) out.set(id, pos);
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * The baseline to compare the ranking with. `rows` are the ranking on screen;
 * `live` is false while a replay shows a past ranking (not stored then).
 */
export function useUltimaOcchiata(
  sessioneId: number,
  rows: readonly { id: number; posizione: number | null }[],
  live: boolean,
): Posizioni | null {
  const baseline = useRef<Posizioni | null | undefined>(undefined);
  if (baseline.current === undefined) {
    baseline.current = leggiPosizioni(leggi(chiavePosizioni(sessioneId)));
  }
  if (baseline.current === null && rows.length > 0) baseline.current = posizioniDi(rows);

  const latest = useRef<readonly { id: number; posizione: number | null }[]>([]);
  useEffect(() => {
    if (live && rows.length > 0) latest.current = rows;
  }, [rows, live]);
  // The server knows no earlier look: no movement there, nor in the render that hydrates its page.
  const dipinta = useDipintaDalServer();

  useEffect(() => {
    const store = () => {
      if (latest.current.length > 0) {
        scrivi(chiavePosizioni(sessioneId), serializzaPosizioni(posizioniDi(latest.current)));
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') store();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', store);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', store);
      store();
    };
  }, [sessioneId]);

  return dipinta ? null : baseline.current;
}
