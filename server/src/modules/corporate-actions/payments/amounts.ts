// The arithmetic of a dividend on a number of shares: gross, each tax floored to the yen on its own
// (円未満切捨て), net; the margin adjustment (配当落調整金) and the lent shares' dividend-equivalent.
// Pure and exact in bigint, shared by the sweep, the calendar's projections and the independent check.
import type { MarginKind } from '@kabuto/shared-sdk/schemas';
import type { CorporateActionsConfig } from '../config';

export interface DividendAmountsMinor {
  gross: bigint;
  incomeTax: bigint;
  residentTax: bigint;
  net: bigint;
}

const PPHT = 100_000n;

/** gross = floor(DPS × shares): DPS in tenths of a yen. */
export function grossOf(dpsTenths: number, shares: number): bigint {
  return (BigInt(dpsTenths) * BigInt(shares)) / 10n;
}

/** A cash holder's dividend: income tax and resident tax each floored on the gross. */
export function holderAmounts(config: CorporateActionsConfig, dpsTenths: number, shares: number): DividendAmountsMinor {
  const gross = grossOf(dpsTenths, shares);
  const incomeTax = (gross * BigInt(config.incomeTaxPpht)) / PPHT;
  const residentTax = (gross * BigInt(config.residentTaxPpht)) / PPHT;
  return { gross, incomeTax, residentTax, net: gross - incomeTax - residentTax };
}

/** Shares lent in interest-first mode: the dividend-equivalent, income tax only [LN8]. */
export function lentAmounts(config: CorporateActionsConfig, dpsTenths: number, shares: number): DividendAmountsMinor {
  const gross = grossOf(dpsTenths, shares);
  const incomeTax = (gross * BigInt(config.incomeTaxPpht)) / PPHT;
  return { gross, incomeTax, residentTax: 0n, net: gross - incomeTax };
}

/**
 * 配当落調整金 of a margin position (positive: received, negative: paid). Longs receive and
 * 制度信用 shorts pay the gross less the floored income tax (84.685 %); 一般信用 shorts pay
 * generalShortPpht of the gross (100 %) [DV4][DV5][DV6].
 */
export function adjustmentOf(
  config: CorporateActionsConfig,
  side: 'long' | 'short',
  marginKind: MarginKind,
  dpsTenths: number,
  shares: number,
): { gross: bigint; amount: bigint; ratePpht: number } {
  const gross = grossOf(dpsTenths, shares);
  if (side === 'short' && marginKind === 'general') {
    return { gross, amount: -((gross * BigInt(config.generalShortPpht)) / PPHT), ratePpht: config.generalShortPpht };
  }
  const net = gross - (gross * BigInt(config.incomeTaxPpht)) / PPHT;
  return { gross, amount: side === 'long' ? net : -net, ratePpht: 100_000 - config.incomeTaxPpht };
}

export function percentText(ppht: number): string {
  return (ppht / 1000).toFixed(3).replace(/\.?0+$/, '');
}
