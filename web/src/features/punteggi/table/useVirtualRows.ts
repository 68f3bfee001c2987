// Row virtualisation for the score table: with 1,000 teams × 40 problems only
// the rows in view (plus a margin) are in the DOM; spacer rows keep the
// scroll height. Rows have a fixed height, so the range is arithmetic.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface VirtualRange {
  start: number;
  end: number;
  /** Height of the spacers before and after the rendered rows (px). */
  before: number;
  after: number;
}

/** Rows [start, end) to render for a scroll position. */
export function visibleRange(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewport: number,
  overscan: number,
): VirtualRange {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + Math.ceil(viewport / rowHeight) + overscan);
  return {
    start: Math.min(start, end),
    end,
    before: Math.min(start, end) * rowHeight,
    after: Math.max(0, count - end) * rowHeight,
  };
}

/** Follows the scroll of `container` (the table's own scroll box). */
export function useVirtualRows(
  container: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  headerHeight: number,
  overscan = 8,
): VirtualRange {
  // Before the first measure (and in jsdom, which has no layout) assume a tall viewport.
  const [view, setView] = useState({ top: 0, height: 900 });
  const frame = useRef(0);
  const measure = useCallback(() => {
    frame.current = 0;
    const el = container.current;
    if (!el) return;
    const height = el.clientHeight > 0 ? el.clientHeight - headerHeight : 900;
    const top = el.scrollTop;
    setView((v) => (v.top === top && v.height === height ? v : { top, height }));
  }, [container, headerHeight]);

  useLayoutEffect(measure, [measure, count]);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const onScroll = () => {
      if (frame.current === 0) frame.current = requestAnimationFrame(measure);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      el.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame.current !== 0) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [container, measure]);

  return visibleRange(count, rowHeight, view.top, view.height, overscan);
}
