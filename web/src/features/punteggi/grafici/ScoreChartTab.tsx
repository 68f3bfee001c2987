// 'Grafico': every shown team's total over time (spec §2), from the same
// engine as the table (history sampled about 240 times over the session).
// During a replay the lines stop at the replayed instant. Colours from a
// palette safe for colour-vision deficiencies (palette.ts), each line named
// at its end and in the tooltip, a dash when colours come round again.
import { conta } from '@gas/contracts';
import { useMemo } from 'react';
import type { LeaderboardEntry, LiveScoring } from '@gas/scoring';
import { formatTime } from '../../../lib/romeTime';
import { useThrottled } from '../useThrottled';
import { italianNumber, NAMED_AXIS_GAP, valueAxis } from './axes';
import { EChart } from './EChart';
import { tooltipTransition } from './motion';
import { chartTeams, historyStep, historyUntil } from './chartData';
import { LegendaGrafico, legendaNascosta, useSerieNascoste } from './LegendaGrafico';
import { stileSerie } from './palette';
import { AttesaScheda } from '../AttesaScheda';

/** Bootstrap's body text colour, for the names at the lines' ends. */
const COLORE_TESTO = '#212529';

/** Room on the right for the team names at the lines' ends (px). */
export const END_LABEL_WIDTH = 104;

export interface ScoreChartProps {
  scoring: LiveScoring | null;
  version: number;
  rows: readonly LeaderboardEntry[];
  inizio: number;
  fine: number;
  /** Server time. */
  now: number;
  replayT: number | null;
  highlighted: readonly number[];
}

/** The chart's option: lines by team, time on x, points on y (named along the axis). */
export function scoreChartOption(input: {
  shown: {
    tempi: readonly number[];
    squadre: readonly { id: number; punteggi: readonly number[] }[];
  };
  ids: readonly number[];
  names: ReadonlyMap<number, string>;
  inizio: number;
  fine: number;
  /** Teams the viewer hid from the legend (by name). */
  nascoste?: ReadonlySet<string>;
}) {
  const { shown, ids, names, inizio, fine } = input;
  const byId = new Map(shown.squadre.map((s) => [s.id, s.punteggi]));
  const nome = (id: number) => names.get(id) ?? String(id);
  return {
    animation: false,
    tooltip: {
      trigger: 'axis',
      order: 'valueDesc',
      valueFormatter: italianNumber,
      transitionDuration: tooltipTransition(),
    },
    // The legend is the page's (LegendaGrafico): ECharts' only holds the choice.
    legend: legendaNascosta(ids.map(nome), input.nascoste ?? new Set()),
    grid: { left: 16 + NAMED_AXIS_GAP, right: END_LABEL_WIDTH + 12, top: 16, bottom: 64 },
    xAxis: {
      type: 'time',
      min: inizio,
      max: fine,
      axisLabel: { formatter: (v: number) => formatTime(v), hideOverlap: true },
    },
    yAxis: valueAxis('Punti', { scale: true }),
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }],
    series: ids.map((id, k) => {
      const { color, type } = stileSerie(k);
      return {
        name: nome(id),
        type: 'line',
        step: 'end',
        showSymbol: false,
        color,
        lineStyle: { color, type, width: 2 },
        // The team named where its line ends: told apart without its colour.
        // The name in the text's colour (small text needs 4.5:1, which some
        // line colours do not reach), after a dash of the line's.
        endLabel: {
          show: true,
          formatter: '{tratto|━} {a}',
          color: COLORE_TESTO,
          fontSize: 11,
          width: END_LABEL_WIDTH,
          overflow: 'truncate',
          rich: { tratto: { color, fontSize: 11 } },
        },
        labelLayout: { moveOverlap: 'shiftY' },
        emphasis: { focus: 'series' },
        data: (byId.get(id) ?? []).map((v, i) => [shown.tempi[i], v]),
      };
    }),
  };
}

export default function ScoreChartTab(props: ScoreChartProps) {
  const { scoring, inizio, fine, replayT } = props;
  const version = useThrottled(props.version, 5000);
  const replaying = replayT !== null;
  const minute = Math.floor(props.now / 60_000);
  const history = useMemo(() => {
    if (!scoring) return null;
    const to = replaying ? fine : Math.max(inizio, Math.min(fine, props.now));
    return scoring.history({ stepMs: historyStep(fine - inizio), from: inizio, to });
    // `minute` moves the right end of a running session forward.
  }, [scoring, version, replaying, inizio, fine, minute]);
  const ids = chartTeams(props.rows, props.highlighted);
  const names = new Map(props.rows.map((r) => [r.id, r.nome]));
  const totals = replaying ? new Map(props.rows.map((r) => [r.id, r.totale])) : undefined;
  const shown = history ? historyUntil(history, replayT, totals) : null;
  const { nascoste, alterna } = useSerieNascoste();
  const option = useMemo(
    () => (shown ? scoreChartOption({ shown, ids, names, inizio, fine, nascoste }) : {}),
    [shown, ids.join(','), inizio, fine, nascoste],
  );
  if (!scoring || !shown) return <AttesaScheda testo="Caricamento delle risposte…" />;
  return (
    <>
      <p className="small text-body-secondary">
        Punteggio nel tempo{' '}
        {props.rows.length > ids.length
          ? 'delle prime 10 squadre e di quelle evidenziate'
          : 'di tutte le squadre'}
        .
      </p>
      <LegendaGrafico
        etichetta="Squadre nel grafico"
        voci={ids.map((id, k) => ({
          nome: names.get(id) ?? String(id),
          colore: stileSerie(k).color,
          tratto: stileSerie(k).type,
        }))}
        nascoste={nascoste}
        onAlterna={alterna}
      />
      <EChart
        option={option}
        notMerge
        label={`Grafico del punteggio nel tempo di ${conta(ids.length, 'squadra', 'squadre')}`}
        testId="grafico-punteggi"
        zoom={{ chart: 'grafico', indietro: 'Prima', avanti: 'Dopo' }}
      />
    </>
  );
}
