import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Beasties from 'beasties';
import type { OutputBundle } from 'rolldown';
import { createServer, defineConfig, type Connect, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';

// The API server (Fastify) listens on :8000; in development and preview the
// browser talks to Vite only, so every server path is proxied there.
const backend = 'http://localhost:8000';
const outDir = fileURLToPath(new URL('dist', import.meta.url));
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
// The module is loaded through a Vite server in SSR mode, as Vite's own
// prerendering guide does, so it is compiled exactly as the app is.
const guscioStatico: Plugin = {
  name: 'gas-guscio-statico',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    async handler(html, ctx) {
      if (!ctx.filename.endsWith(`${path.sep}index.html`) && ctx.filename !== 'index.html') {
        return html;
      }
      const server = await createServer({
        root: fileURLToPath(new URL('.', import.meta.url)),
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        plugins: [react()],
      });
      try {
        const { renderGuscio } = (await server.ssrLoadModule('/src/shell/guscio.tsx')) as {
          renderGuscio(): string;
        };
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error('index.html senza <div id="root"></div>');
        const conGuscio = html.replace(root, `<div id="root">${renderGuscio()}</div>`);
        return await conCssCritico(conGuscio, ctx.bundle ?? {});
      } finally {
        await server.close();
      }
    },
  },
};

export default defineConfig({
  // Absolute root so `vite build web`, `npm run -w @gas/web build` and
  // `vite preview --config web/vite.config.ts` all behave the same.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
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
      // The school widget (issue 28) is a page of its own: framed by other
      // sites, it must not load the app's bundle (tests/widget-size.test.ts).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        widget: fileURLToPath(new URL('widget.html', import.meta.url)),
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
