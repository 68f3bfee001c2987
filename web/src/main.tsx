// First: zod must be in jitless mode before any schema is built (CSP, see the module).
import '@gas/contracts/zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api/queryClient';
import { installaSegnalazioneGlobale } from './lib/reportError';
import { registerServiceWorker } from './lib/serviceWorker';
import { routes } from './routes';
import { preloadPageAt } from './shell/lazyPage';
import { catturaPrimaSchermata } from './shell/primaSchermata';

// First, so that nothing thrown while the app starts goes unreported.
installaSegnalazioneGlobale();

const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root mancante in index.html');

// A transition: React renders the app in slices, yielding to the browser
// between them, while the frame prerendered in index.html stays on screen
// until the first commit (a phone's main thread is never held for long).
// The router (ranking every route: 13-21 ms on a phone) is made here, in a
// task of its own, not in the one that evaluates the app's code, which is
// already the longest of the page's start (docs/performance.md).
const root = createRoot(container);
function renderApp() {
  const router = createBrowserRouter(routes);
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

// A painted page stays on screen as the server sent it until its own chunk
// has loaded, so that React's first commit is the page (shell/lazyPage.ts).
// Loaded or not, the app renders: a failed chunk shows the route's error, and
// a chunk slow to come (a phone on a bad network) holds the app 3 s at most.
const ATTESA_MASSIMA_PAGINA_MS = 3000;
function avvia() {
  // What the server painted of the page (shell/entry-server.tsx), shown until
  // the page renders, and the answers it was painted from.
  const dipinta = catturaPrimaSchermata(document, queryClient);
  const paginaDipinta = dipinta ? preloadPageAt(routes, window.location.pathname) : null;
  if (!paginaDipinta) {
    renderApp();
    return;
  }
  let avviata = false;
  const renderUnaVolta = () => {
    if (avviata) return;
    avviata = true;
    renderApp();
  };
  setTimeout(renderUnaVolta, ATTESA_MASSIMA_PAGINA_MS);
  void paginaDipinta.then(renderUnaVolta, renderUnaVolta);
}
// In a task of its own too: reading the painted page (its answers into the
// query cache, its route matched) took 15-25 ms of the evaluation's task on a
// phone; its chunk is already on its way meanwhile (the server announced it).
setTimeout(avvia, 0);

registerServiceWorker();
