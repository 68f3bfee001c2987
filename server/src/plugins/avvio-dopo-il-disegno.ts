// A painted page asks for nothing before its first paint but its styles
// (issue 29, item 3). The app's entry script and every hint of the page (the
// build's and the page's modulepreloads, the API and style preloads of
// plugins/anticipi.ts) go into an inert <template>; the build's small start
// script (web/src/shell/avvio.ts) puts them in the head once the page is on
// screen. A link that makes the browser's first paint wait for the whole
// page (`rel="expect"`, render-blocking up to the end of the painted page)
// keeps that paint from being the navbar alone.
//
// Why: a phone on slow 4G fetched 400 kB of the app's code while the server's
// page, already readable, waited for its first layout; Lighthouse's simulation
// (Lantern) counts every request finished before the paint it observes, so the
// painted pages' first and largest paints read 2.1-3.5 s instead of about 1 s
// (docs/performance.md).

import { FINE_PAGINA_DIPINTA } from './prima-schermata';

/** Vite's manifest key of the start script (web/vite.config.ts's input). */
export const MODULO_AVVIO = 'src/shell/avvio.ts';

/** The template's id, as web/src/shell/avvio.ts reads it. */
const ID_AVVIO_APP = 'avvio-app';

/** The tags that fetch something for the app: its entry script and the hints. */
const TAG_DELL_APP =
  /<script type="module"[^>]*\bsrc="[^"]*"[^>]*><\/script>|<link rel="(?:modulepreload|preload)"[^>]*>/g;

/**
 * `html` (a painted page's index.html) with the app started after its first
 * paint by `avvio` (the start script's file in the build); unchanged when the
 * build has no start script.
 */
export function conAvvioDopoIlDisegno(html: string, avvio: string | null): string {
  const head = html.indexOf('</head>');
  if (avvio === null || head === -1) return html;
  const tags: string[] = [];
  const testa = html.slice(0, head).replace(TAG_DELL_APP, (tag) => {
    tags.push(tag);
    return '';
  });
  if (tags.length === 0) return html;
  return (
    testa +
    `<link rel="expect" href="#${FINE_PAGINA_DIPINTA}" blocking="render">\n` +
    `<template id="${ID_AVVIO_APP}">${tags.join('')}</template>\n` +
    `<script type="module" crossorigin src="/${avvio}"></script>\n` +
    html.slice(head)
  );
}
