// The published algorithm rules as pure functions of daily closes (tenths of a yen): table tests,
// including the boundaries (a close equal to the channel or the band does not trigger).
import { PUBLISHED_ALGORITHMS, rulesText } from './config';
import { actionOf, buyLots, meanReversionSignal, momentumSignal } from './rules';

const m = { entryDays: 3, exitDays: 2 };
test.each([
  { closes: [100, 101, 102, 103], signal: 'buy', why: 'last above the 3-day high (102)' },
  { closes: [100, 103, 102, 103], signal: 'hold', why: 'last equal to the high is no breakout' },
  { closes: [100, 101, 102, 100], signal: 'sell', why: 'last below the 2-day low (101)' },
  { closes: [100, 101, 102, 101], signal: 'hold', why: 'last equal to the 2-day low' },
  { closes: [100, 101, 102], signal: 'insufficientHistory', why: 'needs entryDays + 1 closes' },
  { closes: [200, 90, 95, 99, 96], signal: 'hold', why: 'only the last 3 closes count for the high (99)' },
  { closes: [200, 90, 95, 99, 100], signal: 'buy', why: '100 > max(90,95,99); the old 200 is out of the window' },
])('momentum $closes → $signal ($why)', ({ closes, signal }) => {
  expect(momentumSignal(closes, m).signal).toBe(signal);
});

test('momentum figures name the channel it decided on', () => {
  expect(momentumSignal([100, 101, 102, 103], m).figures).toEqual({ last: 103, high: 102, low: 101 });
});

// Window 5, k = 1.0 (population σ of the five closes).
const r = { windowDays: 5, kTenths: 10 };
test.each([
  { closes: [100, 100, 100, 100, 90], signal: 'buy', why: 'mean 98, σ 4, band 94: 90 < 94' },
  { closes: [100, 100, 100, 100, 98], signal: 'buy', why: 'mean 99.6, σ 0.8, band 98.8: 98 < 98.8' },
  { closes: [90, 110, 90, 110, 99], signal: 'hold', why: 'mean 99.8, σ 8.95, band 90.85: below the mean, above the band' },
  { closes: [100, 100, 100, 100, 100], signal: 'sell', why: 'at the mean' },
  { closes: [100, 100, 100, 100, 110], signal: 'sell', why: 'above the mean' },
  { closes: [100, 100, 100, 100], signal: 'insufficientHistory', why: 'needs windowDays closes' },
])('mean reversion $closes → $signal', ({ closes, signal }) => {
  expect(meanReversionSignal(closes, r).signal).toBe(signal);
});

test('mean reversion compares exactly at the band: a close exactly at mean − kσ does not buy', () => {
  // [10,10,10,10,0] with k=2.0: mean 8, σ 4, band 0 → last 0 is not below 0.
  expect(meanReversionSignal([10, 10, 10, 10, 0], { windowDays: 5, kTenths: 20 }).signal).toBe('hold');
  // k=1.9: band 0.4 → 0 is below it.
  expect(meanReversionSignal([10, 10, 10, 10, 0], { windowDays: 5, kTenths: 19 }).signal).toBe('buy');
  expect(meanReversionSignal([10, 10, 10, 10, 0], { windowDays: 5, kTenths: 20 }).figures).toEqual({ last: 0, mean: 8, lowerBand: 0 });
});

test('mean reversion uses only the last windowDays closes', () => {
  expect(meanReversionSignal([1, 1000, 1000, 1000, 1000, 900], { windowDays: 5, kTenths: 10 }).signal).toBe('buy');
  expect(meanReversionSignal([5000, 1000, 1000, 1000, 1000, 1000], { windowDays: 5, kTenths: 10 }).signal).toBe('sell');
});

test.each([
  ['buy', 0, 'buy'],
  ['buy', 100, 'none'],
  ['sell', 100, 'sell'],
  ['sell', 0, 'none'],
  ['hold', 100, 'none'],
  ['insufficientHistory', 0, 'none'],
] as const)('signal %s holding %d → %s', (signal, held, action) => {
  expect(actionOf(signal, held)).toBe(action);
});

test.each([
  { cash: 1_000_000n, close: 15_000, lot: 100, pct: 50, lots: 3, why: '¥500,000 ÷ (¥1,500 × 100) = 3.33' },
  { cash: 300_000n, close: 15_000, lot: 100, pct: 50, lots: 1, why: 'exactly one lot' },
  { cash: 299_999n, close: 15_000, lot: 100, pct: 50, lots: 0, why: 'just short of a lot' },
  { cash: 0n, close: 15_000, lot: 100, pct: 50, lots: 0, why: 'no cash' },
  { cash: 1_000_000n, close: 0, lot: 100, pct: 50, lots: 0, why: 'no close' },
])('buyLots $why', ({ cash, close, lot, pct, lots }) => {
  expect(buyLots(cash, close, lot, pct)).toBe(lots);
});

test('bad windows are refused, not silently used', () => {
  expect(() => momentumSignal([1, 2, 3], { entryDays: 0, exitDays: 1 })).toThrow(RangeError);
  expect(() => meanReversionSignal([1, 2, 3], { windowDays: 2, kTenths: -1 })).toThrow(RangeError);
});

test('each published algorithm has its rules in tw, jp and en, called algorithmic (rules published), never AI', () => {
  expect(PUBLISHED_ALGORITHMS.length).toBeGreaterThanOrEqual(2);
  for (const d of PUBLISHED_ALGORITHMS) {
    const text = rulesText(d);
    expect(text.tw).toMatch(/演算法策略（規則公開）/);
    expect(text.jp).toMatch(/アルゴリズム戦略（ルール公開）/);
    expect(text.en).toMatch(/Algorithmic strategy \(rules published\)/);
    for (const s of [...Object.values(text), d.name]) {
      expect(s).toContain(d.code);
      expect(s).not.toMatch(/\bAI\b|人工智慧|人工知能/);
    }
    for (const value of Object.values(d.params))
      expect(text.en).toContain(d.rule === 'meanReversion' && value === d.params.kTenths ? (value / 10).toFixed(1) : String(value));
  }
});
