// A split on its effective date (docs/dividends.md "Venue"): the venue's base price is the close
// divided by the ratio (the price path follows the published split), holdings and margin positions
// have their shares multiplied (their cost stays: price ÷ ratio × shares × ratio), so do the shares
// other modules keep per position (on loan: trading's split listeners), and the orders
// still open in the issue are cancelled through trading's cancel, with a notice. Idempotent: a
// split is `done` once, and each customer's effect is one row.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { DateKey } from '../../market';
import { previousBusinessDay } from '../../market';
import { lockFundsOf } from '../../funds';
import { sharesSplit, tradingOrders, tradingPositions } from '../../trading';
import type { CorporateActionsDeps } from '../deps';
import { deliverNotices, ordersCancelledNotice, splitNotice, storeNotices, type PendingNotice } from '../notices';
import { caSplitEffects, caSplits, type CancelledOrderRecord } from '../schema';

export async function applyDueSplits(deps: CorporateActionsDeps, today: DateKey): Promise<void> {
  const due = await deps.db
    .select()
    .from(caSplits)
    .where(and(eq(caSplits.state, 'scheduled'), lte(caSplits.effectiveDate, today)))
    .orderBy(asc(caSplits.effectiveDate), asc(caSplits.id));
  for (const split of due) await applySplit(deps, split);
}

async function applySplit(deps: CorporateActionsDeps, split: typeof caSplits.$inferSelect): Promise<void> {
  // Open orders first, outside the split's transaction: the engine writes their cancel itself.
  const open = await deps.db
    .select({ id: tradingOrders.id, userId: tradingOrders.userId, side: tradingOrders.side, quantity: tradingOrders.quantity, price: tradingOrders.price })
    .from(tradingOrders)
    .where(and(eq(tradingOrders.code, split.code), inArray(tradingOrders.state, ['queued', 'working'])));
  const cancelled = new Map<number, CancelledOrderRecord[]>();
  for (const o of open) {
    if (!(await deps.trading.actions?.cancelOrderByRule(o.id))) continue;
    cancelled.set(o.userId, [...(cancelled.get(o.userId) ?? []), { orderId: o.id, side: o.side, quantity: o.quantity, priceTenths: o.price }]);
  }
  // Conditional orders placed after a close wait for the next day: their trigger prices and
  // quantities are in the old shares, so they go too, named in the same notice.
  const conditionals = (await deps.trading.actions?.cancelConditionalsByRule(split.code, MSG.ordersCancelledForSplit)) ?? new Map<number, number>();
  const stored = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(caSplits).where(eq(caSplits.id, split.id)).for('update');
    if (!current || current.state !== 'scheduled') return [];
    const positions = await tx
      .select({
        id: tradingPositions.id,
        userId: tradingPositions.userId,
        product: tradingPositions.product,
        open: tradingPositions.openQuantity,
        closed: tradingPositions.closedQuantity,
      })
      .from(tradingPositions)
      .where(and(eq(tradingPositions.code, current.code), inArray(tradingPositions.status, ['holding', 'closing'])));
    const users = [...new Set([...positions.map((p) => p.userId), ...cancelled.keys(), ...conditionals.keys()])];
    await lockFundsOf(tx, deps.clock, users);
    const pending: PendingNotice[] = [];
    const now = deps.clock.now();
    for (const userId of users) {
      const mine = positions.filter((p) => p.userId === userId);
      const held = (product: 'cash' | 'margin') => mine.filter((p) => p.product === product).reduce((s, p) => s + p.open - p.closed, 0);
      const [cashBefore, marginBefore] = [held('cash'), held('margin')];
      const [row] = await tx
        .insert(caSplitEffects)
        .values({
          splitId: current.id,
          userId,
          sharesBefore: cashBefore,
          sharesAfter: cashBefore * current.ratio,
          marginSharesBefore: marginBefore,
          marginSharesAfter: marginBefore * current.ratio,
          cancelledOrders: cancelled.get(userId) ?? [],
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: caSplitEffects.id });
      if (!row) continue;
      if (mine.length > 0) {
        await tx
          .update(tradingPositions)
          .set({
            openQuantity: sql`${tradingPositions.openQuantity} * ${current.ratio}`,
            closedQuantity: sql`${tradingPositions.closedQuantity} * ${current.ratio}`,
            orderedQuantity: sql`${tradingPositions.orderedQuantity} * ${current.ratio}`,
            updatedAt: now,
          })
          .where(
            inArray(
              tradingPositions.id,
              mine.map((p) => p.id),
            ),
          );
        pending.push({
          userId,
          notice: await splitNotice(current.code, current.ratio, cashBefore + marginBefore, (cashBefore + marginBefore) * current.ratio),
        });
      }
      const n = (cancelled.get(userId)?.length ?? 0) + (conditionals.get(userId) ?? 0);
      if (n > 0) pending.push({ userId, notice: await ordersCancelledNotice(current.code, n) });
    }
    // Shares on loan (stock lending) are multiplied with the holdings they are part of, here, so
    // no position ever shows more shares lent than it holds.
    await sharesSplit(deps.trading, tx, {
      code: current.code,
      ratio: current.ratio,
      effectiveDate: current.effectiveDate,
      positionIds: positions.map((p) => p.id),
    });
    const priceBefore = deps.venue.closeOn(current.code, previousBusinessDay(current.effectiveDate));
    const priceAfter = deps.venue.basePriceOn(current.code, current.effectiveDate);
    await tx
      .update(caSplits)
      .set({ state: 'done', priceBeforeTenths: priceBefore, priceAfterTenths: priceAfter, doneAt: now })
      .where(eq(caSplits.id, current.id));
    return storeNotices(deps, tx, pending);
  });
  await deliverNotices(deps, stored);
}
