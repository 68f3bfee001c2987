// Serves the built web app. Any GET for a non-API, non-asset path answers
// index.html, so client routes (and the client's own 404 page) work on reload.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERRORS } from '../errors';
import { MODIFICHE_VIVE, type MicrocacheOptions } from './microcache';
import { codificaAccettata, comprimi } from './compressione';
import { conAvvioDopoIlDisegno, MODULO_AVVIO } from './avvio-dopo-il-disegno';
import {
  anticipiPagina,
  leggiManifest,
  stiliDellaPagina,
  type EventoDellaSessione,
} from './anticipi';
import {
  conPagina,
  creaPrimaSchermata,
  rendererDellaBuild,
  type LettoriPagina,
  type PaginaDipinta,
} from './prima-schermata';

const API_PREFIXES = ['/api/', '/ws/', '/healthz'];

/**
 * The school widget (issue 28): a page of its own build entry (web/widget.html),
 * the only one other sites may frame.
 */
export const WIDGET_ROUTE = '/widget/sessione/:pk/scuola/:id/';

/**
 * The link-preview tags of a page (api/anteprima): for a path and the site's
 * origin, HTML to put in index.html's head, or null for none.
 */
export type TagsPagina = (path: string, origin: string) => Promise<string | null>;

/**
 * `html` with `tags` in its head, before the first script (crawlers read
 * them without running any) and after what precedes it (the charset first).
 */
export function conTagsInTesta(html: string, tags: string): string {
  const head = html.search(/<\/head>/i);
  const script = html.search(/<script\b/i);
  const at = script !== -1 && (head === -1 || script < head) ? script : head;
  if (at === -1) return html;
  return `${html.slice(0, at)}${tags}\n${html.slice(at)}`;
}

/**
 * index.html as sent: with GAS_SENTRY_DSN, the DSN in a meta tag the web app
 * reads when it first reports an error (web/src/lib/errori/sentry.ts).
 */
function indexHtml(indexFile: string, sentryDsn: string | undefined): string | null {
  if (!sentryDsn) return null;
  const escaped = sentryDsn.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return fs
    .readFileSync(indexFile, 'utf8')
    .replace('</head>', `<meta name="gas-sentry-dsn" content="${escaped}">\n</head>`);
}

async function webAppPlugin(
  app: FastifyInstance,
  {
    webDist,
    publicUrl,
    ...options
  }: {
    webDist: string;
    sentryDsn?: string;
    publicUrl?: string;
    anteprima?: TagsPagina;
    eventoDellaSessione?: EventoDellaSessione;
    /** What the painted pages show (plugins/prima-schermata.ts). */
    lettoriPagina?: LettoriPagina;
    /** The change stream (gara/modifiche.ts): an edit drops the painted pages. */
    modifiche?: MicrocacheOptions['modifiche'];
  },
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const index = hasBuild ? indexHtml(indexFile, options.sentryDsn) : null;
  // The text the previews and hints are added to, read once: it changes only with a new build.
  const indexText = hasBuild ? (index ?? fs.readFileSync(indexFile, 'utf8')) : '';
  const manifest = hasBuild ? leggiManifest(webDist) : null;
  // The start script of a painted page (plugins/avvio-dopo-il-disegno.ts).
  const avvio = manifest?.[MODULO_AVVIO]?.file ?? null;
  const renderer = hasBuild ? rendererDellaBuild(webDist) : null;
  const primaSchermata =
    renderer && options.lettoriPagina
      ? creaPrimaSchermata({ renderer, lettori: options.lettoriPagina, log: app.log })
      : null;
  // What the painted pages show changes with an edit of contest data, not
  // with an answer, a reload request or an access change (those the
  // microcache's rule: the kept pages are anonymous and live a second at most).
  const smetti = options.modifiche?.iscrivi('prima-schermata', ({ tipo }) => {
    if (tipo === 'ricarica_richiesta' || tipo === 'accesso_modificato') return;
    if (!MODIFICHE_VIVE.has(tipo)) primaSchermata?.svuota();
  });
  app.addHook('onClose', async () => smetti?.());
  // A painted page's own styles (its lazy chunk's), inlined in its head: the
  // page looks as it will before its chunk arrives (the app's main styles are
  // in the critical CSS already). Read once: they change only with a new build.
  const stili = new Map<string, string>();
  const stileInLinea = (url: string) => {
    const files = stiliDellaPagina(url, manifest);
    const css = files.map((file) => {
      if (!stili.has(file)) stili.set(file, fs.readFileSync(path.join(webDist, file), 'utf8'));
      return stili.get(file)!;
    });
    return css.length === 0 ? '' : `<style>${css.join('\n')}</style>`;
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The .br and .gz twins the build writes (web/vite.config.ts), chosen
      // by Accept-Encoding, with Vary: Accept-Encoding for caches.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/: cache it for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
    // wildcard:false registers only the files present at start: enough for a build.
  } else {
    app.log.warn({ webDist }, 'web app non compilata: servo solo le API');
  }

  /** The page's preview tags; a failed lookup costs the preview, never the page. */
  async function tagsOf(url: string, request: FastifyRequest): Promise<string | null> {
    if (!options.anteprima) return null;
    // Behind a proxy request.host is the client's Host as the proxy passed it
    // (trustProxy); GAS_PUBLIC_URL, when set, is the one canonical origin.
    const origin = publicUrl ?? `${request.protocol}://${request.host}`;
    try {
      return await options.anteprima(url, origin);
    } catch (error) {
      request.log.warn({ err: error, url }, 'anteprima della pagina non disponibile');
      return null;
    }
  }

  const widgetFile = path.join(webDist, 'widget.html');
  if (hasBuild && fs.existsSync(widgetFile)) {
    // Not the SPA's index.html: the widget loads none of the app's bundle.
    // Hidden from the API's OpenAPI document, as @fastify/static hides the files.
    const opzioni = { config: { incorporabile: true }, schema: { hide: true } };
    app.get(WIDGET_ROUTE, opzioni, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('widget.html'),
    );
  }

  async function paginaApp(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix));
    const looksLikeAsset = /\.[a-z0-9]{1,8}$/i.test(url);
    if (isApi || looksLikeAsset || !['GET', 'HEAD'].includes(request.method) || !hasBuild) {
      return reply.status(404).send({ detail: ERRORS.not_found.detail });
    }
    reply.header('Cache-Control', 'no-cache').type('text/html');
    const tags = await tagsOf(url, request);
    // After the app's own scripts and styles, which stay first in line.
    const anticipi = await anticipiPagina(url, manifest, async (id) => {
      try {
        return (await options.eventoDellaSessione?.(id)) ?? null;
      } catch (error) {
        // A failed lookup costs a hint, never the page.
        request.log.warn({ err: error, url }, 'evento della sessione non trovato');
        return null;
      }
    });
    const pagina = (await primaSchermata?.pagina(url)) ?? null;
    if (tags === null && anticipi === '' && pagina === null) {
      return index === null ? reply.sendFile('index.html') : reply.send(index);
    }
    let html = tags === null ? indexText : conTagsInTesta(indexText, tags);
    if (anticipi !== '') html = html.replace('</head>', `${anticipi}\n</head>`);
    if (pagina === null) return reply.send(html);
    const dipinta = () =>
      conPagina(
        conAvvioDopoIlDisegno(html.replace('</head>', `${stileInLinea(url)}\n</head>`), avvio),
        pagina,
      );
    const codifica = codificaAccettata(request.headers['accept-encoding']);
    if (codifica === null) return reply.send(dipinta());
    // A painted page weighs up to a megabyte (a large session's ranking):
    // compressed once while it is kept, not for each of its visitors.
    const chiave = `${codifica} ${tags === null ? '' : tags}`;
    const compresse = compressePerPagina.get(pagina) ?? new Map<string, Buffer>();
    compressePerPagina.set(pagina, compresse);
    let body = compresse.get(chiave);
    if (body === undefined) {
      body = comprimi(Buffer.from(dipinta()), codifica);
      compresse.set(chiave, body);
    }
    return reply.header('content-encoding', codifica).header('vary', 'accept-encoding').send(body);
  }

  /**
   * Each painted page's HTML compressed, by encoding and preview tags (which
   * follow the request's origin): gone with the page (plugins/prima-schermata.ts
   * keeps it a second).
   */
  const compressePerPagina = new WeakMap<PaginaDipinta, Map<string, Buffer>>();

  // A route, not only the not-found handler: an index.html written for its
  // request (hints, previews, a painted page) is compressed as the API's
  // answers are (@fastify/compress's hooks are the routes'), not sent whole.
  // In the metrics, like the not-found handler: the label 'nessuna' (metrics/plugin.ts).
  const opzioniPagine = { schema: { hide: true }, config: { rottaMetriche: 'nessuna' } };
  if (hasBuild) app.get('/*', opzioniPagine, paginaApp);
  app.setNotFoundHandler(paginaApp);
}

export const registerWebApp = fp(webAppPlugin, { name: 'gas-web-app', dependencies: [] });
