import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { errorTitle, isApiError } from '../api/errors';
import { reportError } from '../lib/reportError';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import NotFoundPage from './NotFoundPage';

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
      <p>
        Probabilmente è già stata inviata un&apos;e-mail al team di sviluppo sull&apos;accaduto.
      </p>
      <p>Prova a ricaricare la pagina; se il problema persiste contatta il team.</p>
      <p className="mb-0">
        <strong>Dettaglio:</strong> {errorDetail(error)}
      </p>
      {isApiError(error) && error.requestId && (
        <p className="mb-0 mt-2 small">
          Codice della richiesta (da citare se contatti il team):{' '}
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
