import { fileURLToPath } from 'node:url';
import { defineConfig, type Connect, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';

// The API server (Fastify) listens on :8000; in development and preview the
// browser talks to Vite only, so every server path is proxied there.
const backend = 'http://localhost:8000';
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

export default defineConfig({
  // Absolute root so `vite build web`, `npm run -w @gas/web build` and
  // `vite preview --config web/vite.config.ts` all behave the same.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    widgetPage,
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
