import Spinner from 'react-bootstrap/Spinner';

/**
 * Placeholder while a page's code or first data arrives. It fills the screen
 * (page-loading in styles.css): the footer waits below it instead of showing
 * at the bottom and then jumping away when the page arrives (layout shift).
 */
export function PageLoading() {
  return (
    <div
      className="page-loading d-flex justify-content-center py-5"
      role="status"
      aria-live="polite"
    >
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">Caricamento…</span>
    </div>
  );
}
