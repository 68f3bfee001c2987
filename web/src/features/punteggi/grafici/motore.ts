// The charts' engine: ECharts' core with the chart types and components the
// scores page's charts use (per-chart imports, not the whole library:
// docs/architecture.md), in a chunk of its own that EChart.tsx loads once a
// chart comes on screen. A chart tab itself only builds its option: on a
// phone opened on '#barre' the engine's code (evaluated in one long task,
// 150-250 ms with the CPU 4× slower) no longer runs while the page starts,
// below a chart nobody has scrolled to yet.
import { BarChart, LineChart } from 'echarts/charts';
import {
  AriaComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use } from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

use([
  BarChart,
  LineChart,
  AriaComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  LabelLayout,
  CanvasRenderer,
]);

export { init };
