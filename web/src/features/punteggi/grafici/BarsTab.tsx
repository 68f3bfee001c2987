// 'Grafico a barre': each team's total as a stacked bar of base score and
// difficulty score (plus bonuses and errors), in ranking order.
import { conta } from '@gas/contracts';
import { useMemo } from 'react';
import type { LeaderboardEntry } from '@gas/scoring';
import { italianNumber } from './axes';
import { EChart } from './EChart';
import { tooltipTransition } from './motion';
import { scoreSplit } from './chartData';
import { LegendaGrafico, legendaNascosta, useSerieNascoste } from './LegendaGrafico';
import { COLORI_BARRE } from './palette';

/** Bars in view at once; the rest through the zoom slider. */
const BARS_IN_VIEW = 25;

/** The stacked parts of each bar, in the order drawn. */
const PARTI = [
  { nome: 'Punteggio base', chiave: 'base' },
  { nome: 'Punteggio difficoltà', chiave: 'difficolta' },
  { nome: 'Bonus ed errori', chiave: 'altro' },
] as const;

export default function BarsTab(props: {
  rows: readonly LeaderboardEntry[];
  problemi: readonly { id: number }[];
  valori: readonly number[];
  base: number;
}) {
  const split = useMemo(
    () => scoreSplit(props.rows, props.problemi, props.valori, props.base),
    [props.rows, props.problemi, props.valori, props.base],
  );
  const { nascoste, alterna } = useSerieNascoste();
  const option = useMemo(
    () => ({
      animation: false,
      // A pattern on each part as well as its colour (WCAG 1.4.1); the chart's
      // name stays the host's aria-label (ECharts' own description is off).
      aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: italianNumber,
        transitionDuration: tooltipTransition(),
      },
      // The legend is the page's (LegendaGrafico): ECharts' only holds the choice.
      legend: legendaNascosta(
        PARTI.map((p) => p.nome),
        nascoste,
      ),
      grid: { left: 8, right: 56, top: 16, bottom: 16, containLabel: true },
      xAxis: { type: 'value', name: 'Punti', axisLabel: { formatter: italianNumber } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: split.map((s) => s.nome),
        axisLabel: { width: 120, overflow: 'truncate' },
      },
      dataZoom:
        split.length > BARS_IN_VIEW
          ? [
              {
                type: 'slider',
                yAxisIndex: 0,
                right: 8,
                width: 18,
                startValue: 0,
                endValue: BARS_IN_VIEW - 1,
              },
              { type: 'inside', yAxisIndex: 0, zoomOnMouseWheel: false, moveOnMouseWheel: true },
            ]
          : [],
      series: PARTI.map((p) => ({
        name: p.nome,
        type: 'bar',
        stack: 'totale',
        color: COLORI_BARRE[p.chiave],
        data: split.map((x) => x[p.chiave]),
      })),
    }),
    [split, nascoste],
  );
  return (
    <>
      <p className="small text-body-secondary">
        Il totale di ogni squadra diviso in punteggio base dei problemi risolti, punteggio di
        difficoltà (quanto vale ogni problema risolto oltre la base) e il resto (bonus di velocità e
        di completamento, errori, capitale iniziale, penalità). Il jolly raddoppia il suo problema.
      </p>
      <LegendaGrafico
        etichetta="Parti del punteggio nel grafico"
        voci={PARTI.map((p) => ({ nome: p.nome, colore: COLORI_BARRE[p.chiave] }))}
        nascoste={nascoste}
        onAlterna={alterna}
      />
      <EChart
        option={option}
        label={`Grafico a barre dei punteggi di ${conta(split.length, 'squadra', 'squadre')}`}
        className="chart-box chart-box--tall"
        testId="grafico-barre"
        zoom={
          split.length > BARS_IN_VIEW
            ? {
                chart: 'grafico a barre',
                indietro: 'Squadre precedenti',
                avanti: 'Squadre successive',
              }
            : undefined
        }
      />
    </>
  );
}
