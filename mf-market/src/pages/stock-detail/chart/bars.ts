// Wire bars (tenths of a yen) → chart bars (yen). Division by 10 is exact enough for
// drawing; the page never computes money from these numbers.
import type { KLineBar, KLineInterval } from '../../../api/market';
import type { ChartBar, ChartKind } from './types';

export function toChartBars(bars: readonly KLineBar[]): ChartBar[] {
  return bars.map((b) => ({
    time: b.time,
    open: b.open / 10,
    high: b.high / 10,
    low: b.low / 10,
    close: b.close / 10,
    volume: b.volume,
    ...(b.avgPrice === undefined ? {} : { avgPrice: b.avgPrice / 10 }),
  }));
}

export function chartKind(interval: KLineInterval): ChartKind {
  if (interval === 'timeshare') return 'timeshare';
  return interval === 'day' || interval === 'week' || interval === 'month' ? 'daily' : 'intraday';
}
