// Live P&L between two answers of trade/list: the server prices each open position at the
// venue's last (lastPrice, marketValue, unrealisedPnl); a quote push moves the last, and
// the row moves by exactly the price change × the shares held, the way the server computes
// it (tenths × shares, truncated to the yen). The next refetch replaces it with the server's.
import type { Money, TradePosition } from '@kabuto/shared-sdk/schemas';

const yen = (value: bigint): Money => ({ currency: 'JPY', minor: value.toString(), amount: value.toString() });

/** Price text ('2790.5') → tenths as bigint. */
function tenthsOf(price: string): bigint {
  const [int = '0', frac = ''] = price.split('.');
  return BigInt(int) * 10n + BigInt((frac + '0').slice(0, 1));
}

function priceOfTenths(tenths: number): string {
  const frac = tenths % 10;
  return frac === 0 ? String(Math.trunc(tenths / 10)) : `${Math.trunc(tenths / 10)}.${frac}`;
}

/** The row at a new last price (tenths); rows that are not open or have no live figures are returned as they are. */
export function withLastPrice(row: TradePosition, lastTenths: number): TradePosition {
  if (row.lastPrice === null || row.unrealisedPnl === null || row.holdingQuantity <= 0) return row;
  const held = BigInt(row.holdingQuantity);
  const before = tenthsOf(row.lastPrice);
  const after = BigInt(lastTenths);
  if (before === after) return row;
  // unrealised×10 ≈ (market − cost); the difference between two lasts is exact in tenths.
  const unrealisedTenths = BigInt(row.unrealisedPnl.minor) * 10n + (after - before) * held * (row.direction === 'long' ? 1n : -1n);
  return {
    ...row,
    lastPrice: priceOfTenths(lastTenths),
    marketValue: yen((after * held) / 10n),
    unrealisedPnl: yen(unrealisedTenths / 10n),
  };
}
