// What the stock-detail chart draws from: bars already in yen and the kind of series.

/** One bar in yen (already converted from the wire format), time in epoch ms. */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Time-sharing only: the day's average traded price so far. */
  avgPrice?: number;
}

/** timeshare: today's price line; intraday: minute candles; daily: day/week/month candles. */
export type ChartKind = 'timeshare' | 'intraday' | 'daily';
