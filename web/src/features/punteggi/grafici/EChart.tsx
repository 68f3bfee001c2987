// A React host for one ECharts instance. Only echarts/core is imported here:
// each chart module registers the chart type and components it uses
// (architecture.md: per-chart imports), and the chart tabs are lazy chunks.
//
// The chart is drawn once its box comes on screen, not before: on a phone a
// tab's description and legend fill the first screen, and the chart's first
// draw held the main thread 350-500 ms (4× slower CPU) while the page was
// starting, for a chart nobody could see yet (docs/performance.md). Without
// IntersectionObserver it is drawn at once.
import { useEffect, useRef, useState, type RefObject } from 'react';
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
  const onScreen = useOnScreen(host);

  useEffect(() => {
    const el = host.current;
    if (!el || !onScreen) return;
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
  }, [onScreen]);

  useEffect(() => {
    chart.current?.setOption(props.option, { notMerge: props.notMerge ?? false, lazyUpdate: true });
  }, [props.option, props.notMerge, onScreen]);

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

/** True once any of the element has been on screen (and from then on). */
function useOnScreen(element: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const el = element.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      setSeen(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [element, seen]);
  return seen;
}
