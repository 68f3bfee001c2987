// The ranking's form in the 'Classifica' tab: the list ('elenco', the default
// on phones, below 576 px) or the desktop table ('tabella', the default
// above). The viewer's choice is kept on the device.
import { useCallback, useSyncExternalStore } from 'react';
import { useDipintaDalServer } from '../../../lib/idratazione';
import { leggi, scrivi } from './archivio';

export type Vista = 'tabella' | 'elenco';
export const CHIAVE_VISTA = 'gas:punteggi:vista';
/** Bootstrap's `sm` breakpoint: below it the page is laid out for a phone. */
export const STRETTO = '(max-width: 575.98px)';

const listeners = new Set<() => void>();

function scelta(): Vista | null {
  const v = leggi(CHIAVE_VISTA);
  return v === 'tabella' || v === 'elenco' ? v : null;
}

function stretto(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(STRETTO).matches;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(STRETTO) : null;
  media?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
  };
}

export function vistaPredefinita(stretto: boolean): Vista {
  return stretto ? 'elenco' : 'tabella';
}

const snapshot = (): Vista => scelta() ?? vistaPredefinita(stretto());
/**
 * The server paints the phone's list (shell/entry-server.tsx): a wider
 * screen hides it (punteggi.css) until the app shows its table. The
 * browser's render that hydrates it shows the list too (useDipintaDalServer:
 * React's server snapshot would switch to the table at once, not in a
 * transition).
 */
const vistaDelServer = (): Vista => (typeof window === 'undefined' ? 'elenco' : snapshot());

export function useVista(): [Vista, (v: Vista) => void] {
  const dipinta = useDipintaDalServer();
  const scelta = useSyncExternalStore(subscribe, snapshot, vistaDelServer);
  const vista = dipinta ? 'elenco' : scelta;
  const set = useCallback((v: Vista) => {
    scrivi(CHIAVE_VISTA, v);
    for (const l of listeners) l();
  }, []);
  return [vista, set];
}
