// 'Istogramma punteggi': how many teams have a total in each range.
import { conta } from '@gas/contracts';
import { useMemo } from 'react';
import type { LeaderboardEntry } from '@gas/scoring';
import { italianNumber } from './axes';
import { EChart } from './EChart';
import { tooltipTransition } from './motion';
import { histogram } from './chartData';

export default function HistogramTab(props: { rows: readonly LeaderboardEntry[] }) {
  const h = useMemo(() => histogram(props.rows.map((r) => r.totale)), [props.rows]);
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: italianNumber,
        transitionDuration: tooltipTransition(),
      },
      grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: h.labels, name: 'Punti', axisLabel: { hideOverlap: true } },
      yAxis: {
        type: 'value',
        name: 'Squadre',
        minInterval: 1,
        axisLabel: { formatter: italianNumber },
      },
      series: [
        { name: 'Squadre', type: 'bar', barCategoryGap: '5%', data: h.counts, color: '#198754' },
      ],
    }),
    [h],
  );
  return (
    <EChart
      option={option}
      label={`Istogramma dei punteggi di ${conta(props.rows.length, 'squadra', 'squadre')}, intervalli di ${conta(h.width, 'punto', 'punti')}`}
      testId="istogramma"
    />
  );
}
