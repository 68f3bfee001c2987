// A ranking of the results page (the session's or a venue's): position,
// team, school, city, venue, penalty, total. Guests show 'osp.' instead of a
// position, as on the scores page. On narrow screens school and city go under
// the team; on paper every column is printed.
import { conta } from '@gas/contracts';
import Table from 'react-bootstrap/Table';
import type { Riga } from './classifiche';

const WIDE = 'd-none d-md-table-cell d-print-table-cell';

export function TabellaRisultati(props: {
  rows: readonly Riga[];
  caption: string;
  /** Venue names by id: a 'Polo' column (the session's ranking when it has venues). */
  poli?: ReadonlyMap<number, string>;
  /** The qualification threshold: a red line under the last team within it. */
  soglia?: number | null;
}) {
  const { rows, poli, soglia } = props;
  if (rows.length === 0) return <p>Nessuna squadra in classifica.</p>;
  const penalita = rows.some((r) => r.penalita !== 0);
  let lineUnder: number | null = null;
  if (soglia) {
    for (const r of rows) if (r.posizione !== null && r.posizione <= soglia) lineUnder = r.id;
  }
  return (
    <div className="table-responsive">
      <Table size="sm" striped className="tabella-risultati align-middle">
        <caption className="visually-hidden">
          {props.caption}: {conta(rows.length, 'squadra', 'squadre')}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="text-end">
              Pos.
            </th>
            <th scope="col">Squadra</th>
            <th scope="col" className={WIDE}>
              Scuola
            </th>
            <th scope="col" className={WIDE}>
              Città
            </th>
            {poli && (
              <th scope="col" className={WIDE}>
                Polo
              </th>
            )}
            {penalita && (
              <th scope="col" className="text-end">
                Penalità
              </th>
            )}
            <th scope="col" className="text-end">
              Punti
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.id}
              className={r.id === lineUnder ? 'riga-soglia' : undefined}
              data-testid="riga-risultato"
            >
              <td className="text-end">
                {r.posizione ?? <span title="Squadra ospite">osp.</span>}
              </td>
              <th scope="row" className="fw-semibold">
                {r.nome}
                {r.ospite && <span className="badge text-bg-secondary ms-1">ospite</span>}
                <div className="d-md-none d-print-none small fw-normal text-body-secondary">
                  {[r.scuola, r.citta].filter(Boolean).join(', ')}
                </div>
              </th>
              <td className={WIDE}>{r.scuola ?? ''}</td>
              <td className={WIDE}>{r.citta ?? ''}</td>
              {poli && <td className={WIDE}>{r.polo === null ? '' : (poli.get(r.polo) ?? '')}</td>}
              {penalita && <td className="text-end">{r.penalita === 0 ? '' : `−${r.penalita}`}</td>}
              <td className="text-end fw-bold">{r.totale}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
