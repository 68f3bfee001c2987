// What a public page will ask for first, announced in its index.html (issue
// 29, item 3). Without it a phone on slow 4G walks a chain one round trip per
// step: the document, the app's code, the page's code (a lazy chunk), then
// the page's data, then the data that depends on it. With these hints the
// browser fetches the page's chunk and its first API answers while the app's
// code still loads, and the app's own fetch of the same address takes the
// answer already there (a preload is matched by URL and credentials mode:
// `crossorigin="anonymous"` is fetch's default same-origin credentials).
//
// Only addresses the page itself asks for, exactly as it writes them
// (web/src/api/*): a hint nobody uses costs a request and a console warning.
// The server's clock (/api/time/) is never announced: the page measures its
// offset from the round trip of its own request.
import fs from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (build.manifest): source module → its chunk, imports and styles. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** A public page: its path, its module in web/src and the API addresses it reads first. */
type PaginaPubblica = {
  path: RegExp;
  modulo: string;
  /** `evento`: the event of the page's session, when public (`sessione` below), else null. */
  dati(match: RegExpExecArray, evento: number | null): string[];
  /** The session the page shows, whose event the server looks up. */
  sessione?(match: RegExpExecArray): number;
};

/** The navbar's reads, on every page (web/src/components/AppNavbar.tsx). */
const DATI_NAVBAR = ['/api/ext-user/whoami/', '/api/gas/evento/'];

const PAGINE: readonly PaginaPubblica[] = [
  {
    path: /^\/$/,
    modulo: 'src/features/home/HomePage.tsx',
    dati: () => ['/api/gas/sponsor/', '/api/gas/sito/'],
  },
  {
    path: /^\/eventi\/$/,
    modulo: 'src/features/eventi/EventiPage.tsx',
    dati: () => ['/api/gas/evento/?tipologia=o'],
  },
  {
    path: /^\/(?:eventi\/(?:anno\/\d+|non-ufficiali)|evento\/\d+)\/$/,
    modulo: 'src/features/eventi/EventiPage.tsx',
    dati: () => [],
  },
  {
    path: /^\/sessione\/(\d+)\/punteggi\/telecronaca\/$/,
    modulo: 'src/features/punteggi/TelecronacaPage.tsx',
    dati: ([, id], evento) => datiPunteggi(id!, evento),
    sessione: ([, id]) => Number(id),
  },
  {
    path: /^\/sessione\/(\d+)\/punteggi\/(?:scuola\/\d+\/)?$/,
    modulo: 'src/features/punteggi/PunteggiPage.tsx',
    dati: ([, id], evento) => datiPunteggi(id!, evento),
    sessione: ([, id]) => Number(id),
  },
  {
    path: /^\/sessione\/(\d+)\/risultati\/$/,
    modulo: 'src/features/risultati/RisultatiPage.tsx',
    dati: ([, id]) => [`/api/gas/sessione/${id}/`],
  },
];

/**
 * The scores page's first reads (features/punteggi/useScoresData.ts), and the
 * event's messages when the server knows the event. Not the event itself:
 * its answer carries the viewer's rights, and a preload made before a login
 * in the same page was served after it (e2e/messaggi-importanti.spec.ts).
 */
function datiPunteggi(id: string, evento: number | null): string[] {
  return [
    `/api/gas/sessione/${id}/`,
    `/api/gas/squadra/in_sessione/?sessione=${id}`,
    `/api/gas/sessione/${id}/punteggi/`,
    `/api/gas/sessione/${id}/eventi/`,
    ...(evento === null ? [] : [`/api/gas/messaggi-importanti/?evento=${evento}`]),
  ];
}

/** The build's manifest, or null (a build without one, or no build): then no hints. */
export function leggiManifest(webDist: string): Manifest | null {
  try {
    return JSON.parse(
      fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
  } catch {
    return null;
  }
}

/** A module's chunk and the chunks it imports, and their styles (what the lazy import will load). */
function chunkDi(manifest: Manifest, modulo: string, entrata: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visita = (chiave: string) => {
    const voce = manifest[chiave];
    if (!voce || js.has(voce.file) || entrata.has(voce.file)) return;
    js.add(voce.file);
    for (const file of voce.css ?? []) css.add(file);
    for (const importato of voce.imports ?? []) visita(importato);
  };
  visita(modulo);
  return { js, css };
}

/** The entry's own chunks: index.html already links them. */
function chunkEntrata(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  const visita = (chiave: string) => {
    const voce = manifest[chiave];
    if (!voce || files.has(voce.file)) return;
    files.add(voce.file);
    for (const importato of voce.imports ?? []) visita(importato);
  };
  visita('index.html');
  return files;
}

const attributo = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The largest id of a PostgreSQL integer column. */
const MAX_ID = 2_147_483_647;

/** The event of a public session (null: none, or private). */
export type EventoDellaSessione = (sessioneId: number) => Promise<number | null>;

/** The stylesheets of a public page's own chunk (inlined in a page the server paints). */
export function stiliDellaPagina(urlPath: string, manifest: Manifest | null): string[] {
  const pagina = PAGINE.find((p) => p.path.test(urlPath));
  if (!pagina || !manifest) return [];
  return [...chunkDi(manifest, pagina.modulo, chunkEntrata(manifest)).css];
}

/** The hints of a page, as tags for index.html's head ('' for none). */
export async function anticipiPagina(
  urlPath: string,
  manifest: Manifest | null,
  eventoDellaSessione: EventoDellaSessione = async () => null,
): Promise<string> {
  const pagina = PAGINE.map((p) => ({ p, match: p.path.exec(urlPath) })).find((x) => x.match);
  if (!pagina) return '';
  const { p, match } = pagina as { p: PaginaPubblica; match: RegExpExecArray };
  const sessione = p.sessione?.(match);
  // Only an id the database can hold is looked up (a longer one names no session).
  const evento =
    sessione !== undefined && sessione <= MAX_ID ? await eventoDellaSessione(sessione) : null;
  const tags: string[] = DATI_NAVBAR.concat(p.dati(match, evento)).map(
    (href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attributo(href)}">`,
  );
  if (manifest) {
    const { js, css } = chunkDi(manifest, pagina.p.modulo, chunkEntrata(manifest));
    for (const file of css)
      tags.push(`<link rel="preload" as="style" crossorigin href="/${attributo(file)}">`);
    for (const file of js) {
      tags.push(`<link rel="modulepreload" crossorigin href="/${attributo(file)}">`);
    }
  }
  return tags.join('\n');
}
