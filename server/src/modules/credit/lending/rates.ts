// The simulated borrower side: each issue's published rate, its demand on a business day and
// its shares outstanding, drawn from a seeded hash so every figure can be recomputed from the
// published seed (docs/credit.md "Stock lending"). Labelled simulated wherever shown.
import { createHash } from 'node:crypto';
import type { LendingDemandState } from '@kabuto/shared-sdk/schemas';
import type { LendingConfig } from './config';

/** A number in [0, 1000) from the seed and the parts (the first 6 bytes of SHA-256). */
export function perMilleOf(seed: string, ...parts: string[]): number {
  const digest = createHash('sha256')
    .update([seed, ...parts].join(':'))
    .digest();
  return digest.readUIntBE(0, 6) % 1000;
}

/** The published rate, basis points p.a.: never below the minimum. */
export function publishedRateBp(config: LendingConfig, code: string): number {
  let draw = perMilleOf(config.demand.seed, 'rate', code);
  for (const band of config.demand.rateBands) {
    if (draw < band.perMille) return Math.max(config.minRateBp, band.rateBp);
    draw -= band.perMille;
  }
  return config.minRateBp;
}

/** Borrower demand for the issue on a business day. */
export function demandOn(config: LendingConfig, code: string, date: string): LendingDemandState {
  const draw = perMilleOf(config.demand.seed, 'demand', code, date);
  if (draw < config.demand.shortPerMille) return 'short';
  if (draw < config.demand.shortPerMille + config.demand.highPerMille) return 'high';
  return 'normal';
}

/** What a lent share earns that day, basis points p.a.: 0 when no borrower wants it. */
export function effectiveRateBp(config: LendingConfig, code: string, date: string): number {
  const demand = demandOn(config, code, date);
  if (demand === 'short') return 0;
  const rate = publishedRateBp(config, code);
  return demand === 'high' ? rate * config.demand.highMultiplier : rate;
}

export function sharesOutstanding(config: LendingConfig, code: string): number {
  const known = config.sharesOutstanding[code];
  if (known !== undefined) return known;
  const { sharesOutstandingMin: min, sharesOutstandingMax: max } = config.demand;
  const span = Math.floor((max - min) / 1000);
  const digest = createHash('sha256').update(`${config.demand.seed}:shares:${code}`).digest();
  return min + (digest.readUIntBE(0, 6) % (span + 1)) * 1000;
}

/**
 * Quotas in shares, whole trading units: per customer and across every customer [LN7]. `splitFactor`:
 * the splits applied since the published figure multiply the shares outstanding.
 */
export function quotasOf(config: LendingConfig, code: string, lot: number, splitFactor = 1): { perCustomer: number; total: number } {
  const outstanding = BigInt(sharesOutstanding(config, code)) * BigInt(splitFactor);
  const floorLot = (n: bigint) => Number((n / BigInt(lot)) * BigInt(lot));
  return {
    perCustomer: floorLot((outstanding * BigInt(config.perCustomerQuotaBp)) / 10_000n),
    total: floorLot((outstanding * BigInt(config.totalQuotaBp)) / 10_000n),
  };
}

/**
 * The fee of one accrual, integer yen rounded down: closing price (tenths of a yen) × shares ×
 * rate (bp) × day units ÷ (10 × dayCount × 10,000). Day units: the calendar days the accrual
 * covers, plus (multiplier − 1) when interest-first covers a record date.
 */
export function accrualFee(closeTenths: number, shares: number, rateBp: number, dayUnits: number, dayCount: number): bigint {
  return (BigInt(closeTenths) * BigInt(shares) * BigInt(rateBp) * BigInt(dayUnits)) / (10n * BigInt(dayCount) * 10_000n);
}
