// Display helpers of the trade screens: prices (yen text on the tick grid) and P&L colours.
import type { Money } from '@kabuto/shared-sdk/schemas';
import { groupAmount } from '@kabuto/shared-sdk';

/** '2790.5' → '¥2,790.5'; null → '--'. */
export function formatPrice(price: string | null): string {
  return price === null ? '--' : `¥${groupAmount(price)}`;
}

/** Tenths of a yen (the market stream's unit) → '¥2,790.5'; null → '--'. */
export function formatTenths(tenths: number | null): string {
  if (tenths === null) return '--';
  const frac = Math.abs(tenths % 10);
  return formatPrice(`${Math.trunc(tenths / 10)}${frac ? `.${frac}` : ''}`);
}

/** How an order's direction is said: a cash order is a plain buy, a margin one a long (買建) or short (売建). */
export function directionKey(product: 'cash' | 'margin', direction: 'long' | 'short'): 'side.buy' | 'direction.long' | 'direction.short' {
  return product === 'cash' ? 'side.buy' : direction === 'long' ? 'direction.long' : 'direction.short';
}

/** 'up' for a gain, 'down' for a loss, 'flat' for zero or nothing (data-direction, as mf-market colours prices). */
export function pnlDirection(money: Money | null): 'up' | 'down' | 'flat' {
  if (!money || money.minor === '0') return 'flat';
  return money.minor.startsWith('-') ? 'down' : 'up';
}

/** Sum of two JPY amounts (0 decimals: minor = amount). */
export function addYen(a: Money, b: Money): Money {
  const minor = BigInt(a.minor) + BigInt(b.minor);
  return { currency: a.currency, minor: minor.toString(), amount: minor.toString() };
}
