// A React host for one ECharts instance. The chart tabs build their option
// only; the engine (ECharts with the chart types and components they use:
// motore.ts) is a chunk of its own, loaded and drawn once the chart's box
// comes on screen, not before: on a phone a tab's description, legend and
// zoom buttons fill the first screen, and the engine's evaluation and the
// chart's first draw held the main thread 350-500 ms (4× slower CPU) while
// the page was starting, for a chart nobody could see yet
// (docs/performance.md). Without IntersectionObserver it is drawn at once.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { ZoomButtons, type ZoomLabels } from './ZoomButtons';
import { nextWindow, type ZoomAction } from './zoom';

const caricaMotore = () => import('./motore');

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
  const chart = useRef<ECharts | null>(null);
  const onScreen = useOnScreen(host);
  const [stato, setStato] = useState<'attesa' | 'pronto' | 'errore'>('attesa');

  useEffect(() => {
    const el = host.current;
    if (!el || !onScreen) return;
    let smontato = false;
    let observer: ResizeObserver | null = null;
    caricaMotore().then(
      ({ init }) => {
        if (smontato) return;
        const instance = init(el, undefined, { renderer: 'canvas' });
        chart.current = instance;
        observer =
          typeof ResizeObserver === 'function' ? new ResizeObserver(() => instance.resize()) : null;
        observer?.observe(el);
        setStato('pronto');
      },
      () => {
        if (!smontato) setStato('errore');
      },
    );
    return () => {
      smontato = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [onScreen]);

  useEffect(() => {
    chart.current?.setOption(props.option, { notMerge: props.notMerge ?? false, lazyUpdate: true });
  }, [props.option, props.notMerge, stato]);

  const onZoom = (action: ZoomAction) => {
    const instance = chart.current;
    if (!instance) return;
    const current = (instance.getOption() as { dataZoom?: { start?: number; end?: number }[] })
      .dataZoom?.[0];
    const next = nextWindow({ start: current?.start ?? 0, end: current?.end ?? 100 }, action);
    instance.dispatchAction({ type: 'dataZoom', ...next });
  };

  return (
    <>
      {props.zoom && <ZoomButtons labels={props.zoom} onZoom={onZoom} />}
      {stato === 'errore' && (
        <p role="alert" className="text-danger">
          Grafico non disponibile: controlla la connessione e ricarica la pagina.
        </p>
      )}
      <div
        ref={host}
        className={props.className ?? 'chart-box'}
        role="img"
        aria-label={props.label}
        data-testid={props.testId}
      />
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
