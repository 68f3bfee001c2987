// A page painted by the server (shell/entry-server.tsx) is hydrated by the
// browser (main.tsx): React makes no element again, provided the browser's
// first render of the page is the server's to the attribute. What only the
// browser knows (the URL's hash, the viewer's choices kept on the device,
// the time) therefore waits: a component reads `useDipintaDalServer()`, true
// in the server's render and in the browser's render that hydrates it, false
// in a transition right after (split by React into slices, never one long
// task on a phone), and in every render of a page the browser drew itself.

import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/** True in a tree that paints a page on the server, or hydrates one in the browser (shell/App.tsx). */
export const PaginaDipinta = createContext(false);

let idratazioneInCorso = false;
let istante: number | null = null;

/**
 * From the start of a painted page's render (the server's, or the browser's
 * that hydrates it) to its end (`fineIdratazione`): the components rendered
 * meanwhile render as painted, at the instant it was painted at (epoch ms).
 */
export function iniziaIdratazione(istanteDellaPagina: number | null): void {
  idratazioneInCorso = true;
  istante = istanteDellaPagina;
}

/** The page is the app's: components mounted from now on render for the viewer. */
export function fineIdratazione(): void {
  idratazioneInCorso = false;
  istante = null;
}

/** See the module's comment. */
export function useDipintaDalServer(): boolean {
  const pagina = useContext(PaginaDipinta);
  const [dipinta, setDipinta] = useState(() => pagina && idratazioneInCorso);
  useEffect(() => {
    if (dipinta) startTransition(() => setDipinta(false));
  }, [dipinta]);
  return dipinta;
}

/**
 * The instant the page was painted at while `useDipintaDalServer()` holds,
 * else null: a display of time shows there the server's text (a countdown
 * one second off would make React render the page anew).
 */
export function useIstanteDipinto(): number | null {
  const dipinta = useDipintaDalServer();
  const [dipinto] = useState(() => istante);
  return dipinta ? dipinto : null;
}
