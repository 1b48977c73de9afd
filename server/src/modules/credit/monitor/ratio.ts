// The ratio and the state it puts the customer in (docs/credit.md §4) [SL1][SL3]:
//   ratio = (principal + accrued interest) ÷ collateral value
//   > drawLimit (60 %): no new draws, no collateral release   → draw-stopped
//   ≥ shortfall (70 %): a notice with the amount to cure       → shortfall
//   > forcedSale (85 %): all collateral sold through the venue → forced-sale
// Compared exactly (integers cross-multiplied), so the boundaries are the published ones:
// exactly 60 % is normal, exactly 70 % is a shortfall, exactly 85 % is a shortfall, not a sale.
import type { CreditState } from '@kabuto/shared-sdk/schemas';
import type { CreditConfig } from '../config';

type Marks = Pick<CreditConfig, 'drawLimitBp' | 'shortfallBp' | 'forcedSaleBp'>;

/** outstanding ÷ value compared with bp ÷ 10 000: −1, 0 or 1. */
export function compareRatio(outstanding: bigint, value: bigint, bp: number): number {
  const left = outstanding * 10_000n;
  const right = value * BigInt(bp);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The ratio in basis points, rounded up (null when there is no collateral value). */
export function ratioBpOf(outstanding: bigint, value: bigint): number | null {
  if (value <= 0n) return null;
  return Number((outstanding * 10_000n + value - 1n) / value);
}

/** The state the figures alone put the customer in (an open notice keeps `shortfall` until cured). */
export function stateOf(marks: Marks, outstanding: bigint, value: bigint): CreditState {
  if (outstanding <= 0n) return 'none';
  if (value <= 0n) return 'forced-sale';
  if (compareRatio(outstanding, value, marks.forcedSaleBp) > 0) return 'forced-sale';
  if (compareRatio(outstanding, value, marks.shortfallBp) >= 0) return 'shortfall';
  if (compareRatio(outstanding, value, marks.drawLimitBp) > 0) return 'draw-stopped';
  return 'normal';
}

/**
 * What repaying brings the ratio back to the draw limit: outstanding − value × limit,
 * rounded up to the yen (0 when already there). Adding collateral also cures.
 */
export function amountToCure(marks: Marks, outstanding: bigint, value: bigint): bigint {
  const allowed = (value * BigInt(marks.drawLimitBp)) / 10_000n;
  return outstanding > allowed ? outstanding - allowed : 0n;
}
