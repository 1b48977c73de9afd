// Wire bars (tenths of a yen) → chart bars (yen). Division by 10 is exact enough for
// drawing; the page never computes money from these numbers.
import type { KLineBar, KLineInterval, Quote } from '../../../api/market';
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

const JST_OFFSET_MS = 9 * 3_600_000;

/**
 * The daily series with today's bar kept up to date by the live quote (pushed on /ws): the
 * bars themselves are asked for every 30 s, the quote moves with every trade. Only a last bar
 * of the quote's trading day takes it; other intervals wait for their next answer (a week's
 * or a minute's volume is not the day's).
 */
export function withLiveQuote(
  bars: readonly KLineBar[],
  quote: Pick<Quote, 'tradingDate' | 'last' | 'high' | 'low' | 'volume'> | undefined,
  interval: KLineInterval,
): readonly KLineBar[] {
  const last = bars.at(-1);
  if (interval !== 'day' || !last || !quote || quote.last === null) return bars;
  if (new Date(last.time + JST_OFFSET_MS).toISOString().slice(0, 10) !== quote.tradingDate) return bars;
  const live: KLineBar = {
    ...last,
    close: quote.last,
    high: Math.max(last.high, quote.high ?? quote.last, quote.last),
    low: Math.min(last.low, quote.low ?? quote.last, quote.last),
    volume: Math.max(last.volume, quote.volume),
  };
  return live.close === last.close && live.high === last.high && live.low === last.low && live.volume === last.volume ? bars : [...bars.slice(0, -1), live];
}
