// The chart's window (dataZoom, in percent of the data) moved from buttons:
// the keyboard's way to what the mouse does with the slider and the wheel.

export type ZoomAction = 'ingrandisci' | 'riduci' | 'indietro' | 'avanti' | 'tutto';

export interface ZoomWindow {
  start: number;
  end: number;
}

/** The narrowest window the buttons go to (percent). */
export const MIN_SPAN = 5;

export function nextWindow({ start, end }: ZoomWindow, action: ZoomAction): ZoomWindow {
  const span = end - start;
  const centre = (start + end) / 2;
  /** A window of `width` centred on `middle`, kept within the data. */
  const fit = (middle: number, width: number): ZoomWindow => {
    const w = Math.min(100, Math.max(MIN_SPAN, width));
    const s = Math.min(100 - w, Math.max(0, middle - w / 2));
    return { start: s, end: s + w };
  };
  switch (action) {
    case 'ingrandisci':
      return fit(centre, span / 2);
    case 'riduci':
      return fit(centre, span * 2);
    case 'indietro':
      return fit(centre - span / 2, span);
    case 'avanti':
      return fit(centre + span / 2, span);
    case 'tutto':
      return { start: 0, end: 100 };
  }
}
