// Money as the API shows it (docs/api/funds.md §1): integer minor units as text plus the
// exact major-unit text. Built only from bigint, never from floating point.
import { CURRENCIES, minorToAmount, type CurrencyCode, type Money } from '@kabuto/shared-sdk/schemas';

export function decimalsOf(currency: CurrencyCode): number {
  return CURRENCIES[currency].decimals;
}

export function toMoney(currency: CurrencyCode, minor: bigint): Money {
  return { currency, minor: minor.toString(), amount: minorToAmount(minor, decimalsOf(currency)) };
}

/** Adds amounts per currency, in first-seen order. */
export function sumByCurrency(items: Iterable<{ currency: CurrencyCode; minor: bigint }>): Map<CurrencyCode, bigint> {
  const sums = new Map<CurrencyCode, bigint>();
  for (const item of items) sums.set(item.currency, (sums.get(item.currency) ?? 0n) + item.minor);
  return sums;
}

export function moneyList(sums: Map<CurrencyCode, bigint>): Money[] {
  return [...sums.entries()].map(([currency, minor]) => toMoney(currency, minor));
}

/** '10000000' → '10,000,000' (for the special messages' amounts). */
export function groupedAmount(currency: CurrencyCode, minor: bigint): string {
  const text = minorToAmount(minor, decimalsOf(currency));
  const [int = '', frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** The yen unit of the amount-bound messages (deposits and withdrawals). */
export const UNIT = '日元';
