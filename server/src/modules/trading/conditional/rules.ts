// The trigger rules of conditional orders (docs/trading.md §11), pure so the property tests
// can drive them with random price paths. Prices are tenths of a yen.
import { roundToTick, type ResolvedTickTable } from '../../market';

export type Trigger = 'none' | 'touch' | 'stop' | 'trailing';
export type Side = 'buy' | 'sell';

export interface ArmedTrigger {
  trigger: Trigger;
  side: Side;
  /** stop: the stop price; touch: the limit price. */
  triggerPrice: number | null;
  /** trailing: the width and the best trade price since arming. */
  trailWidth: number | null;
  trailExtreme: number | null;
}

/**
 * Trailing stop price (Rakuten トレイリング注文 [A1], kabu.com トレーリングストップ [A4b],
 * research §1 row 11): a sell trails the highest trade price since arming by the width,
 * rounded down to a valid tick; a buy trails the lowest by the width, rounded up.
 */
export function trailingStop(side: Side, extreme: number, width: number, table: ResolvedTickTable): number {
  return side === 'sell' ? roundToTick(extreme - width, table, 'down') : roundToTick(extreme + width, table, 'up');
}

export interface TradeOutcome {
  fire: boolean;
  /** The trailing extreme after this trade (unchanged for other triggers). */
  trailExtreme: number | null;
}

/**
 * One venue trade at `price` against an armed trigger:
 * - stop: a sell fires at a trade at or below the stop price, a buy at or above it (逆指値);
 * - touch: a sell limit leg fires at a trade at or above its price, a buy at or below it;
 * - trailing: the extreme moves with the trade first, then it fires like a stop at
 *   `trailingStop(extreme)`;
 * - none: fires at once (it never waits for a trade).
 */
export function onTrade(t: ArmedTrigger, price: number, table: ResolvedTickTable): TradeOutcome {
  switch (t.trigger) {
    case 'none':
      return { fire: true, trailExtreme: t.trailExtreme };
    case 'stop': {
      const stop = t.triggerPrice as number;
      return { fire: t.side === 'sell' ? price <= stop : price >= stop, trailExtreme: t.trailExtreme };
    }
    case 'touch': {
      const limit = t.triggerPrice as number;
      return { fire: t.side === 'sell' ? price >= limit : price <= limit, trailExtreme: t.trailExtreme };
    }
    case 'trailing': {
      const prev = t.trailExtreme ?? price;
      const extreme = t.side === 'sell' ? Math.max(prev, price) : Math.min(prev, price);
      const stop = trailingStop(t.side, extreme, t.trailWidth as number, table);
      return { fire: t.side === 'sell' ? price <= stop : price >= stop, trailExtreme: extreme };
    }
  }
}

/** A stop on the right side of the market: a sell stop below the last price, a buy stop above it. */
export function stopOnRightSide(side: Side, stop: number, last: number): boolean {
  return side === 'sell' ? stop < last : stop > last;
}

/**
 * OCO legs that cannot both trigger on one price: the limit leg on the favourable side of the
 * reference and the stop on the other (sell: stop < reference < limit; buy: limit < reference < stop).
 * Since only the first leg to trigger is ever placed, the pair never fills twice.
 */
export function ocoLegsApart(side: Side, limit: number, stop: number, reference: number): boolean {
  return side === 'sell' ? stop < reference && reference < limit : limit < reference && reference < stop;
}
