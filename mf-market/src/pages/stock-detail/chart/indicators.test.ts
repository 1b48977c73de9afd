// The indicators against numbers worked out elsewhere: StockCharts ChartSchool's published
// spreadsheets (RSI, Bollinger Bands), closed forms a spreadsheet would give for series
// whose EMAs can be solved by hand (MACD), and hand-summed small windows (MA).
import { bollinger, exponentialAverage, macd, movingAverage, rsi, type Series } from './indicators';

/**
 * Published tables show cents, and the Bollinger sheet rounds a column before the next one
 * (its lower band reads 86.12 for 86.1251): allow that and nothing more.
 */
function expectCents(actual: Series, expected: readonly (number | null)[]) {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, i) => {
    if (value === null) expect(actual[i]).toBeNull();
    else expect(Math.abs((actual[i] as number) - value)).toBeLessThanOrEqual(0.006);
  });
}

const nulls = (n: number) => Array.from({ length: n }, () => null);

describe('movingAverage', () => {
  it('starts once the period is full and rolls forward', () => {
    expect(movingAverage([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
  });

  it('period 1 is the series itself', () => {
    expect(movingAverage([10, 11.5, 9], 1)).toEqual([10, 11.5, 9]);
  });

  it('gives all nulls when there are fewer bars than the period', () => {
    expect(movingAverage([1, 2], 5)).toEqual([null, null]);
  });

  it('stays exact far along a long series', () => {
    const closes = Array.from({ length: 1000 }, (_, i) => 2790.5 + (i % 7) * 0.1);
    // Closes 980..999: i % 7 runs 0..6 twice (14 bars), then 0..5: tenths summed by hand = 2 × 21 + 15 = 57.
    expect(movingAverage(closes, 20)[999]).toBeCloseTo(2790.5 + 5.7 / 20, 9);
  });

  it('refuses a non-positive period', () => {
    expect(() => movingAverage([1], 0)).toThrow(RangeError);
  });
});

describe('exponentialAverage', () => {
  it('is seeded with the simple average, then weights each value 2 / (n + 1)', () => {
    // n = 3, α = 0.5: seed (2 + 4 + 6) / 3 = 4; then 0.5 × 8 + 0.5 × 4 = 6; 0.5 × 2 + 0.5 × 6 = 4.
    expect(exponentialAverage([2, 4, 6, 8, 2], 3)).toEqual([null, null, 4, 6, 4]);
  });

  it('starts where its input starts', () => {
    expect(exponentialAverage([null, null, 2, 4, 6, 8], 3)).toEqual([null, null, null, null, 4, 6]);
  });
});

describe('rsi (14, Wilder)', () => {
  // StockCharts ChartSchool, "Relative Strength Index (RSI)", the worked spreadsheet
  // (cs-rsi.xls): 33 closes, RSI from the 15th close on.
  const closes = [
    44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25,
    45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57, 43.42, 42.66, 43.13,
  ];
  const published = [70.46, 66.25, 66.48, 69.35, 66.29, 57.92, 62.88, 63.21, 56.01, 62.34, 54.67, 50.39, 40.02, 41.49, 41.9, 45.5, 37.32, 33.09, 37.79];

  it('matches the ChartSchool worked table', () => {
    expectCents(rsi(closes), [...nulls(14), ...published]);
  });

  it('reads 100 with no loss and 50 with no move at all', () => {
    expect(rsi(Array.from({ length: 16 }, (_, i) => 100 + i)).slice(14)).toEqual([100, 100]);
    expect(rsi(Array.from({ length: 15 }, () => 100))[14]).toBe(50);
  });

  it('has nothing before 15 closes', () => {
    expect(rsi(closes.slice(0, 14))).toEqual(nulls(14));
  });
});

describe('bollinger (20, 2σ population)', () => {
  // StockCharts ChartSchool, "Bollinger Bands", the worked spreadsheet (cs-bollinger.xls):
  // 42 closes, bands from the 20th close on.
  const closes = [
    86.16, 89.09, 88.78, 90.32, 89.07, 91.15, 89.44, 89.18, 86.93, 87.68, 86.96, 89.43, 89.32, 88.72, 87.45, 87.26, 89.5, 87.9, 89.13, 90.7, 92.9, 92.98, 91.8,
    92.66, 92.68, 92.3, 92.77, 92.54, 92.95, 93.2, 91.07, 89.83, 89.74, 90.4, 90.74, 88.02, 88.09, 88.84, 90.78, 90.54, 91.39, 90.65,
  ];
  const middle = [
    88.71, 89.05, 89.24, 89.39, 89.51, 89.69, 89.75, 89.91, 90.08, 90.38, 90.66, 90.86, 90.88, 90.9, 90.99, 91.15, 91.19, 91.12, 91.17, 91.25, 91.24, 91.17,
    91.05,
  ];
  const upper = [
    91.29, 91.95, 92.61, 92.93, 93.31, 93.73, 93.9, 94.26, 94.56, 94.79, 95.04, 94.91, 94.9, 94.89, 94.86, 94.67, 94.55, 94.68, 94.57, 94.53, 94.53, 94.37,
    94.15,
  ];
  const lower = [
    86.12, 86.14, 85.87, 85.85, 85.7, 85.65, 85.59, 85.56, 85.6, 85.98, 86.27, 86.82, 86.87, 86.91, 87.12, 87.63, 87.83, 87.56, 87.76, 87.97, 87.95, 87.96,
    87.95,
  ];

  it('matches the ChartSchool worked table', () => {
    const bands = bollinger(closes);
    expectCents(bands.middle, [...nulls(19), ...middle]);
    expectCents(bands.upper, [...nulls(19), ...upper]);
    expectCents(bands.lower, [...nulls(19), ...lower]);
  });

  it('uses the population deviation: 2, 4, 4, 4, 5, 5, 7, 9 has mean 5 and σ 2', () => {
    const bands = bollinger([2, 4, 4, 4, 5, 5, 7, 9], 8);
    expect([bands.lower[7], bands.middle[7], bands.upper[7]]).toEqual([1, 5, 9]);
  });
});

describe('macd (12, 26, 9)', () => {
  it('of a straight rise is the EMAs’ lag difference: (26 − 1) / 2 − (12 − 1) / 2 = 7, signal 7, histogram 0', () => {
    // An SMA-seeded EMA of x_t = t is exactly t − (n − 1) / 2 from its seed on.
    const closes = Array.from({ length: 50 }, (_, t) => 1000 + t);
    const { macd: line, signal, histogram } = macd(closes);
    expect(line.slice(0, 25)).toEqual(nulls(25));
    for (let t = 25; t < 50; t += 1) expect(line[t]).toBeCloseTo(7, 9);
    expect(signal.slice(0, 33)).toEqual(nulls(33));
    for (let t = 33; t < 50; t += 1) {
      expect(signal[t]).toBeCloseTo(7, 9);
      expect(histogram[t]).toBeCloseTo(0, 9);
    }
  });

  it('of a step follows the closed form (25/27)^k − (11/13)^k, and its signal the EMA(9) of that', () => {
    // Closes 0 up to index 29, then 1: after k steps EMA(n) = 1 − (1 − 2 / (n + 1))^k.
    const closes = Array.from({ length: 60 }, (_, t) => (t < 30 ? 0 : 1));
    const expectedLine = (t: number) => (t < 30 ? 0 : (25 / 27) ** (t - 29) - (11 / 13) ** (t - 29));
    const { macd: line, signal, histogram } = macd(closes);
    for (let t = 25; t < 60; t += 1) expect(line[t]).toBeCloseTo(expectedLine(t), 12);
    // Signal seeded at index 33 with the mean of the line's first nine values (25..33), then α = 0.2.
    let expectedSignal = [25, 26, 27, 28, 29, 30, 31, 32, 33].reduce((sum, t) => sum + expectedLine(t), 0) / 9;
    expect(signal[33]).toBeCloseTo(expectedSignal, 12);
    for (let t = 34; t < 60; t += 1) {
      expectedSignal = 0.2 * expectedLine(t) + 0.8 * expectedSignal;
      expect(signal[t]).toBeCloseTo(expectedSignal, 12);
      expect(histogram[t]).toBeCloseTo(expectedLine(t) - expectedSignal, 12);
    }
    // The fast average reacts first: the line jumps positive the bar the step comes.
    expect(line[30]).toBeCloseTo(2 / 13 - 2 / 27, 12);
  });
});
