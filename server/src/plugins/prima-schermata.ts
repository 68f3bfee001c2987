// Public pages' first screen painted by the server (issue 29, item 3): the
// scores page (title, event line, status and clock), the commentary, the
// results (with their ranking), an event's page, the event lists and home,
// rendered by the web app's own components (web/src/shell/entry-server.tsx,
// built by `vite build --ssr` into dist-ssr/ beside the app's dist/) from
// what the API gives an anonymous visitor, put in index.html's #root, with
// those answers in a JSON block the app seeds its cache from. A phone on
// slow 4G paints the page with the HTML, instead of after the app's code, the
// page's chunk and its answers; the app keeps it on screen until its page
// has rendered the same.
//
// Only what the anonymous public may see is painted (a private event's page
// is sent as it was built), so one render serves every visitor: it is kept
// for a second per page, and concurrent misses wait for one render; an edit
// of contest data on the change stream (gara/modifiche.ts) drops them all at
// once, as the microcache does (plugins/static.ts subscribes).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { INT4_MAX } from '@gas/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';

/** What a page is painted from: the API's answers to an anonymous visitor. */
export type DatiPagina = {
  sito?: unknown;
  sponsor?: unknown[];
  eventi?: { filtro: unknown; lista: unknown[] };
  sessione?: unknown;
  evento?: unknown;
  classifica?: unknown;
  squadre?: unknown[];
  poli?: unknown[];
  /** The instant the page was painted at (epoch ms). */
  ora?: number;
};

/** The reads the painted pages need, as an anonymous visitor gets them; null: he may not see it. */
export type LettoriPagina = {
  /** GET /api/gas/sessione/{id}/ and its event's GET /api/gas/evento/{id}/. */
  sessione(id: number): Promise<{ sessione: unknown; evento: unknown } | null>;
  /** GET /api/gas/evento/{id}/. */
  evento(id: number): Promise<{ evento: unknown } | null>;
  /**
   * The scores and results pages': `sessione`'s, and the session's ranking
   * (GET /api/gas/sessione/{id}/punteggi/'s item), its teams
   * (/squadra/in_sessione/), its event's venues (/polo/?evento=) and the
   * site's settings (GET /api/gas/sito/: the maps' tile server; without
   * them the maps' background is painted from the build's default).
   */
  conClassifica(
    id: number,
  ): Promise<
    | (Required<Pick<DatiPagina, 'sessione' | 'evento' | 'classifica' | 'squadre' | 'poli'>> &
        Pick<DatiPagina, 'sito'>)
    | null
  >;
  /**
   * An event list's events (GET /api/gas/evento/ with the list's filter, every
   * page) and that filter; null when there are too many to paint.
   */
  eventi(quali: 'ufficiali' | 'non-ufficiali'): Promise<Pick<DatiPagina, 'eventi'> | null>;
  /** Home: GET /api/gas/sito/ and the sponsors (GET /api/gas/sponsor/, every page). */
  home(): Promise<Required<Pick<DatiPagina, 'sito' | 'sponsor'>> | null>;
};

/**
 * The painted pages (web/src/shell/entry-server.tsx `PAGINE`) and what each
 * reads: `id` is the path's number, when it has one.
 */
const PAGINE: {
  path: RegExp;
  leggi(lettori: LettoriPagina, id: number): Promise<DatiPagina | null>;
}[] = [
  // Home: its news, video, rules and sponsors, from the site's settings.
  { path: /^\/$/, leggi: (lettori) => lettori.home() },
  // The event lists: 'Eventi' and its seasons (the app picks a season's
  // events from the official ones), 'Eventi non ufficiali'.
  { path: /^\/eventi\/(?:anno\/\d{4}\/)?$/, leggi: (lettori) => lettori.eventi('ufficiali') },
  { path: /^\/eventi\/non-ufficiali\/$/, leggi: (lettori) => lettori.eventi('non-ufficiali') },
  // The commentary.
  {
    path: /^\/sessione\/(\d{1,10})\/punteggi\/telecronaca\/$/,
    leggi: (lettori, id) => lettori.sessione(id),
  },
  // The scores page (not the school's view: its title needs the teams) and
  // the results, with their ranking: on a phone, the page's largest part.
  {
    path: /^\/sessione\/(\d{1,10})\/(?:punteggi|risultati)\/$/,
    leggi: (lettori, id) => lettori.conClassifica(id),
  },
  { path: /^\/evento\/(\d{1,10})\/$/, leggi: (lettori, id) => lettori.evento(id) },
];

/** web/src/shell/entry-server.tsx as built. */
type Renderer = { renderPagina(percorso: string, dati: DatiPagina): string | null };

/** A painted page: its #root's content and the answers it shows, as JSON. */
export type PaginaDipinta = { pagina: string; dati: string };

export type PrimaSchermata = {
  /** The page for a path, or null: then index.html is sent as built. */
  pagina(percorso: string): Promise<PaginaDipinta | null>;
  /** Forgets every painted page (a change to what they show was committed). */
  svuota(): void;
};

/** How long a painted page is kept: its clock says seconds. */
export const PRIMA_SCHERMATA_TTL_MS = 1000;

/** The painted pages kept at once weigh at most this many characters (about 64 MB). */
export const PRIMA_SCHERMATA_MAX_CARATTERI = 64 * 1024 * 1024;

/**
 * The server renderer of a build (`webDist`'s sibling dist-ssr/), loaded on
 * the first page that needs it (not while the server starts: its memory peak
 * and its readiness do not grow); null when the build has none.
 */
export function rendererDellaBuild(webDist: string): (() => Promise<Renderer>) | null {
  const file = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  let caricato: Promise<Renderer> | null = null;
  return () => (caricato ??= import(pathToFileURL(file).href) as Promise<Renderer>);
}

/** JSON safe inside a <script> block: no `<` can close it or open a comment. */
const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function creaPrimaSchermata({
  renderer,
  lettori,
  log,
  ttlMs = PRIMA_SCHERMATA_TTL_MS,
  maxCaratteri = PRIMA_SCHERMATA_MAX_CARATTERI,
}: {
  renderer: () => Promise<Renderer>;
  lettori: LettoriPagina;
  log: FastifyBaseLogger;
  ttlMs?: number;
  maxCaratteri?: number;
}): PrimaSchermata {
  // Values are wrapped: lru-cache keeps no null, and a page not painted is kept too.
  const pagine = new LRUCache<string, { pagina: PaginaDipinta | null }>({
    max: 1000,
    // Bounded by size too: a results page of a large session weighs a megabyte.
    maxSize: maxCaratteri,
    sizeCalculation: ({ pagina }) => 1 + (pagina ? pagina.pagina.length + pagina.dati.length : 0),
    ttl: ttlMs,
    fetchMethod: async (percorso) => {
      try {
        const { pagina: dipinta, id } = paginaDipinta(percorso)!;
        const letti = await dipinta.leggi(lettori, id);
        // Its instant: the browser's first render shows the time it shows (hydrating it).
        const dati = letti && { ...letti, ora: Date.now() };
        const pagina = dati && (await renderer()).renderPagina(percorso, dati);
        return { pagina: pagina && dati ? { pagina, dati: jsonInScript(dati) } : null };
      } catch (error) {
        // A failed render costs the first screen, never the page.
        log.warn({ err: error, percorso }, 'prima schermata non disegnata');
        return { pagina: null };
      }
    },
  });

  return {
    async pagina(percorso) {
      if (!paginaDipinta(percorso)) return null;
      return (await pagine.fetch(percorso))?.pagina ?? null;
    },
    svuota: () => pagine.clear(),
  };
}

/**
 * The painted page of a path and its id, when it is one and its id (if it
 * has one) fits the database; a page without an id reads 0.
 */
function paginaDipinta(percorso: string) {
  for (const pagina of PAGINE) {
    const match = pagina.path.exec(percorso);
    if (!match) continue;
    if (match[1] === undefined) return { pagina, id: 0 };
    const id = Number(match[1]);
    if (id >= 1 && id <= INT4_MAX) return { pagina, id };
  }
  return null;
}

/**
 * The id of an empty element right after the painted page: the first paint
 * waits for it (plugins/avvio-dopo-il-disegno.ts), not for the answers'
 * JSON after it (a megabyte on a session of a thousand teams).
 */
export const FINE_PAGINA_DIPINTA = 'fine-prima-schermata';

/** index.html's #root, as the build writes it (web/vite.config.ts). */
const INIZIO_ROOT = '<div id="root">';
/** Where the build's frame ends in #root (web/vite.config.ts, `gas-guscio-statico`). */
export const FINE_GUSCIO = '<!--fine-guscio--></div>';

/**
 * index.html with the painted page as #root's content (in place of the
 * frame with its loading page: the browser hydrates it as the app's own),
 * the marker of its end right after, and its answers in a JSON block at the
 * end of the body (data, never run: the CSP allows no inline script).
 */
export function conPagina(html: string, { pagina, dati }: PaginaDipinta): string {
  const inizio = html.indexOf(INIZIO_ROOT);
  const fine = html.indexOf(FINE_GUSCIO);
  const body = html.lastIndexOf('</body>');
  if (inizio === -1 || fine < inizio || body < fine) return html;
  return (
    html.slice(0, inizio + INIZIO_ROOT.length) +
    pagina +
    `</div><div id="${FINE_PAGINA_DIPINTA}" hidden></div>` +
    html.slice(fine + FINE_GUSCIO.length, body) +
    `<script type="application/json" id="dati-prima-schermata">${dati}</script>` +
    html.slice(body)
  );
}
