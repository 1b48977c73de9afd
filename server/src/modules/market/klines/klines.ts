// K-lines for one instrument: generated history (simulation/price-path.ts) joined to
// today's bars from the venue, in any interval and adjustment. The latest daily bar is
// today's session (open, high, low, last, volume, turnover) once the day has traded.
import { jstDateKey, type DateKey } from '../rules/calendar';
import type { PriceBar, PricePath } from '../simulation/price-path';
import type { SessionStats } from '../venue/types';
import { toMinuteBuckets, toMonths, toWeeks } from './aggregate';
import { INTRADAY_MINUTES, type Adjustment, type KLineInterval } from './intervals';

export interface KLineBar extends PriceBar {
  /** Time-sharing line only: the day's average traded price so far (tenths). */
  avgPrice?: number;
}

/** What the k-lines need from the market: the seeded history and today's live session. */
export interface KLineSource {
  path: PricePath;
  /** The trading date of the live session. */
  today: DateKey;
  /** Today's minute bars from real trades, up to now. */
  todayMinutes: PriceBar[];
  stats: SessionStats;
  /** JST midnight of today (epoch ms), the time of today's daily bar. */
  todayStart: number;
}

export function buildKLines(src: KLineSource, interval: KLineInterval, adjust: Adjustment, limit: number): KLineBar[] {
  // The last `limit` minutes, as for every other interval.
  if (interval === 'timeshare') return timeShare(src).slice(-limit);
  let bars: PriceBar[];
  if (interval === 'day' || interval === 'week' || interval === 'month') {
    const perBar = interval === 'day' ? 1 : interval === 'week' ? 5 : 23;
    const daily = dailyBars(src, limit * perBar + perBar);
    const adjusted = adjustBars(src, daily, adjust);
    bars = interval === 'day' ? adjusted : interval === 'week' ? toWeeks(adjusted) : toMonths(adjusted);
  } else {
    const minutes = INTRADAY_MINUTES[interval];
    bars = adjustBars(src, toMinuteBuckets(minuteBarsFor(src, limit, minutes), minutes), adjust);
  }
  return bars.slice(-limit);
}

/** Today's minutes (or the last traded day's, before today trades) with a running average price. */
function timeShare(src: KLineSource): KLineBar[] {
  if (src.todayMinutes.length === 0 && historyDays(src).length === 0) return [];
  const minutes = src.todayMinutes.length > 0 ? src.todayMinutes : src.path.minuteBars(lastHistoryDay(src));
  let volume = 0;
  let turnover = 0;
  return minutes.map((b) => {
    volume += b.volume;
    turnover += b.turnover;
    return { ...b, avgPrice: volume > 0 ? Math.round((turnover * 10) / volume) : b.close };
  });
}

/** History days strictly before today, newest last. */
function historyDays(src: KLineSource): DateKey[] {
  // A new listing has no bars before its first trading day (its path starts the day before).
  const from = src.path.listedOn ?? '';
  return src.path.daysUntil(src.today).filter((d) => d < src.today && d >= from);
}

function lastHistoryDay(src: KLineSource): DateKey {
  const days = historyDays(src);
  return days[days.length - 1] as DateKey;
}

/** At least `count` daily bars (when history allows): generated days, then today's session. */
function dailyBars(src: KLineSource, count: number): PriceBar[] {
  const days = historyDays(src);
  const out = days.slice(-count).map((d) => src.path.dailyBar(d));
  const s = src.stats;
  if (s.open !== null && s.high !== null && s.low !== null && s.last !== null) {
    out.push({ time: src.todayStart, open: s.open, high: s.high, low: s.low, close: s.last, volume: s.volume, turnover: s.turnover });
  }
  return out;
}

/** Enough minute bars for `limit` buckets of `minutes`: today's, then earlier days'. */
function minuteBarsFor(src: KLineSource, limit: number, minutes: number): PriceBar[] {
  const needed = limit * minutes;
  const chunks: PriceBar[][] = [src.todayMinutes];
  let have = src.todayMinutes.length;
  const days = historyDays(src);
  for (let i = days.length - 1; i >= 0 && have < needed; i--) {
    const bars = src.path.minuteBars(days[i] as DateKey);
    chunks.unshift(bars);
    have += bars.length;
  }
  return chunks.flat();
}

/** Scale prices by the corporate-action factors for the chosen adjustment (§ intervals.ts). */
export function adjustBars(src: KLineSource, bars: PriceBar[], adjust: Adjustment): PriceBar[] {
  if (adjust === 'none' || bars.length === 0) return bars;
  const path = src.path;
  const reference = adjust === 'forward' ? path.factorOn(src.today) : path.factorOn(path.firstDay());
  const memo = new Map<DateKey, number>();
  return bars.map((b) => {
    const date = jstDateKey(new Date(b.time));
    let k = memo.get(date);
    if (k === undefined) {
      k = path.factorOn(date) / reference;
      memo.set(date, k);
    }
    if (k === 1) return b;
    const f = k;
    return { ...b, open: Math.round(b.open * f), high: Math.round(b.high * f), low: Math.round(b.low * f), close: Math.round(b.close * f) };
  });
}
