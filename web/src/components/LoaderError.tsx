import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { isApiError } from '../api/errors';

export const LOADER_ERROR_TITLE = 'Errore nel caricamento';

export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.detail;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A call that feeds a page failed: 'Errore nel caricamento', the message and 'Riprova' (spec §8). */
export function LoaderError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <Alert variant="danger" className="my-3">
      <h2 className="h5 alert-heading">{LOADER_ERROR_TITLE}</h2>
      <p>{errorMessage(error)}</p>
      <Button variant="outline-danger" onClick={onRetry}>
        Riprova
      </Button>
    </Alert>
  );
}

/** The generic error box titled 'Errore' (spec §8). */
export function ErrorBox({ children }: { children: React.ReactNode }) {
  return (
    <Alert variant="danger" className="my-3">
      <h2 className="h5 alert-heading">Errore</h2>
      <div className="mb-0">{children}</div>
    </Alert>
  );
}
