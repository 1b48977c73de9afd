// Simple moving averages for the candlestick chart (MA5 / MA10 / MA20 of the closes).
// A point has a value only once `period` closes exist, so the first lines start late
// instead of averaging fewer bars than their name says.

export const MA_PERIODS = [5, 10, 20] as const;
export type MaPeriod = (typeof MA_PERIODS)[number];

/**
 * movingAverage([1, 2, 3, 4], 2) → [null, 1.5, 2.5, 3.5]. Runs in O(n) with a rolling sum.
 * `decimals` rounds the output (prices in yen: 2 keeps sub-tick averages readable).
 */
export function movingAverage(closes: readonly number[], period: number, decimals = 2): (number | null)[] {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`period must be a positive integer, got ${period}`);
  const factor = 10 ** decimals;
  const out: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < closes.length; i += 1) {
    sum += closes[i] as number;
    if (i >= period) sum -= closes[i - period] as number;
    out.push(i >= period - 1 ? Math.round((sum / period) * factor) / factor : null);
  }
  return out;
}
