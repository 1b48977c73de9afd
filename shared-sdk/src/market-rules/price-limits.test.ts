import { dailyLimitAmount, limitPrices, renewalInterval, withinLimits } from './price-limits';

const yen = (y: number) => Math.round(y * 10);

// §2.3: [base price strictly below (yen), limit (yen)] for every band.
const BANDS: Array<[number, number]> = [
  [100, 30],
  [200, 50],
  [500, 80],
  [700, 100],
  [1_000, 150],
  [1_500, 300],
  [2_000, 400],
  [3_000, 500],
  [5_000, 700],
  [7_000, 1_000],
  [10_000, 1_500],
  [15_000, 3_000],
  [20_000, 4_000],
  [30_000, 5_000],
  [50_000, 7_000],
  [70_000, 10_000],
  [100_000, 15_000],
  [150_000, 30_000],
  [200_000, 40_000],
  [300_000, 50_000],
  [500_000, 70_000],
  [700_000, 100_000],
  [1_000_000, 150_000],
  [1_500_000, 300_000],
  [2_000_000, 400_000],
  [3_000_000, 500_000],
  [5_000_000, 700_000],
  [7_000_000, 1_000_000],
  [10_000_000, 1_500_000],
  [15_000_000, 3_000_000],
  [20_000_000, 4_000_000],
  [30_000_000, 5_000_000],
  [50_000_000, 7_000_000],
];

describe('daily price limits (§2.3)', () => {
  it.each(BANDS)('just below ¥%d the limit is ¥%d, and at the edge the next band starts', (below, limit) => {
    expect(dailyLimitAmount(yen(below) - 1)).toBe(yen(limit));
    const next = BANDS.find(([b]) => b > below)?.[1] ?? 10_000_000;
    expect(dailyLimitAmount(yen(below))).toBe(yen(next));
  });

  it('is ¥10,000,000 from ¥50,000,000 up (extrapolated row)', () => {
    expect(dailyLimitAmount(yen(50_000_000))).toBe(yen(10_000_000));
    expect(dailyLimitAmount(yen(900_000_000))).toBe(yen(10_000_000));
  });

  it('gives limit prices around the base, on legal ticks', () => {
    expect(limitPrices(yen(2_500), '03')).toEqual({ upper: yen(3_000), lower: yen(2_000) });
    expect(limitPrices(yen(99), '01')).toEqual({ upper: yen(129), lower: yen(69) });
    // Base ¥2,999 in table 01: 2,999 + 500 = 3,499 is not a ¥5 tick, so the upper limit rounds inwards.
    expect(limitPrices(yen(2_999), '01')).toEqual({ upper: yen(3_495), lower: yen(2_499) });
    // Never below one tick.
    expect(limitPrices(yen(20), '01').lower).toBe(yen(1));
  });

  it('checks prices against the limits inclusively', () => {
    const limits = limitPrices(yen(1_000), '03');
    expect(limits).toEqual({ upper: yen(1_300), lower: yen(700) });
    expect(withinLimits(yen(1_300), limits)).toBe(true);
    expect(withinLimits(yen(1_300.5), limits)).toBe(false);
    expect(withinLimits(yen(700), limits)).toBe(true);
    expect(withinLimits(yen(699.9), limits)).toBe(false);
  });
});

describe('special-quote renewal interval (§2.4)', () => {
  it.each([
    [150, 5],
    [199.9, 5],
    [200, 8],
    [499, 8],
    [500, 10],
    [699, 10],
    [700, 15],
    [999, 15],
    [1_000, 30],
    [1_499, 30],
    [1_500, 40],
    [1_999, 40],
    [2_000, 50],
    [2_999, 50],
    [3_000, 70],
    [4_999, 70],
    [5_000, 100],
    [6_999, 100],
    [7_000, 150],
    [9_999, 150],
    [10_000, 300],
    [60_000_000, 1_000_000],
  ])('at ¥%d the interval is ¥%d', (price, interval) => {
    expect(renewalInterval(yen(price))).toBe(yen(interval));
  });
  it('is ¥5 below ¥100 too (the table starts at "< 200")', () => {
    expect(renewalInterval(yen(50))).toBe(yen(5));
  });
});
