// The ranking views of spec §9, from @gas/scoring: simplified (ranks 1-20,
// 50, 100, ..., the threshold, the user's schools), venue (ranks 1-3, the
// threshold, the venue's teams) and minimal (top 20 with arrows against an
// earlier ranking, top 3 in bold).
import type { DisplayEntry } from '../useScoresModel';
import { conta, type Polo } from '@gas/contracts';
import { minimalView, simplifiedView, venueView, type LeaderboardEntry } from '@gas/scoring';
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { Colori } from '../table/tableState';
import { delPolo } from '../../poli/nomi';
import { RankingTable } from './RankingTable';

interface Common {
  rows: readonly DisplayEntry[];
  threshold: number | null;
  schools: ReadonlyMap<number, string>;
  colori: Colori;
  emphasis?: ReadonlySet<number>;
}

export function SimplifiedRanking(props: Common & { schoolIds: readonly number[] }) {
  const rows = useMemo(
    () => simplifiedView(props.rows, { schools: props.schoolIds, threshold: props.threshold }),
    [props.rows, props.schoolIds, props.threshold],
  );
  return (
    <>
      <p className="small text-body-secondary">
        Le prime 20 posizioni, le posizioni 50, 100, 150, 200, 300, 400 e 500
        {props.threshold ? `, la posizione ${props.threshold} (soglia di qualificazione)` : ''}
        {props.schoolIds.length > 0 ? ' e le squadre delle tue scuole' : ''}.
      </p>
      <RankingTable {...props} rows={rows} full={props.rows} caption="Classifica semplificata" />
    </>
  );
}

export function VenueRanking(
  props: Common & { poli: readonly Polo[]; teamPolo: ReadonlyMap<number, number | null> },
) {
  const [poloId, setPoloId] = useState<number>(() => props.poli[0]?.id ?? 0);
  const polo = props.poli.find((p) => p.id === poloId) ?? props.poli[0];
  const rows = useMemo(() => {
    if (!polo) return [];
    const teamIds = props.rows.filter((r) => props.teamPolo.get(r.id) === polo.id).map((r) => r.id);
    return venueView(props.rows, { teamIds, threshold: props.threshold });
  }, [props.rows, props.teamPolo, props.threshold, polo]);
  if (!polo) return <p>Nessun polo per questo evento.</p>;
  return (
    <>
      <Form.Group controlId="scelta-polo" className="mb-2" style={{ maxWidth: '24rem' }}>
        <Form.Label>Polo</Form.Label>
        <Form.Select value={polo.id} onChange={(e) => setPoloId(Number(e.target.value))}>
          {props.poli.map((p) => (
            <option key={p.id} value={p.id}>
              {p.nome_breve}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <p className="small text-body-secondary">
        Le prime 3 posizioni
        {props.threshold ? `, la posizione ${props.threshold} (soglia di qualificazione)` : ''} e le
        squadre {delPolo(polo.nome_breve)}.
      </p>
      <RankingTable
        {...props}
        rows={rows}
        full={props.rows}
        emphasis={
          new Set(rows.filter((r) => props.teamPolo.get(r.id) === polo.id).map((r) => r.id))
        }
        caption={`Classifica ${delPolo(polo.nome_breve)}`}
      />
    </>
  );
}

const ARROW = { up: '▲', down: '▼', same: '=', new: '•' } as const;
const MOVEMENT_LABEL = { up: 'sale', down: 'scende', same: 'stabile', new: 'nuova' } as const;

/** 'sale di 2 posizioni', 'scende di 1 posizione', 'stabile', 'nuova'. */
export function movementText(movement: keyof typeof MOVEMENT_LABEL, delta: number | null): string {
  const label = MOVEMENT_LABEL[movement];
  if ((movement !== 'up' && movement !== 'down') || !delta) return label;
  return `${label} di ${conta(Math.abs(delta), 'posizione', 'posizioni')}`;
}

export function MinimalRanking(props: {
  rows: readonly LeaderboardEntry[];
  previous: readonly LeaderboardEntry[];
  caption?: string;
}) {
  const rows = useMemo(() => minimalView(props.rows, props.previous), [props.rows, props.previous]);
  return (
    <Table size="sm" className="ranking-table minimal-ranking align-middle">
      <caption className="visually-hidden">{props.caption ?? 'Prime 20 posizioni'}</caption>
      <thead>
        <tr>
          <th scope="col">Pos.</th>
          <th scope="col">
            <span className="visually-hidden">Variazione</span>
          </th>
          <th scope="col">Squadra</th>
          <th scope="col" className="text-end">
            Punti
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} className={r.top ? 'fw-bold' : undefined}>
            <td>{r.posizione ?? 'osp.'}</td>
            <td className={`mov-${r.movement}`}>
              {/* Shapes as well as colours (▲ ▼ = •); the words for screen readers. */}
              <span aria-hidden="true">{ARROW[r.movement]}</span>
              {r.delta !== null && r.delta !== 0 && (
                <span className="small ms-1" aria-hidden="true">
                  {Math.abs(r.delta)}
                </span>
              )}
              <span className="visually-hidden">{movementText(r.movement, r.delta)}</span>
            </td>
            <th scope="row" className={r.top ? 'fw-bold' : 'fw-normal'}>
              {r.nome}
            </th>
            <td className="text-end">{r.totale}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
