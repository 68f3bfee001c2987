// A short ranking (simplified, venue): position, team, school, total, with a
// '…' row where ranks are skipped and the 3 px red line under the last team
// within the qualification threshold.
import type { DisplayEntry } from '../useScoresModel';
import Table from 'react-bootstrap/Table';
import { COLORI, type Colori } from '../table/tableState';

export function RankingTable(props: {
  rows: readonly DisplayEntry[];
  /** Rows of the full ranking, to tell where ranks were skipped. */
  full: readonly DisplayEntry[];
  threshold: number | null;
  schools: ReadonlyMap<number, string>;
  colori: Colori;
  emphasis?: ReadonlySet<number>;
  caption: string;
}) {
  const index = new Map(props.full.map((r, i) => [r.id, i]));
  // The last team within the threshold in the full ranking, if it is shown.
  let lineUnder: number | null = null;
  if (props.threshold) {
    for (const r of props.full) {
      if (r.posizione !== null && r.posizione <= props.threshold) lineUnder = r.id;
    }
  }
  let previous = -1;
  return (
    <Table size="sm" hover className="ranking-table align-middle">
      <caption className="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">Pos.</th>
          <th scope="col">Squadra</th>
          <th scope="col" className="d-none d-sm-table-cell">
            Scuola
          </th>
          <th scope="col" className="text-end">
            Totale
          </th>
        </tr>
      </thead>
      <tbody>
        {props.rows.flatMap((row) => {
          const i = index.get(row.id) ?? 0;
          const out = [];
          // '…' where ranked teams were left out (skipped guests do not count).
          if (props.full.slice(previous + 1, i).some((r) => !r.ospite)) {
            out.push(
              <tr key={`gap-${row.id}`} className="gap-row" aria-hidden="true">
                <td colSpan={4}>…</td>
              </tr>,
            );
          }
          previous = i;
          const colore = props.colori.get(row.id);
          const classes = [];
          if (row.id === lineUnder) classes.push('threshold-line');
          const marked = props.emphasis?.has(row.id) ?? false;
          if (marked) classes.push('row-emphasis');
          out.push(
            <tr
              key={row.id}
              className={classes.join(' ')}
              style={colore ? { background: COLORI[colore] } : undefined}
            >
              <td>{row.posizione ?? 'osp.'}</td>
              <th scope="row" className={marked ? 'fw-bold' : 'fw-medium'}>
                {row.nome}
                <div className="d-sm-none small text-body-secondary fw-normal">
                  {props.schools.get(row.id)}
                </div>
              </th>
              <td className="d-none d-sm-table-cell small">{props.schools.get(row.id)}</td>
              <td className="text-end fw-bold">{row.totale}</td>
            </tr>,
          );
          return out;
        })}
      </tbody>
    </Table>
  );
}
