// Conditional legs never outlive the holding they close (docs/trading.md §11, "Legs follow
// their position"). Whatever reduces a position — the customer's close, another leg's child, a
// forced liquidation or due close — runs this in the same transaction that writes the fill, so
// there is no moment in which a leg waits to sell shares that are gone: a closed position's
// waiting legs are cancelled, a reduced one's are shrunk to what is left.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { tradingConditionalOrders, type TradingPositionRow } from '../schema';

export interface LegChange {
  userId: number;
  legId: number;
  code: string;
  positionId: number;
  change: 'closed' | 'reduced';
  /** Shares still held on the position (what a shrunk leg now closes). */
  held: number;
}

export const POSITION_CLOSED = 'position-closed';
export const POSITION_REDUCED = 'position-reduced';

/** `positions`: as the transaction leaves them (their fills applied). */
export async function fitLegsToPositions(
  tx: Database,
  now: Date,
  positions: readonly Pick<TradingPositionRow, 'id' | 'status' | 'openQuantity' | 'closedQuantity'>[],
): Promise<LegChange[]> {
  if (positions.length === 0) return [];
  const legs = await tx
    .select()
    .from(tradingConditionalOrders)
    .where(
      and(
        inArray(
          tradingConditionalOrders.positionId,
          positions.map((p) => p.id),
        ),
        eq(tradingConditionalOrders.action, 'close'),
        eq(tradingConditionalOrders.state, 'waiting'),
      ),
    )
    .for('update');
  if (legs.length === 0) return [];
  const byId = new Map(positions.map((p) => [p.id, p]));
  const changes: LegChange[] = [];
  for (const leg of legs) {
    const pos = byId.get(leg.positionId ?? -1);
    if (!pos) continue;
    const held = pos.openQuantity - pos.closedQuantity;
    const base = { userId: leg.userId, legId: leg.id, code: leg.code, positionId: pos.id, held };
    if (held <= 0 || pos.status === 'closed') {
      await tx
        .update(tradingConditionalOrders)
        .set({ state: 'cancelled', reason: POSITION_CLOSED, updatedAt: now })
        .where(eq(tradingConditionalOrders.id, leg.id));
      changes.push({ ...base, change: 'closed' });
    } else if (leg.quantity > held) {
      await tx
        .update(tradingConditionalOrders)
        .set({ quantity: held, reason: POSITION_REDUCED, updatedAt: now })
        .where(eq(tradingConditionalOrders.id, leg.id));
      changes.push({ ...base, change: 'reduced' });
    }
  }
  return changes;
}
