import { movingAverage } from './moving-average';

describe('movingAverage', () => {
  it('starts once the period is full and rolls forward', () => {
    expect(movingAverage([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
  });

  it('period 1 is the series itself', () => {
    expect(movingAverage([10, 11.5, 9], 1)).toEqual([10, 11.5, 9]);
  });

  it('rounds to the given decimals', () => {
    expect(movingAverage([1, 2, 2], 3, 2)).toEqual([null, null, 1.67]);
  });

  it('gives all nulls when there are fewer bars than the period', () => {
    expect(movingAverage([1, 2], 5)).toEqual([null, null]);
  });

  it('does not drift over a long series (rolling sum)', () => {
    const closes = Array.from({ length: 1000 }, (_, i) => 2790.5 + (i % 7) * 0.1);
    const rolled = movingAverage(closes, 20);
    const direct = closes.slice(980).reduce((a, b) => a + b, 0) / 20;
    expect(Math.abs((rolled[999] ?? 0) - direct)).toBeLessThanOrEqual(0.005 + 1e-9);
  });

  it('refuses a non-positive period', () => {
    expect(() => movingAverage([1], 0)).toThrow(RangeError);
  });
});
