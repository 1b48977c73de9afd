// Prices are integer tenths of a yen (the venue's unit); quantities are shares in whole
// lots, so price × shares is always a whole number of yen ×10 that divides by 10 exactly.
import { toMoney } from '../funds';
import type { Money } from '@kabuto/shared-sdk/schemas';

/** Yen of `shares` at `tenths` per share, rounded up (exact for whole lots). */
export function valueYen(tenths: number | bigint, shares: number): bigint {
  const t = BigInt(tenths) * BigInt(shares);
  return (t + 9n) / 10n;
}

/** Tenths of a yen → yen text: 27905 → '2790.5', 27900 → '2790'. */
export function priceText(tenths: number): string {
  const yen = Math.trunc(tenths / 10);
  const frac = Math.abs(tenths % 10);
  return frac === 0 ? String(yen) : `${yen}.${frac}`;
}

/** Normalised decimal yen text ('2790.5') → tenths, or null when it has more than one decimal. */
export function tenthsOf(text: string): number | null {
  const m = /^(\d+)(?:\.(\d))?$/.exec(text);
  if (!m) return null;
  const n = Number(m[1]) * 10 + Number(m[2] ?? '0');
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export const jpy = (minor: bigint): Money => toMoney('JPY', minor);

/** ceil(a / b) for non-negative bigints. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** Leverage tenths → text: 33 → '3.3', 10 → '1'. */
export function leverageText(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}
