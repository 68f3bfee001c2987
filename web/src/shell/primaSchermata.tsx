// The page's first screen the server painted (shell/entry-server.tsx). The
// answers the server painted it from come with it and seed the app's query
// cache (marked stale, so the page still asks for its viewer's own), so the
// app's first render is that same screen, and hydrates it (shell/App.tsx,
// lib/idratazione.ts). A page the app cannot hydrate (an address with a
// query) is rendered anew over it; until then, should its code be slow to
// come, the app shows the same HTML the server sent instead of a spinner, so
// nothing blinks or moves (layout shift) and the largest paint stays the
// server's.
import type { Evento, Polo, PunteggiItem, Sessione, Sito, Sponsor, Squadra } from '@gas/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { queryKeys, type EventiFilter } from '../api/queries';
import { PageLoading } from '../components/PageLoading';
import { punteggiKeys } from '../features/punteggi/api';
import { risultatiKeys } from '../features/risultati/useRisultati';
import { fineIdratazione, iniziaIdratazione, useDipintaDalServer } from '../lib/idratazione';
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
  /** The instant the page was painted at (epoch ms), from the server's clock. */
  ora?: number;
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
 * Whether the app's first render can be the painted page's: the server
 * painted it for its path alone, so an address with a query (the scores
 * page's `colori`) or an old hash route ('#/about-us/', a redirect) is
 * rendered anew over it.
 */
export function siPuoIdratare({ search, hash }: Pick<Location, 'search' | 'hash'>): boolean {
  return search === '' && !hash.startsWith('#/');
}

/**
 * The painted page: its path, and its element, whose HTML is read only if
 * the app shows a copy of it (InAttesa): a hydrated page never needs one,
 * and reading a large ranking's HTML is a long task on a phone.
 */
let catturata: { percorso: string; elemento: HTMLElement; html?: string } | null = null;

/**
 * The ranking the page was painted with, for the scores page's live state to
 * start from (useScoresModel): on the server while it renders, in the browser
 * until the page's first render (a later visit reads its own).
 */
let classificaDipinta: PunteggiItem | null = null;

export function classificaDellaPrimaSchermata(sessioneId: number): PunteggiItem | null {
  return classificaDipinta?.json.sessione === sessioneId ? classificaDipinta : null;
}

/**
 * The server's render of a page painted from `dati`: with its ranking, and
 * at its instant (`dati.ora`, else now: lib/idratazione.ts).
 */
export function dipingiCon<T>(dati: DatiPagina, render: () => T): T {
  classificaDipinta = dati.classifica ?? null;
  iniziaIdratazione(dati.ora ?? Date.now());
  try {
    return render();
  } finally {
    classificaDipinta = null;
    fineIdratazione();
  }
}

/** The instant the captured page was painted at (its answers' `ora`), if known. */
let istanteCatturato: number | null = null;

/** Before hydrating the captured page: its components render as painted (lib/idratazione.ts). */
export function avviaIdratazione(): void {
  iniziaIdratazione(istanteCatturato);
}

/**
 * Before the app's first render: what the server painted, if anything, and
 * its answers. True when the server painted the page.
 */
export function catturaPrimaSchermata(document: Document, client?: QueryClient): boolean {
  const element = document.querySelector<HTMLElement>(`[${ATTRIBUTO_PRIMA_SCHERMATA}]`);
  const percorso = element?.getAttribute(ATTRIBUTO_PRIMA_SCHERMATA);
  catturata = element && percorso ? { percorso, elemento: element } : null;
  const json = document.getElementById(ID_DATI_PAGINA)?.textContent;
  if (!catturata || !json || !client) return catturata !== null;
  try {
    const dati = JSON.parse(json) as DatiPagina;
    seminaDatiPagina(client, dati, true);
    classificaDipinta = dati.classifica ?? null;
    istanteCatturato = typeof dati.ora === 'number' ? dati.ora : null;
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
  // The page's first commit: its components are all mounted (hydrated, or drawn).
  useEffect(fineIdratazione, []);
  // Hydrating, the page's controls are the app's once its render for the viewer is there.
  const dipinta = useDipintaDalServer();
  useEffect(() => {
    if (dipinta) return;
    catturata = null;
    classificaDipinta = null;
    riproduciToccoInAnticipo({ ultimaVolta: true });
  }, [dipinta]);
  return null;
}

/** While a page loads: the server's first screen of this very page, else the spinner. */
export function InAttesa() {
  const { pathname } = useLocation();
  if (catturata?.percorso !== pathname) return <PageLoading />;
  // Read before React's first commit replaces the container's content, and kept.
  catturata.html ??= catturata.elemento.innerHTML;
  return (
    <div
      {...{ [ATTRIBUTO_PRIMA_SCHERMATA]: catturata.percorso }}
      // The server's own HTML of this page, rendered by React from the API's answers.
      dangerouslySetInnerHTML={{ __html: catturata.html }}
    />
  );
}
