// What every chart shares: numbers in Italian on axes and tooltips, and value
// axes named along their side, so the name never sits on the lines or the grid's top.
import { formatNumber } from '../../../lib/numbers';

/** Axis labels and tooltip values in Italian (12.500, 0,5), not ECharts' 12,500. */
export const italianNumber = (value: number) => formatNumber(value);

/** Room a value axis named along its side needs on its left. */
export const NAMED_AXIS_GAP = 44;

/** A value axis whose name runs along the axis, clear of the labels. */
export function valueAxis(name: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'value',
    name,
    nameLocation: 'middle',
    nameGap: NAMED_AXIS_GAP,
    axisLabel: { formatter: italianNumber },
    ...extra,
  } as const;
}
