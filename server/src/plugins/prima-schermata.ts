// The scores page's first screen painted by the server (issue 29, item 3):
// the page's title, event line, status and clock, rendered by the web app's
// own components (web/src/shell/entry-server.tsx, built by `vite build --ssr`
// into dist-ssr/ beside the app's dist/) from what the API gives an
// anonymous visitor, put in index.html's <main>. A phone on slow 4G paints
// it with the HTML, instead of after the app's code, the page's chunk and its
// answers; the app keeps it on screen until its page has rendered the same.
//
// Only what the anonymous public may see is painted (a private event's page
// is sent as it was built), so one render serves every visitor: it is kept
// for a second per page, and concurrent misses wait for one render.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { INT4_MAX } from '@gas/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';

/** The scores page: /sessione/{id}/punteggi/ (the school's and the other views are not painted). */
const PAGINA_PUNTEGGI = /^\/sessione\/(\d{1,10})\/punteggi\/$/;

/** What the page's first screen shows: the API's answers to an anonymous visitor. */
export type DatiPunteggi = { sessione: unknown; evento: unknown };

/** The session's and its event's answers to an anonymous visitor, or null when he may not see them. */
export type LeggiDatiPunteggi = (sessioneId: number) => Promise<DatiPunteggi | null>;

/** web/src/shell/entry-server.tsx as built. */
type Renderer = { renderPunteggi(percorso: string, dati: DatiPunteggi): string };

/** The page's HTML for a path (for <main>), or null: then the page is sent as built. */
export type PrimaSchermata = (percorso: string) => Promise<string | null>;

/** How long a painted page is kept: its clock says seconds. */
export const PRIMA_SCHERMATA_TTL_MS = 1000;

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

export function creaPrimaSchermata({
  renderer,
  leggi,
  log,
  ttlMs = PRIMA_SCHERMATA_TTL_MS,
}: {
  renderer: () => Promise<Renderer>;
  leggi: LeggiDatiPunteggi;
  log: FastifyBaseLogger;
  ttlMs?: number;
}): PrimaSchermata {
  // Values are wrapped: lru-cache keeps no null, and a page not painted is kept too.
  const pagine = new LRUCache<string, { html: string | null }>({
    max: 1000,
    ttl: ttlMs,
    fetchMethod: async (percorso) => {
      const id = Number(PAGINA_PUNTEGGI.exec(percorso)![1]);
      try {
        const dati = await leggi(id);
        if (dati === null) return { html: null };
        return { html: (await renderer()).renderPunteggi(percorso, dati) };
      } catch (error) {
        // A failed render costs the first screen, never the page.
        log.warn({ err: error, percorso }, 'prima schermata non disegnata');
        return { html: null };
      }
    },
  });
  return async (percorso) => {
    const match = PAGINA_PUNTEGGI.exec(percorso);
    if (!match || Number(match[1]) > INT4_MAX || Number(match[1]) < 1) return null;
    return (await pagine.fetch(percorso))?.html ?? null;
  };
}

/** index.html with `pagina` as its <main>'s content (in place of the loading page). */
export function conPagina(html: string, pagina: string): string {
  const main = /<main\b[^>]*>/.exec(html);
  const end = html.indexOf('</main>');
  if (!main || end < main.index) return html;
  return html.slice(0, main.index + main[0].length) + pagina + html.slice(end);
}
