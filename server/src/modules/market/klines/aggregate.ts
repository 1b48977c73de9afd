// Folding bars into longer ones. Intraday buckets start at each session's open (09:00 and
// 12:30); the closing prints at 11:30 and 15:30 join the session's last bucket. Days fold
// into ISO weeks (Monday first) and calendar months.
import { jstSecondOfDayMs, jstDateKey, weekdayOf, addDays, SESSION_TIMES, type DateKey } from '../rules/calendar';
import type { PriceBar } from '../simulation/price-path';
import { aggregate } from '../simulation/price-path';

/** Start (epoch ms) of the `minutes`-long bucket holding a minute bar. */
function intradayBucket(time: number, minutes: number): number {
  const t = SESSION_TIMES;
  let s = jstSecondOfDayMs(time);
  if (s === t.morningClose || s === t.close) s -= 60;
  const sessionStart = s < t.afternoonOpen ? t.morningOpen : t.afternoonOpen;
  const bucket = sessionStart + Math.floor((s - sessionStart) / (minutes * 60)) * minutes * 60;
  return time - (jstSecondOfDayMs(time) - bucket) * 1000;
}

/** Group consecutive bars by key and fold each group; order is kept. */
function groupFold(bars: readonly PriceBar[], keyOf: (bar: PriceBar) => number | string): PriceBar[] {
  const out: PriceBar[] = [];
  let group: PriceBar[] = [];
  let key: number | string | null = null;
  for (const b of bars) {
    const k = keyOf(b);
    if (key !== null && k !== key) {
      out.push(aggregate(group, (group[0] as PriceBar).time));
      group = [];
    }
    key = k;
    group.push(b);
  }
  if (group.length) out.push(aggregate(group, (group[0] as PriceBar).time));
  return out;
}

/** N-minute bars from one or more days of minute bars (time = bucket start). */
export function toMinuteBuckets(minuteBars: readonly PriceBar[], minutes: number): PriceBar[] {
  if (minutes === 1) return minuteBars.map((b) => ({ ...b }));
  return groupFold(minuteBars, (b) => intradayBucket(b.time, minutes)).map((b) => ({
    ...b,
    time: intradayBucket(b.time, minutes),
  }));
}

function mondayOf(date: DateKey): DateKey {
  const wd = weekdayOf(date);
  return addDays(date, wd === 0 ? -6 : 1 - wd);
}

/** Weekly bars from daily bars (time = the week's first trading day). */
export function toWeeks(dailyBars: readonly PriceBar[]): PriceBar[] {
  return groupFold(dailyBars, (b) => mondayOf(jstDateKey(new Date(b.time))));
}

/** Monthly bars from daily bars (time = the month's first trading day). */
export function toMonths(dailyBars: readonly PriceBar[]): PriceBar[] {
  return groupFold(dailyBars, (b) => jstDateKey(new Date(b.time)).slice(0, 7));
}
