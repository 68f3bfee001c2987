// The podium: the first three positions, guests left out. On a wide screen
// (and on paper) the winner stands in the middle, second on the left, third
// on the right; the document keeps the order 1, 2, 3 for screen readers.
import { conta } from '@gas/contracts';
import type { Riga } from './classifiche';

const MEDAGLIA = ['oro', 'argento', 'bronzo'] as const;

export function Podio({ rows }: { rows: readonly Riga[] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="titolo-podio" className="mb-4">
      <h2 id="titolo-podio" className="h4">
        Podio
      </h2>
      <ol className="podio list-unstyled" data-testid="podio">
        {rows.map((r) => (
          <li
            key={r.id}
            className={`podio-posto podio-${MEDAGLIA[(r.posizione ?? 3) - 1] ?? 'bronzo'}`}
            data-posizione={r.posizione}
          >
            <span className="podio-numero" aria-label={`${r.posizione}° posto`}>
              {r.posizione}°
            </span>
            <span className="podio-nome">{r.nome}</span>
            {(r.scuola || r.citta) && (
              <span className="podio-scuola">{[r.scuola, r.citta].filter(Boolean).join(', ')}</span>
            )}
            <span className="podio-punti">{conta(r.totale, 'punto', 'punti')}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
