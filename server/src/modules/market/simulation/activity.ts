// How busy the simulated participants are, and the daily volume that implies — shared by
// the live simulation and the history generator so generated past days trade about as
// much as the live day does.
import { SESSION_TIMES } from '../rules/calendar';
import { tenthsToYen, type Tenths } from '../price';
import { activityAt } from './volume-curve';

/** Participant events per second of Zaraba at the midday activity level (activityAt = 1). */
export const DEFAULT_EVENT_RATE = 0.5;
/** Share of participant events that take liquidity (the rest quote or cancel). */
export const TAKER_SHARE = 0.35;
/** Typical value of one participant order, yen. */
const TYPICAL_ORDER_YEN = 2_000_000;

/** Mean order size in lots for an instrument at `price`: about ¥2m, 1–50 lots. */
export function meanOrderLots(price: Tenths, lot: number): number {
  const lots = Math.round(TYPICAL_ORDER_YEN / (tenthsToYen(price) * lot));
  return Math.min(50, Math.max(1, lots));
}

/** Average of activityAt over the Zaraba seconds of a day, and their count. */
const ZARABA = (() => {
  const t = SESSION_TIMES;
  let sum = 0;
  let n = 0;
  for (const [from, to] of [
    [t.morningOpen, t.morningClose],
    [t.afternoonOpen, t.closingAuction],
  ] as const) {
    for (let s = from; s < to; s += 10) {
      sum += activityAt(s);
      n += 1;
    }
  }
  return { meanActivity: sum / n, seconds: n * 10 };
})();

/** Shares a simulated day trades, on average, at `price` (continuous trading plus the auctions). */
export function expectedDailyVolume(price: Tenths, lot: number, eventRate = DEFAULT_EVENT_RATE): number {
  const continuous = eventRate * ZARABA.meanActivity * ZARABA.seconds * TAKER_SHARE * meanOrderLots(price, lot) * lot;
  return continuous * 1.12;
}
