// What the back office's lists share: their filters and page live in the
// URL (a list can be bookmarked, shared and reloaded as it is), and one row
// of buttons moves between pages.
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';

/**
 * The URL's query as filters: `imposta({chiave: valore})` writes them (an
 * empty value removes one) and goes back to the first page unless the page
 * itself is what changed.
 */
export function useFiltriUrl() {
  const [params, setParams] = useSearchParams();
  const imposta = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, imposta };
}

export function Paginazione({
  pagina,
  descrizione,
  precedente,
  successiva,
  femminile = false,
  onPagina,
}: {
  pagina: number;
  /** After 'Pagina N': '· 12 voci', 'di 3 · 250 elementi'. */
  descrizione: string;
  precedente: boolean;
  successiva: boolean;
  /** 'Successive' (voci) rather than 'Successivi' (elementi, errori). */
  femminile?: boolean;
  onPagina(pagina: number): void;
}) {
  return (
    <div className="d-flex align-items-center gap-2">
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={!precedente}
        onClick={() => onPagina(pagina - 1)}
      >
        Precedenti
      </Button>
      <span className="small">
        Pagina {pagina} {descrizione}
      </span>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={!successiva}
        onClick={() => onPagina(pagina + 1)}
      >
        {femminile ? 'Successive' : 'Successivi'}
      </Button>
    </div>
  );
}
