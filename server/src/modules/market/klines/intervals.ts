// The k-line intervals and price adjustments the market offers (the lists are the wire
// schema's, shared with mf-market), with runtime guards for values that arrive from outside.
// 'timeshare' is the time-sharing line: the latest day's minutes with the average price.
// Adjustments: none = traded prices; forward (前復權) = the latest prices stay, earlier ones
// are scaled by the corporate actions since; backward (後復權) = the earliest prices stay,
// later ones are scaled up.
import { KLINE_INTERVALS, PRICE_ADJUSTMENTS, type KLineInterval, type PriceAdjustment } from '@kabuto/shared-sdk/schemas';

export { KLINE_INTERVALS, type KLineInterval };
export const ADJUSTMENTS = PRICE_ADJUSTMENTS;
export type Adjustment = PriceAdjustment;

export const DEFAULT_KLINE_LIMIT = 300;
export const MAX_KLINE_LIMIT = 1000;

export function isKLineInterval(value: unknown): value is KLineInterval {
  return typeof value === 'string' && (KLINE_INTERVALS as readonly string[]).includes(value);
}

export function isAdjustment(value: unknown): value is Adjustment {
  return typeof value === 'string' && (ADJUSTMENTS as readonly string[]).includes(value);
}

/** Minutes per bar of the intraday intervals. */
export const INTRADAY_MINUTES: Readonly<Record<'1m' | '5m' | '10m' | '15m' | '30m', number>> = {
  '1m': 1,
  '5m': 5,
  '10m': 10,
  '15m': 15,
  '30m': 30,
};
