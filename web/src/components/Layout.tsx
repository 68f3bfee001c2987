import { Suspense, useEffect, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AppNavbar } from './AppNavbar';
import { Footer } from './Footer';
import { LoadingBar } from './LoadingBar';
import { useDipintaDalServer } from '../lib/idratazione';
import { ATTRIBUTO_PRIMA_SCHERMATA, FinePrimaSchermata, InAttesa } from '../shell/primaSchermata';
import { riproduciToccoInAnticipo } from '../shell/toccoInAnticipo';
import { ToastProvider } from './toasts/ToastProvider';

export const MAIN_ID = 'contenuto';

/**
 * Frame of every page: loading bar, skip link, navbar, main content, footer,
 * toasts. Also rendered at build time, with a loading page inside, into
 * index.html (shell/guscio.tsx): a phone paints it before the app's code arrives.
 */
export function Cornice({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <LoadingBar />
      <div className="d-flex flex-column min-vh-100">
        <a className="visually-hidden-focusable skip-link" href={`#${MAIN_ID}`}>
          Vai al contenuto principale
        </a>
        <header>
          <AppNavbar />
        </header>
        <Container as="main" fluid="xl" id={MAIN_ID} tabIndex={-1} className="flex-grow-1 py-4">
          {children}
        </Container>
        <Footer />
      </div>
    </ToastProvider>
  );
}

/**
 * The routed page, in an element marked while it is the server's painting
 * (its CSS shows the tab the hash names: elenco.css; taps on it wait:
 * shell/toccoInAnticipo.ts). Inside the pages' Suspense: the mark goes when
 * the page itself is the app's, not when the frame is.
 */
function PaginaCorrente() {
  const { pathname } = useLocation();
  const dipinta = useDipintaDalServer() ? { [ATTRIBUTO_PRIMA_SCHERMATA]: pathname } : {};
  return (
    <div {...dipinta}>
      <Outlet />
    </div>
  );
}

export function Layout() {
  // The navbar is the app's from its first commit: a tap on the painted one
  // before is repeated now (shell/toccoInAnticipo.ts; one on the page, once
  // the page has rendered: FinePrimaSchermata).
  useEffect(() => riproduciToccoInAnticipo({ ultimaVolta: false }), []);
  return (
    <>
      <Cornice>
        {/* Pages are code-split; navigations keep the old page on screen while the next
            loads. A painted page waits for its code as the server sent it (hydrating,
            React leaves a suspended boundary's HTML alone), or, drawn anew, as a copy
            (shell/primaSchermata.tsx). */}
        <Suspense fallback={<InAttesa />}>
          <FinePrimaSchermata />
          <PaginaCorrente />
        </Suspense>
      </Cornice>
      <ScrollRestoration />
    </>
  );
}
