// Today's minute bars, built from the venue's trades as they happen (same minute slots as
// generated history: a trade at 11:30:00 or 15:30:00 is the closing Itayose print).
import { atJst, jstSecondOfDayMs, type DateKey } from '../rules/calendar';
import { tradeValueYen } from '../price';
import type { PriceBar } from '../simulation/price-path';
import { MINUTE_SLOTS, slotIndexOf } from '../simulation/session-clock';
import type { Trade } from '../venue/types';

export class MinuteBarBuilder {
  private readonly date: DateKey;
  private readonly bars = new Map<number, PriceBar>();

  constructor(date: DateKey) {
    this.date = date;
  }

  add(trade: Trade): void {
    const slot = slotIndexOf(jstSecondOfDayMs(trade.at));
    if (slot < 0) return;
    const value = tradeValueYen(trade.price, trade.quantity);
    const bar = this.bars.get(slot);
    if (!bar) {
      this.bars.set(slot, {
        time: atJst(this.date, MINUTE_SLOTS[slot] as number).getTime(),
        open: trade.price,
        high: trade.price,
        low: trade.price,
        close: trade.price,
        volume: trade.quantity,
        turnover: value,
      });
      return;
    }
    if (trade.price > bar.high) bar.high = trade.price;
    if (trade.price < bar.low) bar.low = trade.price;
    bar.close = trade.price;
    bar.volume += trade.quantity;
    bar.turnover += value;
  }

  /**
   * Bars from the first trade up to the slot holding `until` (epoch ms); minutes without
   * trades repeat the last close with no volume, so the time-sharing line has a point a minute.
   */
  barsUntil(until: number): PriceBar[] {
    const out: PriceBar[] = [];
    let last: PriceBar | null = null;
    for (let k = 0; k < MINUTE_SLOTS.length; k++) {
      const time = atJst(this.date, MINUTE_SLOTS[k] as number).getTime();
      if (time > until) break;
      const bar = this.bars.get(k);
      if (bar) {
        out.push({ ...bar });
        last = bar;
      } else if (last) {
        out.push({ time, open: last.close, high: last.close, low: last.close, close: last.close, volume: 0, turnover: 0 });
      }
    }
    return out;
  }
}
