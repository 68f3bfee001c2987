// The gathering of the rank announcements: at most one every 10 s. The first
// change after a quiet spell is said at once; changes inside the following
// 10 s wait and are said together when the window closes, each team at its
// latest position (compared with the ranking of the last announcement, so a
// team back where it was says nothing).
import { useEffect, useRef, useState } from 'react';
import { testoAnnuncio, type RigaAnnunci } from './cambiPosizione';

export const INTERVALLO_ANNUNCI_MS = 10_000;

export interface Annuncio {
  testo: string;
  /** Grows with each announcement: the same words said again are a new message. */
  numero: number;
}

export function useAnnunciClassifica(input: {
  classifica: readonly RigaAnnunci[] | undefined;
  seguite: readonly number[];
  attivi: boolean;
  /** A new value starts again from the current ranking, silently (a replay started or stopped). */
  contesto?: unknown;
}): Annuncio | null {
  const { classifica, attivi, contesto } = input;
  const seguiteKey = input.seguite.join(',');
  const [annuncio, setAnnuncio] = useState<Annuncio | null>(null);
  // The ranking of the last announcement (or the first seen): what changes are measured from.
  const base = useRef<readonly RigaAnnunci[] | null>(null);
  const ultima = useRef<readonly RigaAnnunci[] | undefined>(undefined);
  const detto = useRef(-Infinity);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seguite = useRef<readonly number[]>(input.seguite);
  seguite.current = input.seguite;

  const annulla = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  // A new context or turned off: nothing pending; the next effect takes the
  // ranking of this render as the base.
  useEffect(() => {
    annulla();
    base.current = null;
    if (!attivi) setAnnuncio(null);
    return annulla;
  }, [attivi, contesto]);

  useEffect(() => {
    ultima.current = classifica;
    if (!classifica) return;
    if (!attivi || base.current === null) {
      base.current = classifica;
      return;
    }
    const annuncia = () => {
      timer.current = null;
      const prima = base.current;
      const dopo = ultima.current;
      if (!prima || !dopo) return;
      base.current = dopo;
      const testo = testoAnnuncio(prima, dopo, seguite.current);
      if (testo === '') return;
      detto.current = Date.now();
      setAnnuncio((a) => ({ testo, numero: (a?.numero ?? 0) + 1 }));
    };
    if (timer.current !== null) return; // gathered into the pending announcement
    const attesa = detto.current + INTERVALLO_ANNUNCI_MS - Date.now();
    if (attesa <= 0) annuncia();
    else timer.current = setTimeout(annuncia, attesa);
  }, [classifica, attivi, contesto, seguiteKey]);

  return annuncio;
}
