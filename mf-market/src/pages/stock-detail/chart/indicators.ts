// The chart's technical indicators as pure functions of the closes: moving averages,
// MACD, RSI and Bollinger Bands. One output per input bar, null until the indicator has
// enough bars, so every series lines up with the candles by index. Conventions are
// StockCharts ChartSchool's (EMAs seeded with the SMA of their first period, Wilder's
// smoothing for RSI, population standard deviation for the bands), so the worked tables
// there check the numbers.

export const MA_PERIODS = [5, 10, 20] as const;
export type MaPeriod = (typeof MA_PERIODS)[number];

export type Series = (number | null)[];

function assertPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`period must be a positive integer, got ${period}`);
}

/**
 * Simple moving average: movingAverage([1, 2, 3, 4], 2) → [null, 1.5, 2.5, 3.5]. A point has
 * a value only once `period` closes exist, so a line starts late instead of averaging fewer
 * bars than its name says. Summed afresh per window: a rolling sum drifts over long series.
 */
export function movingAverage(values: readonly number[], period: number): Series {
  assertPeriod(period);
  return values.map((_, i) => (i < period - 1 ? null : mean(values, i - period + 1, i + 1)));
}

function mean(values: readonly number[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += values[i] as number;
  return sum / (to - from);
}

/**
 * Exponential moving average with α = 2 / (period + 1), seeded with the simple average of
 * the first `period` values. Nulls before the input starts (an EMA of an indicator that
 * starts late) are skipped; the input must have no gaps after its first value.
 */
export function exponentialAverage(values: readonly (number | null)[], period: number): Series {
  assertPeriod(period);
  const start = values.findIndex((v) => v !== null);
  const out: Series = values.map(() => null);
  if (start < 0 || values.length - start < period) return out;
  const alpha = 2 / (period + 1);
  let ema = mean(values as number[], start, start + period);
  out[start + period - 1] = ema;
  for (let i = start + period; i < values.length; i += 1) {
    ema = alpha * (values[i] as number) + (1 - alpha) * ema;
    out[i] = ema;
  }
  return out;
}

export interface Macd {
  /** EMA(fast) − EMA(slow) of the closes. */
  macd: Series;
  /** EMA(signal) of the MACD line. */
  signal: Series;
  /** MACD − signal. */
  histogram: Series;
}

export function macd(closes: readonly number[], fast = 12, slow = 26, signalPeriod = 9): Macd {
  const fastEma = exponentialAverage(closes, fast);
  const slowEma = exponentialAverage(closes, slow);
  const line: Series = closes.map((_, i) => {
    const f = fastEma[i];
    const s = slowEma[i];
    return f === null || f === undefined || s === null || s === undefined ? null : f - s;
  });
  const signal = exponentialAverage(line, signalPeriod);
  const histogram: Series = line.map((m, i) => {
    const s = signal[i];
    return m === null || s === null || s === undefined ? null : m - s;
  });
  return { macd: line, signal, histogram };
}

/**
 * Relative strength index with Wilder's smoothing: the first average gain and loss are the
 * plain averages of the first `period` changes, each later one (previous × (period − 1) +
 * this change) / period. The first value is at index `period`. No loss at all reads 100, a
 * flat stretch (neither gain nor loss) 50.
 */
export function rsi(closes: readonly number[], period = 14): Series {
  assertPeriod(period);
  const out: Series = closes.map(() => null);
  if (closes.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i += 1) {
    const change = (closes[i] as number) - (closes[i - 1] as number);
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  out[period] = rsiOf(gain, loss);
  for (let i = period + 1; i < closes.length; i += 1) {
    const change = (closes[i] as number) - (closes[i - 1] as number);
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = rsiOf(gain, loss);
  }
  return out;
}

function rsiOf(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}

export interface Bollinger {
  upper: Series;
  middle: Series;
  lower: Series;
}

/** Middle: the simple average of `period` closes; the bands `width` population standard deviations either side. */
export function bollinger(closes: readonly number[], period = 20, width = 2): Bollinger {
  const middle = movingAverage(closes, period);
  const upper: Series = closes.map(() => null);
  const lower: Series = closes.map(() => null);
  middle.forEach((m, i) => {
    if (m === null) return;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j += 1) squares += ((closes[j] as number) - m) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper[i] = m + width * deviation;
    lower[i] = m - width * deviation;
  });
  return { upper, middle, lower };
}
