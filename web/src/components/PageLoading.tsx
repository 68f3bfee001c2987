import Spinner from 'react-bootstrap/Spinner';

/** Placeholder while a page's code or first data arrives. */
export function PageLoading() {
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-live="polite">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">Caricamento…</span>
    </div>
  );
}
