// A React host for one ECharts instance. Only echarts/core is imported here:
// each chart module registers the chart type and components it uses
// (architecture.md: per-chart imports), and the chart tabs are lazy chunks.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { ZoomButtons, type ZoomLabels } from './ZoomButtons';
import { nextWindow, type ZoomAction } from './zoom';

export function EChart(props: {
  option: EChartsCoreOption;
  /** Accessible name of the chart. */
  label: string;
  /** Replace the option instead of merging (series come and go). */
  notMerge?: boolean;
  className?: string;
  testId?: string;
  /** Buttons for the chart's dataZoom (keyboard access to zoom and scroll). */
  zoom?: ZoomLabels;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => instance.resize()) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(props.option, { notMerge: props.notMerge ?? false, lazyUpdate: true });
  }, [props.option, props.notMerge]);

  const onZoom = (action: ZoomAction) => {
    const instance = chart.current;
    if (!instance) return;
    const current = (instance.getOption() as { dataZoom?: { start?: number; end?: number }[] })
      .dataZoom?.[0];
    const next = nextWindow({ start: current?.start ?? 0, end: current?.end ?? 100 }, action);
    instance.dispatchAction({ type: 'dataZoom', ...next });
  };

  const box = (
    <div
      ref={host}
      className={props.className ?? 'chart-box'}
      role="img"
      aria-label={props.label}
      data-testid={props.testId}
    />
  );
  if (!props.zoom) return box;
  return (
    <>
      <ZoomButtons labels={props.zoom} onZoom={onZoom} />
      {box}
    </>
  );
}
