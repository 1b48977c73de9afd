// A trading bar blocks new exposure and lets the customer reduce it (docs/trading.md §11,
// "Trading bar"; broker practice: a restriction stops new positions, closing stays possible).
// When an operator sets `trade_banned`, the customer's waiting legs that would open or add to a
// position are cancelled in the operator's transaction; legs that only close a holding (a
// stop-loss, a take-profit) stay and may fire. The customer is told after the commit.
import { and, eq, inArray } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Database } from '../../../db/client';
import type { RestrictionChange } from '../../identity';
import type { TradingDeps } from '../deps';
import { tradingConditionalOrders } from '../schema';
import { barCancelledNotice, notifyLegs } from './notices';
import type { ConditionalService } from './service';

export async function onTradingBar(
  deps: TradingDeps,
  runner: () => ConditionalService,
  tx: Database,
  change: RestrictionChange,
): Promise<(() => Promise<void>) | null> {
  if (change.restriction !== 'trade_banned' || !change.on) return null;
  const now = deps.clock.now();
  const opening = await tx
    .update(tradingConditionalOrders)
    .set({ state: 'cancelled', reason: MSG.tradingBarred, reasonData: { rule: 'trading-bar', restriction: 'trade_banned' }, updatedAt: now })
    .where(and(eq(tradingConditionalOrders.userId, change.userId), eq(tradingConditionalOrders.action, 'open'), eq(tradingConditionalOrders.state, 'waiting')))
    .returning();
  if (opening.length === 0) return null;
  // An IFD's children close only what its parent would have opened: they end with it.
  const parents = [...new Set(opening.filter((l) => l.role === 'parent').map((l) => l.groupId))];
  const children =
    parents.length === 0
      ? []
      : await tx
          .update(tradingConditionalOrders)
          .set({ state: 'cancelled', reason: 'parent-unfilled', updatedAt: now })
          .where(
            and(inArray(tradingConditionalOrders.groupId, parents), eq(tradingConditionalOrders.role, 'child'), eq(tradingConditionalOrders.state, 'waiting')),
          )
          .returning();
  return async () => {
    runner().legsChangedElsewhere([...opening, ...children].map((l) => ({ legId: l.id, code: l.code, change: 'closed' as const, held: 0 })));
    await notifyLegs(
      deps,
      change.userId,
      barCancelledNotice(
        opening.map((l) => l.code),
        opening.length,
      ),
    );
  };
}
