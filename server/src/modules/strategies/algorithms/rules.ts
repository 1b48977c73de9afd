// The published rules of the broker's algorithmic strategies (docs/strategies.md "Algorithmic
// strategies"), as pure functions of the venue's daily closes (tenths of a yen, oldest first,
// the last one the latest completed session). Integer arithmetic only, so a reader can recompute
// every decision exactly from the published closes and parameters.

export interface MomentumParams {
  /** Buy when the last close is above the highest of the `entryDays` closes before it. */
  entryDays: number;
  /** Sell when the last close is below the lowest of the `exitDays` closes before it. */
  exitDays: number;
}

export interface MeanReversionParams {
  /** Closes in the moving average and its standard deviation, the last close included. */
  windowDays: number;
  /** Band width k in tenths of a standard deviation (20 = 2.0 σ). */
  kTenths: number;
}

export type AlgorithmSignal = 'buy' | 'sell' | 'hold' | 'insufficientHistory';

/** The signal and the figures it was decided on (tenths of a yen), for the day's run record. */
export interface SignalResult {
  signal: AlgorithmSignal;
  figures: Record<string, number>;
}

function checkParams(...days: number[]): void {
  for (const d of days) if (!Number.isInteger(d) || d < 1) throw new RangeError(`window must be a positive integer, got ${d}`);
}

/** Channel breakout: the last close against the high and low of the closes before it. */
export function momentumSignal(closes: readonly number[], p: MomentumParams): SignalResult {
  checkParams(p.entryDays, p.exitDays);
  const n = closes.length;
  if (n < Math.max(p.entryDays, p.exitDays) + 1) return { signal: 'insufficientHistory', figures: { closes: n } };
  const last = closes[n - 1] as number;
  const before = closes.slice(0, n - 1);
  const high = Math.max(...before.slice(-p.entryDays));
  const low = Math.min(...before.slice(-p.exitDays));
  const figures = { last, high, low };
  if (last > high) return { signal: 'buy', figures };
  if (last < low) return { signal: 'sell', figures };
  return { signal: 'hold', figures };
}

/**
 * Bollinger-band mean reversion on the last `windowDays` closes (population standard deviation):
 * buy below mean − k·σ, sell at or above the mean. Compared exactly: with S = Σx, Q = Σx², n closes
 * and last close c, "c < mean − kσ" is (S − n·c) > 0 and 100·(S − n·c)² > kTenths²·(n·Q − S²).
 */
export function meanReversionSignal(closes: readonly number[], p: MeanReversionParams): SignalResult {
  checkParams(p.windowDays);
  if (!Number.isInteger(p.kTenths) || p.kTenths < 0) throw new RangeError(`kTenths must be a non-negative integer, got ${p.kTenths}`);
  if (closes.length < p.windowDays) return { signal: 'insufficientHistory', figures: { closes: closes.length } };
  const window = closes.slice(-p.windowDays).map(BigInt);
  const n = BigInt(p.windowDays);
  const last = window[window.length - 1] as bigint;
  const s = window.reduce((a, x) => a + x, 0n);
  const q = window.reduce((a, x) => a + x * x, 0n);
  const variance = n * q - s * s; // n² σ²
  const below = s - n * last; // n (mean − c)
  const k = BigInt(p.kTenths);
  // Figures for people, rounded to whole tenths; the decision above never uses them.
  const mean = Number(s) / p.windowDays;
  const sigma = Math.sqrt(Number(variance)) / p.windowDays;
  const figures = { last: Number(last), mean: Math.round(mean), lowerBand: Math.round(mean - (p.kTenths / 10) * sigma) };
  if (below > 0n && 100n * below * below > k * k * variance) return { signal: 'buy', figures };
  if (below <= 0n) return { signal: 'sell', figures };
  return { signal: 'hold', figures };
}

export type AlgorithmAction = 'buy' | 'sell' | 'none';

/** What the strategy does: it buys only when flat and sells only what it holds. */
export function actionOf(signal: AlgorithmSignal, holdingShares: number): AlgorithmAction {
  if (signal === 'buy' && holdingShares === 0) return 'buy';
  if (signal === 'sell' && holdingShares > 0) return 'sell';
  return 'none';
}

/**
 * Whole lots a buy takes: `allocationPercent` of the cash at the last close, rounded down (a market
 * order's hold is taken by placement at its own price, so part of the cash stays free).
 */
export function buyLots(cashYen: bigint, lastCloseTenths: number, lotShares: number, allocationPercent: number): number {
  if (cashYen <= 0n || lastCloseTenths <= 0) return 0;
  const lotCostTenths = BigInt(lastCloseTenths) * BigInt(lotShares);
  return Number((cashYen * 10n * BigInt(allocationPercent)) / 100n / lotCostTenths);
}
