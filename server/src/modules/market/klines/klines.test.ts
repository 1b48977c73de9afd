import { fixedClock, jstDate } from '../../../clock';
import { jstDateKey } from '../rules/calendar';
import { SimulatedMarket } from '../provider';
import { testUniverse } from '../test-universe';
import { aggregate, type PriceBar } from '../simulation/price-path';
import { KLINE_INTERVALS } from './intervals';
import type { KLineBar } from './klines';

const clock = fixedClock(jstDate(2026, 11, 20, 13, 47));
const market = new SimulatedMarket({ clock, seed: 'kl', universe: testUniverse(['7203', '6758', '9983']) });

function sameOHLCV(a: PriceBar, b: PriceBar) {
  expect([a.open, a.high, a.low, a.close, a.volume, a.turnover]).toEqual([b.open, b.high, b.low, b.close, b.volume, b.turnover]);
}

describe('k-lines', () => {
  it('serves all nine intervals', () => {
    for (const interval of KLINE_INTERVALS) {
      const bars = market.klines('7203', interval, 'none', 50);
      expect(bars.length).toBeGreaterThan(0);
      expect(bars.length).toBeLessThanOrEqual(interval === 'timeshare' ? 400 : 50);
      for (const b of bars) {
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
      }
      const times = bars.map((b) => b.time);
      expect([...times].sort((x, y) => x - y)).toEqual(times);
    }
  });

  it('builds N-minute bars from the minute bars, bucketed from each session open', () => {
    const minutes = market.klines('7203', '1m', 'none', 1000);
    const jst = (t: number) => (t / 1000 + 9 * 3600) % 86_400;
    const bucketOf = (t: number, n: number) => {
      // The closing prints (11:30, 15:30) join the session's last bucket.
      const s = jst(t) === 41_400 || jst(t) === 55_800 ? jst(t) - 60 : jst(t);
      const open = s < 45_000 ? 32_400 : 45_000;
      return t - (jst(t) - (open + Math.floor((s - open) / (n * 60)) * n * 60)) * 1000;
    };
    for (const n of [5, 10, 15, 30] as const) {
      const bars = market.klines('7203', `${n}m`, 'none', 60);
      expect(bars.length).toBe(60);
      // Buckets older than the minutes fetched (or cut by them) cannot be checked.
      const checkable = bars.filter((b) => b.time > (minutes[0] as KLineBar).time);
      expect(checkable.length).toBeGreaterThan(10);
      for (const bar of checkable) {
        const members = minutes.filter((m) => bucketOf(m.time, n) === bar.time);
        expect(members.length).toBeGreaterThan(0);
        sameOHLCV(bar, aggregate(members, bar.time));
      }
    }
  });

  it('makes each generated day exactly the aggregate of its minutes', () => {
    const path = market.simulator.path('7203');
    for (const day of ['2026-11-19', '2025-03-03', '2024-01-04']) {
      const minutes = path.minuteBars(day);
      expect(minutes).toHaveLength(327);
      sameOHLCV(path.dailyBar(day), aggregate(minutes, 0));
    }
  });

  it("ends the daily line with today's session statistics, and yesterday's close is today's base", () => {
    const days = market.klines('7203', 'day', 'none', 5);
    const q = market.quote('7203');
    const today = days[days.length - 1] as KLineBar;
    expect(jstDateKey(new Date(today.time))).toBe('2026-11-20');
    expect([today.open, today.high, today.low, today.close, today.volume, today.turnover]).toEqual([q.open, q.high, q.low, q.last, q.volume, q.turnover]);
    expect(days[days.length - 2]?.close).toBe(q.previousClose);
  });

  it('builds weeks and months from days', () => {
    const days = market.klines('7203', 'day', 'none', 1000);
    for (const interval of ['week', 'month'] as const) {
      const bars = market.klines('7203', interval, 'none', 1000);
      expect(bars.length).toBeGreaterThanOrEqual(interval === 'week' ? 150 : 36);
      bars.forEach((bar, i) => {
        if (bar.time <= (days[0] as KLineBar).time) return; // older than the days fetched
        const next = bars[i + 1]?.time ?? Number.POSITIVE_INFINITY;
        const members = days.filter((d) => d.time >= bar.time && d.time < next);
        sameOHLCV(bar, aggregate(members, bar.time));
      });
      expect(bars[bars.length - 1]?.close).toBe(days[days.length - 1]?.close);
    }
  });

  it('adjusts across a split: none jumps, forward keeps the latest prices, backward keeps the earliest', () => {
    // Sony 1→5 split, ex-date 2024-09-27.
    const none = market.klines('6758', 'day', 'none', 1000);
    const forward = market.klines('6758', 'day', 'forward', 1000);
    const backward = market.klines('6758', 'day', 'backward', 1000);
    const idx = none.findIndex((b) => jstDateKey(new Date(b.time)) === '2024-09-27');
    expect(idx).toBeGreaterThan(0);
    const before = none[idx - 1] as KLineBar;
    const after = none[idx] as KLineBar;
    expect(before.close / after.open).toBeGreaterThan(4);
    expect(before.close / after.open).toBeLessThan(6);
    const fBefore = forward[idx - 1] as KLineBar;
    const fAfter = forward[idx] as KLineBar;
    expect(fBefore.close / fAfter.open).toBeGreaterThan(0.8);
    expect(fBefore.close / fAfter.open).toBeLessThan(1.25);
    expect(forward[forward.length - 1]).toEqual(none[none.length - 1]);
    expect(backward[0]).toEqual(none[0]);
    expect((backward[backward.length - 1] as KLineBar).close / (none[none.length - 1] as KLineBar).close).toBeCloseTo(5, 1);
    // A dividend-free, split-free stock is the same in all three.
    expect(market.klines('7203', '30m', 'forward', 20)).toEqual(market.klines('7203', '30m', 'none', 20));
  });

  it("draws the time-sharing line from today's trades with a running average price", () => {
    const line = market.klines('7203', 'timeshare', 'none');
    expect(jstDateKey(new Date((line[0] as KLineBar).time))).toBe('2026-11-20');
    expect(line[0]?.time).toBe(jstDate(2026, 11, 20, 9, 0).getTime());
    const last = line[line.length - 1] as KLineBar;
    expect(last.time).toBe(jstDate(2026, 11, 20, 13, 47).getTime());
    const q = market.quote('7203');
    expect(last.avgPrice).toBe(Math.round((q.turnover * 10) / q.volume));
  });
});
