// The maintenance ratio of one customer's margin positions at the venue's last prices
// (docs/trading.md: margin): equity = cash + unrealised P&L − accrued carry costs.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { ACCOUNT_KINDS, userAccountBalance } from '../../funds';
import { jstDateKey } from '../../market';
import type { TradingDeps } from '../deps';
import { carryCost } from '../orders/engine';
import { tradingPositions, type TradingPositionRow } from '../schema';

export interface Maintenance {
  equity: bigint;
  positionValue: bigint;
  /** Basis points, floor; null without open margin positions. */
  ratioBp: number | null;
  positions: TradingPositionRow[];
}

export async function maintenanceFor(deps: Pick<TradingDeps, 'venue' | 'config' | 'businessClock'>, db: Database, userId: number): Promise<Maintenance> {
  const positions = await db
    .select()
    .from(tradingPositions)
    .where(
      and(eq(tradingPositions.userId, userId), eq(tradingPositions.product, 'margin'), inArray(tradingPositions.status, ['pending', 'holding', 'closing'])),
    );
  const cash = await userAccountBalance(db, userId, ACCOUNT_KINDS.customerCash, 'JPY');
  const today = jstDateKey(deps.businessClock.now());
  let unrealised = 0n;
  let accrued = 0n;
  let value = 0n;
  const open = positions.filter((p) => p.openQuantity - p.closedQuantity > 0);
  for (const p of open) {
    const held = p.openQuantity - p.closedQuantity;
    const q = deps.venue.quote(p.code);
    const last = BigInt(q.last ?? q.previousClose);
    const marketTenths = last * BigInt(held);
    const costTenths = p.openValueTenths - p.closedCostTenths;
    unrealised += (p.direction === 'long' ? marketTenths - costTenths : costTenths - marketTenths) / 10n;
    accrued += carryCost(deps, p.direction, costTenths / 10n, p.openedOn ?? today, today);
    value += marketTenths / 10n;
  }
  const equity = cash + unrealised - accrued;
  const ratioBp = value > 0n ? Number((equity * 10_000n) / value) : null;
  return { equity, positionValue: value, ratioBp, positions: open };
}
