// Daily price limits (値幅制限) and the special-quote renewal interval (更新値幅).
// Limits: research/mission-anchors.md §2.3, JPX Daily Price Limits [J10]
// https://www.jpx.co.jp/english/equities/trading/domestic/06.html — absolute yen amounts by
// base price, the base being the previous close (or final special quote). Renewal interval:
// §2.4, JPX Special Quote parameters [J12] https://www.jpx.co.jp/english/equities/trading/domestic/05.html
// — 1/10 of the limit, except the first row (< ¥200 → ¥5).
import type { Tenths } from './tenths';
import { roundToTick, type ResolvedTickTable } from './tick-size';

interface LimitRow {
  /** Base prices strictly below this (yen) use `limitYen`. */
  readonly below: number;
  readonly limitYen: number;
}

/**
 * §2.3. Rows from ¥3,000,000 up are marked "*" in the research: the stored JPX page is cut
 * off after "< 2,000,000", so those rows are extrapolated from the repeating pattern (and
 * agree with the special-quote table at 1/10). Unconfirmed; no listed price comes near.
 */
const LIMIT_ROWS: readonly LimitRow[] = [
  { below: 100, limitYen: 30 },
  { below: 200, limitYen: 50 },
  { below: 500, limitYen: 80 },
  { below: 700, limitYen: 100 },
  { below: 1_000, limitYen: 150 },
  { below: 1_500, limitYen: 300 },
  { below: 2_000, limitYen: 400 },
  { below: 3_000, limitYen: 500 },
  { below: 5_000, limitYen: 700 },
  { below: 7_000, limitYen: 1_000 },
  { below: 10_000, limitYen: 1_500 },
  { below: 15_000, limitYen: 3_000 },
  { below: 20_000, limitYen: 4_000 },
  { below: 30_000, limitYen: 5_000 },
  { below: 50_000, limitYen: 7_000 },
  { below: 70_000, limitYen: 10_000 },
  { below: 100_000, limitYen: 15_000 },
  { below: 150_000, limitYen: 30_000 },
  { below: 200_000, limitYen: 40_000 },
  { below: 300_000, limitYen: 50_000 },
  { below: 500_000, limitYen: 70_000 },
  { below: 700_000, limitYen: 100_000 },
  { below: 1_000_000, limitYen: 150_000 },
  { below: 1_500_000, limitYen: 300_000 },
  { below: 2_000_000, limitYen: 400_000 },
  // Extrapolated rows (*) from here on.
  { below: 3_000_000, limitYen: 500_000 },
  { below: 5_000_000, limitYen: 700_000 },
  { below: 7_000_000, limitYen: 1_000_000 },
  { below: 10_000_000, limitYen: 1_500_000 },
  { below: 15_000_000, limitYen: 3_000_000 },
  { below: 20_000_000, limitYen: 4_000_000 },
  { below: 30_000_000, limitYen: 5_000_000 },
  { below: 50_000_000, limitYen: 7_000_000 },
  { below: Number.POSITIVE_INFINITY, limitYen: 10_000_000 },
];

/** The daily limit amount (tenths) for a base price (tenths). */
export function dailyLimitAmount(basePrice: Tenths): Tenths {
  const baseYen = basePrice / 10;
  for (const row of LIMIT_ROWS) {
    if (baseYen < row.below) return row.limitYen * 10;
  }
  return 10_000_000 * 10;
}

export interface LimitPrices {
  /** ストップ高: the highest legal price of the day. */
  upper: Tenths;
  /** ストップ安: the lowest legal price of the day (never below one tick). */
  lower: Tenths;
}

/**
 * Upper and lower limit prices. When base ± limit falls between ticks of its band (possible
 * only where the band changes, e.g. table 01 base ¥2,999 + ¥500) we round inwards, so every
 * limit price is itself a legal order price. (Assumption: JPX's own rounding rule for such
 * cases is not in the research.)
 */
export function limitPrices(basePrice: Tenths, table: ResolvedTickTable): LimitPrices {
  const amount = dailyLimitAmount(basePrice);
  const upper = roundToTick(basePrice + amount, table, 'down');
  const lower = roundToTick(Math.max(basePrice - amount, 1), table, 'up');
  return { upper, lower };
}

/**
 * A new listing's first day (server docs/ipo.md §5, [J2][J3][J4]): orders are accepted from 1/4 to
 * 4 times the public offering price instead of the daily limit, on legal ticks (rounded inwards).
 */
export function newListingLimits(offerPrice: Tenths, table: ResolvedTickTable): LimitPrices {
  return { upper: roundToTick(offerPrice * 4, table, 'down'), lower: roundToTick(Math.max(Math.ceil(offerPrice / 4), 1), table, 'up') };
}

/** True when `price` lies within the day's limits (inclusive). */
export function withinLimits(price: Tenths, limits: LimitPrices): boolean {
  return price >= limits.lower && price <= limits.upper;
}

/**
 * The special-quote renewal interval (tenths) around a reference price (the last trade, or
 * the base price before the first trade), §2.4: ¥5 below ¥200, otherwise 1/10 of the limit.
 */
export function renewalInterval(referencePrice: Tenths): Tenths {
  if (referencePrice < 2_000) return 50;
  return dailyLimitAmount(referencePrice) / 10;
}
