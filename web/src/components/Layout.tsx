import { Suspense, useEffect, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet, ScrollRestoration } from 'react-router';
import { AppNavbar } from './AppNavbar';
import { Footer } from './Footer';
import { LoadingBar } from './LoadingBar';
import { FinePrimaSchermata, InAttesa } from '../shell/primaSchermata';
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

export function Layout() {
  // The navbar is the app's from its first commit: a tap on the painted one
  // before is repeated now (shell/toccoInAnticipo.ts; one on the page, once
  // the page has rendered: FinePrimaSchermata).
  useEffect(() => riproduciToccoInAnticipo({ ultimaVolta: false }), []);
  return (
    <>
      <Cornice>
        {/* Pages are code-split; navigations keep the old page on screen while the next
            loads, and the first page the server's copy of it (shell/primaSchermata.tsx). */}
        <Suspense fallback={<InAttesa />}>
          <FinePrimaSchermata />
          <Outlet />
        </Suspense>
      </Cornice>
      <ScrollRestoration />
    </>
  );
}
