// The score table (spec §2): one row per team, one column per problem with
// its current value in the header. Sortable by position, team name or
// problem; cells green when solved, red with points lost on an unsolved
// problem, blinking when new, a 'J' badge and a hatched cell on the joker;
// a 3 px red line under the qualification threshold; a click on a row (or
// Enter on its team's button) picks its highlight colour: the colours'
// popover takes the focus and gives it back when it closes.
// Rows are virtualised inside the table's own scroll box.
import { conta } from '@gas/contracts';
import type { DisplayEntry } from '../useScoresModel';
import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { markTableCommitted } from '../perf';
import {
  COLORE_NAMES,
  COLORI,
  sameColumn,
  sortRows,
  thresholdRowId,
  type Colore,
  type Colori,
  type SortColumn,
  type SortState,
} from './tableState';
import { useVirtualRows } from './useVirtualRows';

export const ROW_HEIGHT = 34;
export const ROW_HEIGHT_SCHOOLS = 50;
const HEADER_HEIGHT = 52;

export interface ScoreTableProps {
  rows: readonly DisplayEntry[];
  problemi: readonly { id: number; nome: string }[];
  valori: readonly number[];
  threshold: number | null;
  sort: SortState;
  onSort(column: SortColumn): void;
  showSchools: boolean;
  /** Team id → school name. */
  schools: ReadonlyMap<number, string>;
  colori: Colori;
  onColore(teamId: number, colore: Colore | null): void;
  /** Teams to mark (the school path). */
  emphasis?: ReadonlySet<number>;
  /** Changes whenever the rows do (for the paint measure of live events). */
  version?: number;
}

export function ScoreTable(props: ScoreTableProps) {
  const { rows, problemi, valori, sort, onSort, showSchools, colori, version } = props;
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const lineUnder =
    sort.column.kind === 'posizione' && sort.direction === 'asc'
      ? thresholdRowId(rows, props.threshold)
      : null;
  const scroller = useRef<HTMLDivElement>(null);
  const rowHeight = showSchools ? ROW_HEIGHT_SCHOOLS : ROW_HEIGHT;
  const range = useVirtualRows(scroller, sorted.length, rowHeight, HEADER_HEIGHT);
  const [picker, setPicker] = useState<{ id: number; target: HTMLElement } | null>(null);
  const pickerBody = useRef<HTMLDivElement>(null);
  const closePicker = () => {
    const target = picker?.target;
    setPicker(null);
    // Back to the team's button, unless the focus went elsewhere (a click outside).
    const focus = document.activeElement;
    if (target && (!focus || focus === document.body || pickerBody.current?.contains(focus))) {
      target.focus();
    }
  };

  useLayoutEffect(() => {
    if (rows.length > 0) markTableCommitted(version);
  }, [rows, version]);

  const visible = sorted.slice(range.start, range.end);
  const columns = 3 + problemi.length;
  const pickerTeam = picker ? rows.find((r) => r.id === picker.id) : undefined;

  return (
    <>
      <div
        ref={scroller}
        className="score-table-scroll"
        tabIndex={0}
        role="region"
        aria-label="Tabella dei punteggi (scorrevole)"
      >
        <table
          className="score-table"
          aria-rowcount={sorted.length + 1}
          style={{ '--n-prob': problemi.length } as CSSProperties}
        >
          <caption className="visually-hidden">
            Punteggi di {conta(rows.length, 'squadra', 'squadre')} su{' '}
            {conta(problemi.length, 'problema', 'problemi')}. Attiva il nome di una squadra per
            evidenziarla con un colore.
          </caption>
          <colgroup>
            <col className="col-pos" />
            <col className="col-nome" />
            <col className="col-tot" />
            {problemi.map((p) => (
              <col key={p.id} className="col-prob" />
            ))}
          </colgroup>
          <thead>
            <tr>
              <SortHeader
                label="Pos."
                title="Posizione"
                column={{ kind: 'posizione' }}
                sort={sort}
                onSort={onSort}
                className="col-pos"
              />
              <SortHeader
                label="Squadra"
                column={{ kind: 'nome' }}
                sort={sort}
                onSort={onSort}
                className="col-nome"
              />
              <th scope="col" className="col-tot">
                Totale
              </th>
              {problemi.map((p, i) => (
                <SortHeader
                  key={p.id}
                  label={p.nome}
                  title={`Problema ${p.nome}, vale ora ${valori[i] === undefined ? '' : conta(valori[i], 'punto', 'punti')}`}
                  value={valori[i]}
                  column={{ kind: 'problema', index: i }}
                  sort={sort}
                  onSort={onSort}
                  className="col-prob"
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {range.before > 0 && <Spacer height={range.before} columns={columns} />}
            {visible.map((entry, i) => (
              <ScoreRow
                key={entry.id}
                entry={entry}
                index={range.start + i}
                problemi={problemi}
                height={rowHeight}
                school={showSchools ? (props.schools.get(entry.id) ?? '') : null}
                colore={colori.get(entry.id) ?? null}
                line={entry.id === lineUnder}
                emphasis={props.emphasis?.has(entry.id) ?? false}
                onPick={(target) => setPicker({ id: entry.id, target })}
              />
            ))}
            {range.after > 0 && <Spacer height={range.after} columns={columns} />}
          </tbody>
        </table>
      </div>
      <Overlay
        target={picker?.target ?? null}
        show={picker !== null}
        placement="bottom-start"
        rootClose
        onHide={closePicker}
        // The colours take the focus: the keyboard picks one at once.
        onEntered={() => pickerBody.current?.querySelector<HTMLElement>('button')?.focus()}
      >
        <Popover
          id="scelta-colore"
          role="dialog"
          aria-label={`Evidenzia ${pickerTeam?.nome ?? ''}`}
        >
          <Popover.Header as="h2" className="h6">
            Evidenzia {pickerTeam?.nome}
          </Popover.Header>
          <Popover.Body>
            <div
              ref={pickerBody}
              className="d-flex flex-wrap gap-1"
              role="group"
              aria-label="Colori"
            >
              {COLORE_NAMES.map((c) => (
                <button
                  key={c}
                  type="button"
                  className="btn btn-sm border colore-btn"
                  style={{ background: COLORI[c] }}
                  aria-pressed={picker !== null && colori.get(picker.id) === c}
                  onClick={() => {
                    if (picker) props.onColore(picker.id, c);
                    closePicker();
                  }}
                >
                  {c}
                </button>
              ))}
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => {
                  if (picker) props.onColore(picker.id, null);
                  closePicker();
                }}
              >
                Nessuno
              </button>
            </div>
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="score-spacer">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

function SortHeader(props: {
  label: string;
  title?: string;
  value?: number;
  column: SortColumn;
  sort: SortState;
  onSort(column: SortColumn): void;
  className: string;
}) {
  const active = sameColumn(props.sort.column, props.column);
  const direction = props.sort.direction;
  const ariaSort = active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" className={props.className} aria-sort={ariaSort} title={props.title}>
      <button type="button" className="sort-btn" onClick={() => props.onSort(props.column)}>
        {props.label}
        <span aria-hidden="true" className="sort-arrow">
          {active ? (direction === 'asc' ? '▲' : '▼') : ''}
        </span>
        {props.value !== undefined && <span className="prob-value">{props.value}</span>}
      </button>
    </th>
  );
}

interface RowProps {
  entry: DisplayEntry;
  index: number;
  problemi: readonly { id: number; nome: string }[];
  height: number;
  school: string | null;
  colore: Colore | null;
  line: boolean;
  emphasis: boolean;
  onPick(target: HTMLElement): void;
}

const ScoreRow = memo(
  function ScoreRow({
    entry,
    index,
    problemi,
    height,
    school,
    colore,
    line,
    emphasis,
    onPick,
  }: RowProps) {
    const classes = ['score-row'];
    if (line) classes.push('threshold-line');
    if (emphasis) classes.push('row-emphasis');
    return (
      <tr
        className={classes.join(' ')}
        style={{ height, background: colore ? COLORI[colore] : undefined }}
        aria-rowindex={index + 2}
        data-squadra={entry.id}
        onClick={(event) => {
          const button = event.currentTarget.querySelector<HTMLElement>('.team-btn');
          if (button) onPick(button);
        }}
      >
        <td className="col-pos">{entry.posizione ?? <span title="Squadra ospite">osp.</span>}</td>
        <th scope="row" className="col-nome">
          <button
            type="button"
            className="team-btn"
            aria-haspopup="dialog"
            onClick={(event) => {
              event.stopPropagation();
              onPick(event.currentTarget);
            }}
          >
            {entry.nome}
          </button>
          {school !== null && <span className="team-school">{school}</span>}
        </th>
        <td className="col-tot">{entry.totale}</td>
        {problemi.map((p, i) => {
          const points = entry.punti_parziali[i] ?? 0;
          const solved = entry.solved[i] ?? false;
          const cls = solved ? 'cell-solved' : points !== 0 ? 'cell-wrong' : '';
          const isNew = entry.new[i] ?? false;
          const joker = entry.jolly === p.id;
          return (
            <td
              key={p.id}
              className={`col-prob ${cls}${isNew ? ' cell-new' : ''}${joker ? ' cell-jolly' : ''}`}
            >
              {points !== 0 || solved ? points : ''}
              {joker && (
                // Not by its colour alone: a letter and a hatched cell (punteggi.css), and a word.
                <span className="badge text-bg-warning jolly-badge" title="Jolly">
                  <span aria-hidden="true">J</span>
                  <span className="visually-hidden">jolly</span>
                </span>
              )}
            </td>
          );
        })}
      </tr>
    );
  },
  (a, b) =>
    a.entry.id === b.entry.id &&
    a.entry.posizione === b.entry.posizione &&
    a.entry.totale === b.entry.totale &&
    a.entry.nome === b.entry.nome &&
    a.entry.punti_parziali === b.entry.punti_parziali &&
    a.entry.solved === b.entry.solved &&
    a.entry.new === b.entry.new &&
    a.entry.jolly === b.entry.jolly &&
    a.index === b.index &&
    a.problemi === b.problemi &&
    a.height === b.height &&
    a.school === b.school &&
    a.colore === b.colore &&
    a.line === b.line &&
    a.emphasis === b.emphasis,
);
