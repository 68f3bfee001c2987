// 'Valore dei problemi' (issue 29 §4): each problem's current value, who
// solved it, the jokers on it, and how its value moved, computed in the
// browser by @gas/scoring from the same events as the ranking. New answers
// move it; during a replay it shows the values at the replayed instant.
import { conta } from '@gas/contracts';
import { liveProblemValues, type LeaderboardEntry, type LiveScoring } from '@gas/scoring';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { formatNumber } from '../../../lib/numbers';
import { formatTime, formatTimeWithSeconds } from '../../../lib/romeTime';
import { italianNumber } from '../grafici/axes';
import { EChart } from '../grafici/EChart';
import { useThrottled } from '../useThrottled';
import {
  chartPoints,
  escapeHtml,
  formatChange,
  pointRows,
  type Names,
  type PointRow,
} from './valueText';
import './valore.css';
import { AttesaScheda } from '../AttesaScheda';

/** Changes listed at first for the chosen problem (newest first); the rest on request. */
const CHANGES_SHOWN = 15;

export interface ProblemValuesTabProps {
  scoring: LiveScoring | null;
  version: number;
  rows: readonly LeaderboardEntry[];
  inizio: number;
  fine: number;
  /** Server time. */
  now: number;
  replayT: number | null;
}

export default function ProblemValuesTab(props: ProblemValuesTabProps) {
  const { scoring, inizio, fine } = props;
  // A live answer moves the values within a second; a replay redraws at most 5 times a second.
  const version = useThrottled(props.version, 1000);
  const replayT = useThrottled(props.replayT, 200);
  const values = useMemo(
    () => (scoring ? liveProblemValues(scoring, replayT) : null),
    [scoring, version, replayT],
  );
  const teamNames = useMemo(() => new Map(props.rows.map((r) => [r.id, r.nome])), [props.rows]);
  const names: Names = useMemo(
    () => ({
      teams: teamNames,
      problems: new Map((values?.problemi ?? []).map((p) => [p.id, p.nome])),
    }),
    [teamNames, values],
  );
  const [chosen, setChosen] = useState<number | null>(null);
  if (!values) return <AttesaScheda testo="Caricamento delle risposte…" />;
  const problemi = values.problemi;
  const series = problemi.find((p) => p.id === chosen) ?? problemi[0];
  if (!series) return <p>La sessione non ha problemi.</p>;
  const until = replayT ?? Math.max(inizio, Math.min(fine, props.now));

  return (
    <div className="valore-problemi">
      <p className="small text-body-secondary">
        Il valore di un problema scende a ogni risposta corretta dopo la prima, sale con le risposte
        errate (fino a un massimo di errori per squadra) e si aggiorna quando cresce il numero di
        squadre di riferimento (le squadre con almeno una risposta corretta). Il jolly raddoppia i
        punti della squadra ma non cambia il valore del problema.
        {replayT !== null && (
          <span data-testid="valore-replay" data-t={replayT}>
            {` Valori alle ${formatTimeWithSeconds(replayT)} (replay).`}
          </span>
        )}
      </p>
      {/* Side by side on wide screens: the chart stays in view next to a long list. */}
      <div className="row g-4">
        <div className="col-lg-5">
          <Table size="sm" className="valore-tabella align-middle">
            <caption className="visually-hidden">
              Valore attuale dei problemi, squadre che li hanno risolti e jolly
            </caption>
            <thead>
              <tr>
                <th scope="col">Problema</th>
                <th scope="col" className="text-end">
                  Valore
                </th>
                <th scope="col" className="text-end">
                  Risolto da
                </th>
                <th scope="col" className="text-end">
                  Jolly
                </th>
              </tr>
            </thead>
            <tbody>
              {problemi.map((p) => (
                <tr
                  key={p.id}
                  data-testid={`valore-${p.id}`}
                  className={p.id === series.id ? 'table-active' : undefined}
                >
                  <th scope="row">
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0 text-start"
                      aria-pressed={p.id === series.id}
                      aria-label={`${p.nome}: mostra l'andamento del valore`}
                      onClick={() => setChosen(p.id)}
                    >
                      {p.nome}
                    </Button>
                  </th>
                  <td className="text-end fw-semibold" data-testid="valore-attuale">
                    {formatNumber(p.valore)}
                  </td>
                  <td className="text-end" data-testid="valore-risolutori">
                    {p.risolutori.length}
                  </td>
                  <td className="text-end" data-testid="valore-jolly">
                    {p.jolly.length}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
        <div className="col-lg-7">
          <ProblemDetail
            key={series.id}
            nome={series.nome}
            rows={pointRows(series, names)}
            solvers={series.risolutori.map(
              (r) => teamNames.get(r.squadra) ?? `Squadra ${r.squadra}`,
            )}
            jokers={series.jolly.map((j) => teamNames.get(j.squadra) ?? `Squadra ${j.squadra}`)}
            inizio={inizio}
            fine={fine}
            until={until}
          />
        </div>
      </div>
    </div>
  );
}

/** One problem: its value's step line, and the same changes as a table. */
function ProblemDetail(props: {
  nome: string;
  rows: PointRow[];
  solvers: string[];
  jokers: string[];
  inizio: number;
  fine: number;
  until: number;
}) {
  const { nome, rows, inizio, fine, until } = props;
  const [all, setAll] = useState(false);
  const minute = Math.floor(until / 60_000);
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: {
        trigger: 'item',
        confine: true,
        formatter: (item: { data: { value: [number, number]; row: PointRow | null } }) => {
          const row = item.data.row;
          const [t, v] = item.data.value;
          if (!row) return `${formatTime(t)}: ${italianNumber(v)}`;
          return `${formatTimeWithSeconds(t)} · valore ${italianNumber(v)}<br>${escapeHtml(row.motivo)}`;
        },
      },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: {
        type: 'time',
        min: inizio,
        max: Math.max(fine, until),
        axisLabel: { formatter: (v: number) => formatTime(v), hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        scale: true,
        minInterval: 1,
        axisLabel: { formatter: italianNumber },
      },
      series: [
        {
          name: nome,
          type: 'line',
          step: 'end',
          symbolSize: 8,
          color: '#0d6efd',
          data: chartPoints(rows, until),
        },
      ],
    }),
    // `minute` moves the line's end forward while the session runs.
    [rows, nome, inizio, fine, minute],
  );
  const changes = rows.slice(1).reverse();
  const shown = all ? changes : changes.slice(0, CHANGES_SHOWN);
  const current = rows[rows.length - 1]!.valore;
  return (
    <section aria-labelledby="valore-dettaglio">
      <h2 id="valore-dettaglio" className="h5">
        Andamento del valore di {nome}
      </h2>
      <EChart
        option={option}
        notMerge
        className="valore-grafico"
        label={`Grafico del valore di ${nome} nel tempo: ${conta(changes.length, 'variazione', 'variazioni')}, valore attuale ${formatNumber(current)}`}
        testId="grafico-valore"
      />
      <p className="small mb-2">
        {props.solvers.length > 0
          ? `Risolto da ${props.solvers.join(', ')}.`
          : 'Nessuna squadra lo ha ancora risolto.'}{' '}
        {props.jokers.length > 0
          ? `Jolly di ${props.jokers.join(', ')}.`
          : 'Nessuna squadra lo ha scelto come jolly.'}
      </p>
      {changes.length === 0 ? (
        <p className="small">Il valore non è cambiato: {formatNumber(current)} punti.</p>
      ) : (
        <Table size="sm" className="valore-variazioni small">
          <caption className="visually-hidden">
            Variazioni del valore di {nome}, dalla più recente
          </caption>
          <thead>
            <tr>
              <th scope="col">Ora</th>
              <th scope="col" className="text-end">
                Valore
              </th>
              <th scope="col">Motivo</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.t}>
                <td>{formatTimeWithSeconds(row.t)}</td>
                <td className="text-end text-nowrap">
                  {formatNumber(row.valore)}{' '}
                  <span className="text-body-secondary">({formatChange(row.variazione ?? 0)})</span>
                </td>
                <td>{row.motivo}</td>
              </tr>
            ))}
            <tr>
              <td>{formatTimeWithSeconds(rows[0]!.t)}</td>
              <td className="text-end">{formatNumber(rows[0]!.valore)}</td>
              <td>{rows[0]!.motivo}</td>
            </tr>
          </tbody>
        </Table>
      )}
      {changes.length > CHANGES_SHOWN && (
        <Button variant="outline-secondary" size="sm" onClick={() => setAll((a) => !a)}>
          {all ? 'Mostra le più recenti' : `Mostra tutte le ${changes.length} variazioni`}
        </Button>
      )}
    </section>
  );
}
