// Wire bars to chart bars, and today's daily bar following the live quote.
import type { KLineBar } from '../../../api/market';
import { toChartBars, withLiveQuote } from './bars';

/** 2026-12-01 and 2026-12-02, 09:00 JST, in tenths of a yen. */
const DAYS: KLineBar[] = [
  { time: Date.UTC(2026, 11, 1, 0, 0), open: 27900, high: 28000, low: 27800, close: 27950, volume: 1000, turnover: 0 },
  { time: Date.UTC(2026, 11, 2, 0, 0), open: 27950, high: 28100, low: 27900, close: 28050, volume: 500, turnover: 0 },
];
const quote = { tradingDate: '2026-12-02', last: 28200, high: 28200, low: 27900, volume: 700 };

test('wire bars become yen', () => {
  expect(toChartBars(DAYS)[1]).toEqual({ time: DAYS[1]?.time, open: 2795, high: 2810, low: 2790, close: 2805, volume: 500 });
});

test("a quote of the last bar's trading day moves its close, high, low and volume", () => {
  const live = withLiveQuote(DAYS, quote, 'day');
  expect(live[0]).toBe(DAYS[0]);
  expect(live[1]).toMatchObject({ open: 27950, close: 28200, high: 28200, low: 27900, volume: 700 });
  expect(withLiveQuote(DAYS, { ...quote, last: 27700, high: 28100, low: 27700 }, 'day')[1]).toMatchObject({ close: 27700, high: 28100, low: 27700 });
});

test('another day, another interval, no trade yet or nothing new: the bars as they came', () => {
  expect(withLiveQuote(DAYS, { ...quote, tradingDate: '2026-12-03' }, 'day')).toBe(DAYS);
  expect(withLiveQuote(DAYS, quote, 'week')).toBe(DAYS);
  expect(withLiveQuote(DAYS, { ...quote, last: null }, 'day')).toBe(DAYS);
  expect(withLiveQuote(DAYS, undefined, 'day')).toBe(DAYS);
  expect(withLiveQuote(DAYS, { tradingDate: '2026-12-02', last: 28050, high: 28100, low: 27900, volume: 500 }, 'day')).toBe(DAYS);
});
