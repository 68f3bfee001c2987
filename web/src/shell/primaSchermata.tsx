// The page's first screen the server painted (shell/server.tsx), kept on
// screen by the app until the page itself has rendered: while the page's
// code (a lazy chunk) and its first answers arrive, the app shows the same
// HTML the server sent instead of a spinner, so nothing blinks or moves
// (layout shift) and the largest paint stays the server's.
import './prima-schermata.css';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';

/** The attribute of the element around the server's page, with the page's path. */
export const ATTRIBUTO_PRIMA_SCHERMATA = 'data-prima-schermata';

let catturata: { percorso: string; html: string } | null = null;

/** Before the app's first render: what the server painted, if anything. */
export function catturaPrimaSchermata(root: ParentNode): void {
  const element = root.querySelector<HTMLElement>(`[${ATTRIBUTO_PRIMA_SCHERMATA}]`);
  const percorso = element?.getAttribute(ATTRIBUTO_PRIMA_SCHERMATA);
  catturata = element && percorso ? { percorso, html: element.innerHTML } : null;
}

/** The page has rendered itself: the server's copy is never shown again. */
export function usePaginaPronta(): void {
  useEffect(() => {
    catturata = null;
  }, []);
}

/** While a page loads: the server's first screen of this very page, else the spinner. */
export function InAttesa() {
  const { pathname } = useLocation();
  if (catturata?.percorso !== pathname) return <PageLoading />;
  return (
    <div
      {...{ [ATTRIBUTO_PRIMA_SCHERMATA]: catturata.percorso }}
      // The server's own HTML of this page, rendered by React from the API's answers.
      dangerouslySetInnerHTML={{ __html: catturata.html }}
    />
  );
}
