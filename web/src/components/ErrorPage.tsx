import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { errorTitle, isApiError, type ApiErrorKind } from '../api/errors';
import { reportError } from '../lib/reportError';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import NotFoundPage from './NotFoundPage';

/**
 * What happened and what to do, per kind of error, saying only what is true
 * (issue 26: the page claimed an e-mail to the developers for every error).
 * Reported automatically are the server's own failures (the API client, on
 * arrival) and the page's crashes (RouteErrorBoundary); they reach the site's
 * error inbox (/api/errori/). A refusal, a missing object or a network that
 * is down is not reported: nobody else knows about it.
 */
export const SEGNALATO = 'L’errore è stato segnalato automaticamente agli amministratori del sito.';
export const COSA_FARE: Record<ApiErrorKind | 'crash', string> = {
  forbidden:
    'Il tuo account non ha il permesso di vedere questa pagina o di fare questa operazione. Se pensi di doverlo avere, accedi con l’account giusto o chiedilo a chi gestisce l’evento.',
  not_found:
    'Quello che cerchi non esiste, è stato cancellato o non è visibile al tuo account: controlla l’indirizzo.',
  bad_request: 'Il server non ha accettato la richiesta: controlla i dati inseriti e riprova.',
  throttled: 'Troppe richieste in poco tempo: attendi qualche secondo e ricarica la pagina.',
  client: 'Il server ha rifiutato la richiesta: ricarica la pagina e riprova.',
  network:
    'Il server non è raggiungibile: controlla la connessione a Internet e ricarica la pagina.',
  server: `Il server non è riuscito a rispondere. ${SEGNALATO} Riprova tra qualche minuto.`,
  crash: `Si è verificato un errore nella pagina. ${SEGNALATO} Prova a ricaricare la pagina.`,
};

function errorDetail(error: unknown): string {
  if (isApiError(error)) return error.detail;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Error page of spec §8: headed by the kind of error, with what to do and the detail. */
export function ErrorPage({ error }: { error: unknown }) {
  const title = errorTitle(error);
  useDocumentTitle(title);
  const crashed = !isApiError(error);
  const stack = crashed && error instanceof Error ? error.stack : undefined;
  const variant = isApiError(error) && error.kind === 'forbidden' ? 'warning' : 'danger';
  return (
    <Alert variant={variant} className="my-2">
      <h1 className="h3">{title}</h1>
      <p>{COSA_FARE[isApiError(error) ? error.kind : 'crash']}</p>
      <p className="mb-0">
        <strong>Dettaglio:</strong> {errorDetail(error)}
      </p>
      {isApiError(error) && error.requestId && (
        <p className="mb-0 mt-2 small">
          Codice della richiesta (da citare se segnali il problema):{' '}
          <span className="font-monospace user-select-all">{error.requestId}</span>
        </p>
      )}
      {stack && (
        <pre className="mt-3 mb-0 small text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {stack}
        </pre>
      )}
    </Alert>
  );
}

/** errorElement of the routes: unknown paths get the 404 page, anything else the error page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    // A page that failed to render. API errors are not: a 5xx was reported
    // by the client when it arrived, a 4xx is the page's expected answer.
    if (!notFound && !isApiError(error)) reportError(error, `route ${pathname}`, 'render');
  }, [error, notFound, pathname]);
  return notFound ? <NotFoundPage /> : <ErrorPage error={error} />;
}
