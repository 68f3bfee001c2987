// First: zod must be in jitless mode before any schema is built (CSP, see the module).
import '@gas/contracts/zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { createQueryClient } from './api/queryClient';
import { installaSegnalazioneGlobale, reportError } from './lib/reportError';
import { registerServiceWorker } from './lib/serviceWorker';
import { routes } from './routes';
import { App } from './shell/App';
import { preloadPageOf } from './shell/lazyPage';
import { avviaIdratazione, catturaPrimaSchermata, siPuoIdratare } from './shell/primaSchermata';

// First, so that nothing thrown while the app starts goes unreported.
installaSegnalazioneGlobale();

const queryClient = createQueryClient();

function elementoRoot(): HTMLElement {
  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root mancante in index.html');
  return container;
}
const container = elementoRoot();

// A transition: React renders (or hydrates) the app in slices, yielding to
// the browser between them, while the page painted by the server, or the
// frame prerendered in index.html, stays on screen (a phone's main thread is
// never held for long).
function renderApp(router: ReturnType<typeof createBrowserRouter>, idrata: boolean) {
  const app = <App client={queryClient} router={router} dipinta={idrata} />;
  startTransition(() => {
    if (!idrata) {
      createRoot(container).render(app);
      return;
    }
    // The painted page becomes the app's as it is: no element is made again
    // (shell/App.tsx, lib/idratazione.ts). Should the two renders differ,
    // React renders the app anew over it, as without hydration, and the
    // difference is reported: it is a bug.
    avviaIdratazione();
    hydrateRoot(container, app, {
      onRecoverableError: (error) => reportError(error, 'idratazione della pagina dipinta'),
    });
  });
}

// A painted page stays on screen as the server sent it until its own chunk
// has loaded, so that React's first render is the page (shell/lazyPage.ts).
// Loaded or not, the app renders: a failed chunk shows the route's error, and
// a chunk slow to come (a phone on a bad network) holds the app 3 s at most.
const ATTESA_MASSIMA_PAGINA_MS = 3000;
// The router (ranking every route: 13-21 ms on a phone) is made in a task of
// its own, not in the one that evaluates the app's code, which is already
// the longest of the page's start, nor in the one that reads the painted
// page (docs/performance.md); the page's chunk is found from its matches.
function avvia(dipinta: boolean) {
  const router = createBrowserRouter(routes);
  if (!dipinta) {
    renderApp(router, false);
    return;
  }
  // Next task: asking for the chunk looks for each of its files among the
  // page's links (Vite's preload helper), 3-8 ms in a large painted page.
  setTimeout(() => {
    const paginaDipinta = preloadPageOf(router.state.matches);
    if (!paginaDipinta) {
      renderApp(router, false);
      return;
    }
    let avviata = false;
    const renderUnaVolta = () => {
      if (avviata) return;
      avviata = true;
      renderApp(router, siPuoIdratare(window.location));
    };
    setTimeout(renderUnaVolta, ATTESA_MASSIMA_PAGINA_MS);
    void paginaDipinta.then(renderUnaVolta, renderUnaVolta);
  }, 0);
}
// In a task of its own too: reading the painted page (its answers into the
// query cache) took 6-15 ms of the evaluation's task on a phone; its chunk
// is already on its way meanwhile (the server announced it).
setTimeout(() => {
  // What the server painted of the page (shell/entry-server.tsx), and the
  // answers it was painted from (into the query cache).
  const dipinta = catturaPrimaSchermata(document, queryClient);
  setTimeout(() => avvia(dipinta), 0);
}, 0);

registerServiceWorker();
