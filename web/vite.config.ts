import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import Beasties from 'beasties';
import type { OutputBundle, RenderedChunk } from 'rolldown';
import { defineConfig, type Connect, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { sentinelleReact } from './src/shell/sentinelleReact.ts';

// The API server (Fastify) listens on :8000; in development and preview the
// browser talks to Vite only, so every server path is proxied there.
const backend = 'http://localhost:8000';
const outDir = fileURLToPath(new URL('dist', import.meta.url));
const ssrOutDir = fileURLToPath(new URL('dist-ssr', import.meta.url));
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: backend, changeOrigin: false },
  '/ws': { target: backend, ws: true },
  '/healthz': { target: backend },
};

// The school widget's address answers its own page in development and preview
// too, as the server does (server/src/plugins/static.ts).
const widgetRoute: Connect.NextHandleFunction = (req, _res, next) => {
  if (req.url && /^\/widget\/sessione\/\d+\/scuola\/\d+\/?(\?|$)/.test(req.url)) {
    req.url = '/widget.html';
  }
  next();
};
const widgetPage: Plugin = {
  name: 'gas-widget-page',
  configureServer: (server) => void server.middlewares.use(widgetRoute),
  configurePreviewServer: (server) => void server.middlewares.use(widgetRoute),
};

/**
 * The CSS the frame needs, inlined in the head (Beasties, the maintained
 * successor of Critters); the whole stylesheet moves to the end of the body,
 * where it no longer holds the first paint (no inline script or handler: the
 * site's CSP allows none). The stylesheets are read from the bundle, not yet
 * written when index.html is.
 */
async function conCssCritico(html: string, bundle: OutputBundle): Promise<string> {
  class DalBundle extends Beasties {
    override readFile(filename: string): string {
      const name = path.relative(outDir, filename).split(path.sep).join('/');
      const asset = bundle[name];
      if (asset?.type !== 'asset') throw new Error(`foglio di stile ${name} non nel bundle`);
      return String(asset.source);
    }
  }
  const beasties = new DalBundle({
    path: outDir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    reduceInlineStyles: false,
    logLevel: 'warn',
  });
  return beasties.process(html);
}

// The app's frame rendered at build time into index.html's #root
// (src/shell/guscio.tsx): the first paint of every page needs no JavaScript.
// It comes from the server renderer's build (dist-ssr/, below), compiled
// exactly as the app is.
const ESEMPI = 'esempi-css-critico';
const guscioStatico: Plugin = {
  name: 'gas-guscio-statico',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    async handler(html, ctx) {
      if (!ctx.filename.endsWith(`${path.sep}index.html`) && ctx.filename !== 'index.html') {
        return html;
      }
      // Built first (`vite build --ssr`, package.json), as Vite's prerendering example does.
      const { renderGuscio, renderEsempi } = (await import(
        pathToFileURL(path.join(ssrOutDir, 'entry-server.js')).href
      )) as { renderGuscio(): string; renderEsempi(): string };
      const root = '<div id="root"></div>';
      if (!html.includes(root)) throw new Error('index.html senza <div id="root"></div>');
      // The pages the server paints (src/shell/entry-server.tsx) need their
      // rules in the critical CSS too: they sit in the HTML while Beasties
      // picks the rules, and are taken out after.
      const esempi = `<div hidden id="${ESEMPI}">${renderEsempi()}</div><!--${ESEMPI}-->`;
      // The frame's end marked for the server, which replaces the whole frame
      // with a page it paints (server/src/plugins/prima-schermata.ts, FINE_GUSCIO).
      const conGuscio = html.replace(
        root,
        `<div id="root">${renderGuscio()}<!--fine-guscio--></div>${esempi}`,
      );
      const conCss = await conCssCritico(conGuscio, ctx.bundle ?? {});
      const inizio = conCss.indexOf(`<div hidden id="${ESEMPI}"`);
      const fine = conCss.indexOf(`<!--${ESEMPI}-->`);
      if (inizio === -1 || fine < inizio) throw new Error('esempi del CSS critico non trovati');
      return conCss.slice(0, inizio) + conCss.slice(fine + `<!--${ESEMPI}-->`.length);
    },
  },
};

/**
 * React Router's production build in the bundles. React Router 7 ships one
 * (dist/production: no development warnings, less code) but its package's
 * exports name only dist/development, for every condition
 * (remix-run/react-router#12532, #14753; fixed upstream with a `development`
 * condition in the next major). Resolved by file until then; the same
 * version's own build, so the API is the one the types describe.
 */
const reactRouterDiProduzione = [
  {
    find: /^react-router$/,
    replacement: path.join(
      path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
      'dist/production/index.mjs',
    ),
  },
];

/**
 * V8's explicit compile hint (Chrome ≥ 136: v8.dev/blog/explicit-compile-hints)
 * on the chunks whose code runs as soon as they arrive: the charts' engine
 * (ECharts, drawn at once) and the maps' library (Leaflet). V8 then compiles
 * their functions on a background thread while the file streams in, instead
 * of on the main thread the first time each is called: a chart's first draw
 * was a long task of compiling on a phone (docs/performance.md). Not the
 * app's entry: its evaluation, already the page's longest task, grew with it.
 */
const COMPILATI_ALL_ARRIVO = [
  /[\\/]node_modules[\\/]echarts[\\/]/,
  /[\\/]node_modules[\\/]leaflet[\\/]/,
];
// V8 reads it only before any code: first in the file, after minification
// (rolldown's postBanner, which the source map follows).
const suggerimentoDiCompilazione = (chunk: RenderedChunk) =>
  chunk.moduleIds.some((id) => COMPILATI_ALL_ARRIVO.some((re) => re.test(id)))
    ? '//# allFunctionsCalledOnLoad'
    : '';

/**
 * dist-ssr/ says itself that its files are ES modules: a build copied out of
 * web/ (WEB_DIST may point anywhere) loses web/package.json's `"type":
 * "module"`, and Node then read the renderer as CommonJS and no page was
 * painted (only a warning in the log).
 */
const moduliEs: Plugin = {
  name: 'gas-ssr-moduli-es',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'package.json', source: '{ "type": "module" }\n' });
  },
};

/**
 * The server's renderer of public pages' first screen (src/shell/entry-server.tsx),
 * `vite build --ssr`: one self-contained module in dist-ssr/ (outside what
 * the server serves), every dependency bundled in, compiled as the app is.
 */
const primaSchermata = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), moduliEs],
  resolve: { alias: reactRouterDiProduzione },
  publicDir: false,
  ssr: { noExternal: true },
  // React's production build, whatever NODE_ENV the server runs with.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/shell/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? primaSchermata
    : {
        // Absolute root so `vite build web`, `npm run -w @gas/web build` and
        // `vite preview --config web/vite.config.ts` all behave the same.
        root: fileURLToPath(new URL('.', import.meta.url)),
        resolve: { alias: command === 'build' ? reactRouterDiProduzione : [] },
        plugins: [
          react(),
          // React's DOM renderer makes its sentinels without a stack (src/shell/sentinelleReact.ts).
          sentinelleReact,
          widgetPage,
          guscioStatico,
          // The service worker (sw/sw.ts, Workbox runtime caching) built to
          // dist/sw.js; registered by the app itself (lib/serviceWorker.ts); no
          // precache manifest and no web app manifest.
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'sw.ts',
            injectRegister: false,
            manifest: false,
            injectManifest: { injectionPoint: undefined, minify: true, sourcemap: false },
            devOptions: { enabled: false },
          }),
          // Every text file of the build also as .br and .gz (issue 18): the server
          // sends the one the browser accepts (plugins/static.ts), compressed once
          // here at brotli's best instead of on every request.
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            threshold: 1024,
            include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
            logLevel: 'silent',
          }),
        ],
        build: {
          outDir: 'dist',
          // dist/.vite/manifest.json: the server announces a public page's own chunk
          // in its index.html (server/src/plugins/anticipi.ts).
          manifest: true,
          emptyOutDir: true,
          sourcemap: true,
          rolldownOptions: {
            output: { postBanner: suggerimentoDiCompilazione },
            // The school widget (issue 28) is a page of its own: framed by other
            // sites, it must not load the app's bundle (src/widget/dimensione.test.ts).
            input: {
              index: fileURLToPath(new URL('index.html', import.meta.url)),
              widget: fileURLToPath(new URL('widget.html', import.meta.url)),
              // A painted page's start: the app after its first paint (shell/avvio.ts).
              avvio: fileURLToPath(new URL('src/shell/avvio.ts', import.meta.url)),
            },
          },
        },
        server: { proxy },
        preview: { proxy },
      },
);
