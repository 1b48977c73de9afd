// Exchange rates. RatesProvider is the seam a real feed would fill; the simulated
// provider starts from realistic mid rates and moves them with a seeded, bounded random
// walk on the injected clock, so a given instant always shows the same rates (tests can
// replay them) and the rates keep moving in real time.
import { CURRENCY_CODES, type CurrencyCode } from '@kabuto/shared-sdk/schemas';

/** Rates are fixed-point: value × 10^10. */
export const RATE_SCALE = 10_000_000_000n;
export const RATE_DECIMALS = 10;

export interface RatesSnapshot {
  provider: string;
  asOf: Date;
  /** JPY per one unit of each currency, × RATE_SCALE. JPY itself is exactly RATE_SCALE. */
  jpyPerUnit: Readonly<Record<CurrencyCode, bigint>>;
}

export interface RatesProvider {
  readonly name: string;
  ratesAt(at: Date): RatesSnapshot;
}

/** Mid rates, JPY per unit, around the close of 2025-01-06 (rounded; RMB = CNY). */
export const ANCHOR_RATES_DATE = '2025-01-06';
export const ANCHOR_JPY_PER_UNIT: Readonly<Record<CurrencyCode, number>> = {
  JPY: 1,
  USD: 157.6,
  RMB: 21.49,
  TWD: 4.79,
  HKD: 20.27,
  THB: 4.57,
  VND: 0.006195,
  MYR: 35.08,
  KRW: 0.1071,
  INR: 1.838,
};

const STEP_MS = 60_000;
/** The walk sums the last WINDOW one-minute steps: locally a random walk, never drifting far. */
const WINDOW = 240;
/** Largest one-minute move in log terms (≈ 0.03 %); the window's spread is about ±0.3 %. */
const STEP = 0.0003;

/** A 32-bit integer hash (splitmix-like) → uniform in [-1, 1). */
function noise(seed: number, currency: number, step: number): number {
  let h =
    Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^
    Math.imul(currency + 1, 0xc2b2ae35) ^
    Math.imul(step | 0, 0x27d4eb2f) ^
    Math.imul(Math.floor(step / 2 ** 32), 0x165667b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return ((h >>> 0) / 2 ** 32) * 2 - 1;
}

function walkAt(seed: number, currency: number, step: number): number {
  let sum = 0;
  for (let i = 0; i < WINDOW; i += 1) sum += noise(seed, currency, step - i);
  return sum * STEP;
}

/** Float rate (data, not money) → fixed-point with 10 significant decimals. */
function toScaled(value: number): bigint {
  return BigInt(Math.round(value * 1e10));
}

export function createSimulatedRatesProvider(seed = 20250106): RatesProvider {
  // Every currency's walk at a minute mark, remembered for the last few marks: a walk sums
  // WINDOW hashes, and every wallet read asks for the rates (~4,000 hashes a call).
  const walks = new Map<number, number[]>();
  const walksAt = (step: number): number[] => {
    let known = walks.get(step);
    if (!known) {
      known = CURRENCY_CODES.map((_, index) => walkAt(seed, index, step));
      walks.set(step, known);
      if (walks.size > 4) walks.delete(walks.keys().next().value as number);
    }
    return known;
  };
  return {
    name: 'simulated',
    ratesAt(at: Date): RatesSnapshot {
      const t = at.getTime();
      const step = Math.floor(t / STEP_MS);
      const frac = (t - step * STEP_MS) / STEP_MS;
      const jpyPerUnit = {} as Record<CurrencyCode, bigint>;
      const from = walksAt(step);
      const to = walksAt(step + 1);
      CURRENCY_CODES.forEach((code, index) => {
        if (code === 'JPY') {
          jpyPerUnit[code] = RATE_SCALE;
          return;
        }
        // Linear between minute marks so the rate moves continuously, second by second.
        const a = from[index] as number;
        const b = to[index] as number;
        jpyPerUnit[code] = toScaled(ANCHOR_JPY_PER_UNIT[code] * Math.exp(a + (b - a) * frac));
      });
      return { provider: 'simulated', asOf: at, jpyPerUnit };
    },
  };
}

/** Units of `to` per unit of `from`, × RATE_SCALE, rounded down. */
export function crossRate(snapshot: RatesSnapshot, from: CurrencyCode, to: CurrencyCode): bigint {
  return (snapshot.jpyPerUnit[from] * RATE_SCALE) / snapshot.jpyPerUnit[to];
}

/**
 * `fromMinor` of `from` at `rateScaled` in minor units of `to`, rounded DOWN (toward
 * zero) to the minor unit. Exact integer arithmetic.
 */
export function convertMinor(fromMinor: bigint, fromDecimals: number, toDecimals: number, rateScaled: bigint): bigint {
  return (fromMinor * rateScaled * 10n ** BigInt(toDecimals)) / (10n ** BigInt(fromDecimals) * RATE_SCALE);
}

/** JPY value of an amount at the mid rate, rounded down to the yen. */
export function jpyValue(snapshot: RatesSnapshot, currency: CurrencyCode, minor: bigint, decimals: number): bigint {
  const value = (minor * snapshot.jpyPerUnit[currency]) / (10n ** BigInt(decimals) * RATE_SCALE);
  // BigInt division truncates toward zero; negative balances should round down too.
  return minor < 0n && value * 10n ** BigInt(decimals) * RATE_SCALE !== minor * snapshot.jpyPerUnit[currency] ? value - 1n : value;
}
