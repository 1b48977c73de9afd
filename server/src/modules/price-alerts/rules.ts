// When an alert's rule is met by a venue trade (docs/price-alerts.md §2). Pure integer arithmetic
// on tenths of a yen and basis points, so the boundary is exact: a trade exactly at the alert price
// or exactly at the % move meets the rule.
import type { PriceAlertDirection, PriceAlertKind } from '@kabuto/shared-sdk/schemas';

export interface AlertRule {
  kind: PriceAlertKind;
  /** above / below: tenths of a yen. */
  price: number | null;
  /** move: basis points of the previous close. */
  moveBp: number | null;
  direction: PriceAlertDirection | null;
}

/** Does a trade at `price` meet the rule, the day's previous close being `previousClose` (both tenths)? */
export function ruleMet(rule: AlertRule, price: number, previousClose: number): boolean {
  switch (rule.kind) {
    case 'above':
      return rule.price !== null && price >= rule.price;
    case 'below':
      return rule.price !== null && price <= rule.price;
    case 'move': {
      if (rule.moveBp === null || previousClose <= 0) return false;
      // |price − close| / close ≥ bp / 10 000, cross-multiplied to stay in integers.
      const moved = (price - previousClose) * 10_000;
      const need = rule.moveBp * previousClose;
      const up = moved >= need;
      const down = -moved >= need;
      if (rule.direction === 'up') return up;
      if (rule.direction === 'down') return down;
      return up || down;
    }
  }
}

/** The index of the first price that meets the rule, or -1 (the reference the property test checks firing against). */
export function firstMet(rule: AlertRule, prices: readonly number[], previousClose: number): number {
  return prices.findIndex((p) => ruleMet(rule, p, previousClose));
}
