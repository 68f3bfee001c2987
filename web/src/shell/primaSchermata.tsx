// The page's first screen the server painted (shell/entry-server.tsx), kept
// on screen by the app until the page itself has rendered: while the page's
// code (a lazy chunk) arrives, the app shows the same HTML the server sent
// instead of a spinner, so nothing blinks or moves (layout shift) and the
// largest paint stays the server's. The answers the server painted it from
// come with it and seed the app's query cache (marked stale, so the page
// still asks for its viewer's own), so the page's first render is that same
// screen rather than a loading state.
import type { Evento, Polo, PunteggiItem, Sessione, Sito, Sponsor, Squadra } from '@gas/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { queryKeys, type EventiFilter } from '../api/queries';
import { PageLoading } from '../components/PageLoading';
import { punteggiKeys } from '../features/punteggi/api';
import { risultatiKeys } from '../features/risultati/useRisultati';
import { riproduciToccoInAnticipo } from './toccoInAnticipo';

/** The attribute of the element around the server's page, with the page's path. */
export const ATTRIBUTO_PRIMA_SCHERMATA = 'data-prima-schermata';

/** The id of the JSON block with the answers the page was painted from. */
export const ID_DATI_PAGINA = 'dati-prima-schermata';

/**
 * What a painted page was rendered from: the API's answers to an anonymous
 * visitor. The scores and results pages have their ranking too: the
 * session's snapshot, its teams (for their schools) and its event's venues;
 * an event list, its events and the filter it asked them with; the home
 * page, the site's settings and its sponsors.
 */
export type DatiPagina = {
  sito?: Sito;
  sponsor?: Sponsor[];
  eventi?: { filtro: EventiFilter; lista: Evento[] };
  sessione?: Sessione;
  evento?: Evento;
  classifica?: PunteggiItem;
  squadre?: Squadra[];
  poli?: Polo[];
};

/** The answers in the query cache, under the keys the pages read them by. */
export function seminaDatiPagina(client: QueryClient, dati: DatiPagina, stale = false): void {
  // Stale (updated at 0): shown at once, asked again when the page mounts.
  const opzioni = stale ? { updatedAt: 0 } : undefined;
  if (dati.sito) client.setQueryData(queryKeys.sito, dati.sito, opzioni);
  if (dati.sponsor) client.setQueryData(queryKeys.sponsor, dati.sponsor, opzioni);
  if (dati.eventi) {
    client.setQueryData(queryKeys.eventi(dati.eventi.filtro), dati.eventi.lista, opzioni);
  }
  if (dati.sessione) {
    client.setQueryData(queryKeys.sessione(dati.sessione.id), dati.sessione, opzioni);
  }
  if (dati.evento) client.setQueryData(queryKeys.evento(dati.evento.id), dati.evento, opzioni);
  const sessione = dati.sessione?.id;
  if (sessione === undefined) return;
  if (dati.classifica) {
    client.setQueryData(risultatiKeys.classifica(sessione), dati.classifica, opzioni);
  }
  if (dati.squadre) {
    client.setQueryData(queryKeys.squadreInSessione(sessione), dati.squadre, opzioni);
  }
  if (dati.poli && dati.sessione) {
    client.setQueryData(punteggiKeys.poli(dati.sessione.evento), dati.poli, opzioni);
  }
}

/**
 * True in the server's render of a page (shell/entry-server.tsx): a page may
 * paint there what only the URL's hash, unseen by the server, would choose
 * (the scores page's tabs).
 */
export const DipintaDalServer = createContext(false);

let catturata: { percorso: string; html: string } | null = null;

/**
 * The ranking the page was painted with, for the scores page's live state to
 * start from (useScoresModel): on the server while it renders, in the browser
 * until the page's first render (a later visit reads its own).
 */
let classificaDipinta: PunteggiItem | null = null;

export function classificaDellaPrimaSchermata(sessioneId: number): PunteggiItem | null {
  return classificaDipinta?.json.sessione === sessioneId ? classificaDipinta : null;
}

/** The server's render of a page painted with `classifica` (shell/entry-server.tsx). */
export function dipingiConClassifica<T>(classifica: PunteggiItem | undefined, render: () => T): T {
  classificaDipinta = classifica ?? null;
  try {
    return render();
  } finally {
    classificaDipinta = null;
  }
}

/**
 * Before the app's first render: what the server painted, if anything, and
 * its answers. True when the server painted the page.
 */
export function catturaPrimaSchermata(document: Document, client?: QueryClient): boolean {
  const element = document.querySelector<HTMLElement>(`[${ATTRIBUTO_PRIMA_SCHERMATA}]`);
  const percorso = element?.getAttribute(ATTRIBUTO_PRIMA_SCHERMATA);
  catturata = element && percorso ? { percorso, html: element.innerHTML } : null;
  const json = document.getElementById(ID_DATI_PAGINA)?.textContent;
  if (!catturata || !json || !client) return catturata !== null;
  try {
    const dati = JSON.parse(json) as DatiPagina;
    seminaDatiPagina(client, dati, true);
    classificaDipinta = dati.classifica ?? null;
  } catch {
    // Unreadable: the page asks for its answers as it would without them.
  }
  return true;
}

/**
 * Rendered with the page: the server's copy is never shown again, and a tap
 * on it before the app was there is repeated on the page (toccoInAnticipo.ts).
 */
export function FinePrimaSchermata() {
  useEffect(() => {
    catturata = null;
    classificaDipinta = null;
    riproduciToccoInAnticipo({ ultimaVolta: true });
  }, []);
  return null;
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
