// Every screen of spec §2. Paths are written without the trailing slash:
// React Router matches them with and without it, and links use the slash.
// Pages are code-split, one chunk per page module (the tiny 404 page is not,
// as the error boundary needs it too), each loadable ahead (shell/lazyPage.ts).
import Container from 'react-bootstrap/Container';
import { useRouteError, type RouteObject } from 'react-router';
import { ErrorPage, RouteErrorBoundary } from './components/ErrorPage';
import { Layout } from './components/Layout';
import NotFoundPage from './components/NotFoundPage';
import { LegacyHashRedirect } from './features/home/LegacyHashRedirect';
import { lazyPage } from './shell/lazyPage';

const HomePage = lazyPage(() => import('./features/home/HomePage'));
const EventiPage = lazyPage(() => import('./features/eventi/EventiPage'));
// With the chunk of the tab the address names ('#barre'): the page's first
// render is then that tab, as the server painted it, not a wait in its place.
// That chunk failing does not fail the page: the tab then shows its error.
const PunteggiPage = lazyPage(async () => {
  const [page] = await Promise.all([
    import('./features/punteggi/PunteggiPage'),
    import('./features/punteggi/ScoresTabs')
      .then((tabs) => tabs.caricaSchedaDellHash(window.location.hash))
      .catch(() => undefined),
  ]);
  return page;
});
const RisultatiPage = lazyPage(() => import('./features/risultati/RisultatiPage'));
const ProclamazionePage = lazyPage(() => import('./features/proclamazione/ProclamazionePage'));
const TelecronacaPage = lazyPage(() => import('./features/punteggi/TelecronacaPage'));
const OrologioPage = lazyPage(() => import('./features/orologio/OrologioPage'));
const ConsegnaRispostePage = lazyPage(() => import('./features/consegna/ConsegnaRispostePage'));
const DoppiaDigitazionePage = lazyPage(
  () => import('./features/doppia-digitazione/DoppiaDigitazionePage'),
);
const LeTueSquadrePage = lazyPage(() => import('./features/squadre/LeTueSquadrePage'));
const LeMieSquadrePage = lazyPage(() => import('./features/squadre/LeMieSquadrePage'));
const NuovaSquadraPage = lazyPage(() => import('./features/squadre/NuovaSquadraPage'));
const ResponsabileFormPage = lazyPage(() => import('./features/responsabili/ResponsabileFormPage'));
const EventoFormPage = lazyPage(() => import('./features/evento-form/EventoFormPage'));
const ListaPoliPage = lazyPage(() => import('./features/poli/ListaPoliPage'));
const AdminActionsPage = lazyPage(() => import('./features/admin/AdminActionsPage'));
const RegolamentoPage = lazyPage(() => import('./features/contenuti/RegolamentoPage'));
const SponsorPage = lazyPage(() => import('./features/contenuti/SponsorPage'));
const AboutUsPage = lazyPage(() => import('./features/contenuti/AboutUsPage'));
const CookiePolicyPage = lazyPage(() => import('./features/contenuti/CookiePolicyPage'));
const AlboDoroPage = lazyPage(() => import('./features/contenuti/AlboDoroPage'));
const LoginErrorPage = lazyPage(() => import('./features/account/LoginErrorPage'));
const ProfilePage = lazyPage(() => import('./features/account/ProfilePage'));
const ChatTokenPage = lazyPage(() => import('./features/account/ChatTokenPage'));
const LoginPage = lazyPage(() => import('./features/account/LoginPage'));
const PasswordChangePage = lazyPage(() => import('./features/account/PasswordChangePage'));
const PasswordDimenticataPage = lazyPage(
  () => import('./features/account/PasswordDimenticataPage'),
);
const ImpostaPasswordPage = lazyPage(() => import('./features/account/ImpostaPasswordPage'));
const BackofficePage = lazyPage(() => import('./features/backoffice/BackofficePage'));

/** Only when the layout itself fails: the error page without navbar. */
function RootErrorBoundary() {
  return (
    <Container as="main" className="py-4">
      <ErrorPage error={useRouteError()} />
    </Container>
  );
}

export const pageRoutes: RouteObject[] = [
  {
    index: true,
    element: (
      <LegacyHashRedirect>
        <HomePage />
      </LegacyHashRedirect>
    ),
  },

  // Events
  { path: 'eventi', element: <EventiPage scope="ufficiali" /> },
  { path: 'eventi/anno/:anno', element: <EventiPage scope="anno" /> },
  { path: 'eventi/non-ufficiali', element: <EventiPage scope="non-ufficiali" /> },
  { path: 'evento/:pk', element: <EventiPage scope="evento" /> },
  { path: 'evento/:pk/consegna-risposte', element: <ConsegnaRispostePage scope="evento" /> },
  { path: 'nuovo-evento', element: <EventoFormPage mode="nuovo" /> },
  { path: 'modifica-evento/:pk', element: <EventoFormPage mode="modifica" /> },
  { path: 'lista-poli/:pk', element: <ListaPoliPage /> },
  { path: 'albo-d-oro', element: <AlboDoroPage /> },

  // Sessions
  { path: 'sessione/:pk/punteggi', element: <PunteggiPage variant="standard" /> },
  {
    path: 'sessione/:pk/punteggi/standard-model',
    element: <PunteggiPage variant="standard-model" />,
  },
  { path: 'sessione/:pk/punteggi/scuola/:scuolaId', element: <PunteggiPage variant="scuola" /> },
  { path: 'sessione/:pk/punteggi/telecronaca', element: <TelecronacaPage /> },
  { path: 'sessione/:pk/risultati', element: <RisultatiPage /> },
  { path: 'sessione/:pk/proclamazione', element: <ProclamazionePage /> },
  { path: 'sessione/:pk/orologio', element: <OrologioPage /> },
  { path: 'sessione/:pk/consegna-risposte', element: <ConsegnaRispostePage scope="sessione" /> },
  { path: 'sessione/:pk/doppia-digitazione', element: <DoppiaDigitazionePage /> },
  { path: 'sessione/:pk/le-tue-squadre', element: <LeTueSquadrePage /> },

  // Managers and teams
  { path: 'nuovo-responsabile', element: <ResponsabileFormPage mode="nuovo" /> },
  { path: 'modifica-responsabile/:pk', element: <ResponsabileFormPage mode="modifica" /> },
  { path: 'nuova-squadra', element: <NuovaSquadraPage /> },
  { path: 'le-mie-squadre', element: <LeMieSquadrePage /> },
  { path: 'admin-actions', element: <AdminActionsPage /> },
  // The back office (issue 14): its own chunk and routes.
  { path: 'admin/*', element: <BackofficePage /> },

  // Content
  { path: 'regolamento', element: <RegolamentoPage /> },
  { path: 'sponsor', element: <SponsorPage /> },
  { path: 'about-us', element: <AboutUsPage /> },
  { path: 'cookie-policy', element: <CookiePolicyPage /> },

  // Accounts
  { path: 'loginerror', element: <LoginErrorPage /> },
  { path: 'accounts/login', element: <LoginPage /> },
  { path: 'accounts/password', element: <PasswordChangePage /> },
  { path: 'accounts/password-dimenticata', element: <PasswordDimenticataPage /> },
  { path: 'accounts/imposta-password/:token', element: <ImpostaPasswordPage /> },
  { path: 'accounts/profile', element: <ProfilePage /> },
  { path: 'accounts/profile/chat-token', element: <ChatTokenPage /> },

  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RootErrorBoundary />,
    // A page that fails shows its error inside the layout, navbar included.
    children: [{ errorElement: <RouteErrorBoundary />, children: pageRoutes }],
  },
];
