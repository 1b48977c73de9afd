// Prices inside the market module are integers in tenths of a yen (ARCHITECTURE §5:
// "prices in integer units of the instrument's smallest tick (0.1 yen)"). The narrowest
// TSE tick is 0.1 yen (mission-anchors §2.2, table 03 up to ¥1,000), so every legal price
// is a whole number of tenths and arithmetic on prices never touches floating point.

import type { Tenths } from '@kabuto/shared-sdk/market-rules';

/** A price in tenths of a yen: 1234.5 yen = 12345 (the SDK's market rules define it). */
export type { Tenths };

/** Tenths per yen. */
export const TENTHS_PER_YEN = 10;

/** Whole or decimal yen (as written in data files) → tenths, rounded to the nearest tenth. */
export function yenToTenths(yen: number): Tenths {
  return Math.round(yen * TENTHS_PER_YEN);
}

/** Tenths → yen as a number, for display and ratios only (never for money sums). */
export function tenthsToYen(price: Tenths): number {
  return price / TENTHS_PER_YEN;
}

/**
 * Value of `quantity` shares at `price`, in integer yen. With 100-share lots (or the
 * 0.1-yen tick only for ETFs traded in 10s, §2.2) the product is always whole yen;
 * rounding only guards odd quantities the venue never accepts.
 */
export function tradeValueYen(price: Tenths, quantity: number): number {
  return Math.round((price * quantity) / TENTHS_PER_YEN);
}
