// Actions on a position (spec §4): cancel a pending order, close a holding position (market
// or limit, all or some lots), cancel a closing order. Anything else is refused with
// orderNotPending / orderNotHolding / orderNotClosing; an unknown or foreign id with orderNotFound.
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { TradePosition, closePositionFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import { ApiFailure, ok, type OkEnvelope } from '../../../http/envelope';
import { refuse } from '../../funds';
import { rememberAnswer, replayIfSeen, type IdempotentRequest } from '../../funds';
import { withUserFundsLock } from '../../funds';
import type { TradingDeps } from '../deps';
import type { OrderEngine } from '../orders/engine';
import { checkPlacement, checkedLimit, confirmFundPassword, placementJob, type TradingCustomer } from '../orders/place';
import { placementsOf } from '../orders/placement-writer';
import { customerReasonOf, users } from '../../identity';
import { jstDateKey } from '../../market';
import { refuseDuringLockUp } from '../off-exchange/record';
import { guardSale, type OrderByRule, type PlacedByRule, type TradingRefusal } from '../extensions';
import { tradingOrders, tradingPositions } from '../schema';
import { positionView } from './views';

type CloseForm = z.output<typeof closePositionFormSchema>;

async function ownStatus(deps: TradingDeps, id: number, userId: number) {
  const [pos] = await deps.db.select().from(tradingPositions).where(eq(tradingPositions.id, id)).limit(1);
  if (!pos || pos.userId !== userId) refuse(MSG.orderNotFound);
  return pos;
}

async function liveOrder(deps: TradingDeps, positionId: number, kinds: ('open' | 'close' | 'liquidation')[]) {
  const [order] = await deps.db
    .select()
    .from(tradingOrders)
    .where(and(eq(tradingOrders.positionId, positionId), inArray(tradingOrders.kind, kinds), inArray(tradingOrders.state, ['queued', 'working'])))
    .orderBy(desc(tradingOrders.id))
    .limit(1);
  return order;
}

/** A cancel by rule (a corporate action): false when the order was no longer open. */
export async function cancelOrderByRule(engine: OrderEngine, orderId: number): Promise<boolean> {
  try {
    await engine.cancel(orderId, MSG.orderNotPending);
    await engine.barrier();
    return true;
  } catch (error) {
    // Refused: filled, expired or already cancelled a moment ago (or the market not taking cancels now).
    if (error instanceof ApiFailure) return false;
    throw error;
  }
}

export async function cancelPending(deps: TradingDeps, engine: OrderEngine, userId: number, id: number): Promise<TradePosition> {
  const pos = await ownStatus(deps, id, userId);
  if (pos.status !== 'pending') refuse(MSG.orderNotPending);
  const order = await liveOrder(deps, pos.id, ['open']);
  if (!order) refuse(MSG.orderNotPending);
  await engine.cancel(order.id, MSG.orderNotPending);
  await engine.barrier();
  return positionView(deps, pos.id, userId);
}

export async function cancelClosing(deps: TradingDeps, engine: OrderEngine, userId: number, id: number): Promise<TradePosition> {
  const pos = await ownStatus(deps, id, userId);
  if (pos.status !== 'closing') refuse(MSG.orderNotClosing);
  const order = await liveOrder(deps, pos.id, ['close']);
  // A forced liquidation cannot be cancelled by the customer.
  if (!order) refuse(MSG.orderNotClosing);
  await engine.cancel(order.id, MSG.orderNotClosing);
  await engine.barrier();
  return positionView(deps, pos.id, userId);
}

/** Writes a close order for `quantity` shares (status → closing) and enters it. Returns the order id. */
export async function openCloseOrder(
  deps: TradingDeps,
  engine: OrderEngine,
  pos: { id: number; userId: number },
  kind: 'close' | 'liquidation',
  orderType: 'limit' | 'market',
  price: number | null,
  quantity: number | null,
  remember?: IdempotentRequest,
): Promise<number | null> {
  const orderId = await withUserFundsLock(deps.db, deps.clock, pos.userId, async (tx) => {
    if (remember) {
      const again = await replayIfSeen<{ positionId: number }>(tx, remember);
      if (again) return null;
    }
    const [row] = await tx.select().from(tradingPositions).where(eq(tradingPositions.id, pos.id)).for('update').limit(1);
    if (!row) refuse(MSG.orderNotFound);
    if (row.status !== 'holding') refuse(MSG.orderNotHolding);
    // A customer's sale waits out a block trade's lock-up (a forced liquidation does not).
    if (kind === 'close') refuseDuringLockUp(row, jstDateKey(deps.businessClock.now()));
    const held = row.openQuantity - row.closedQuantity;
    const q = quantity ?? held;
    if (q > held || q <= 0) refuse(MSG.closeLotsTooMany);
    // Another module's rule on the shares (pledged collateral): asked under the same lock that
    // orders the sale against that module's own writes. A sale by rule is not asked.
    if (kind === 'close' && row.product === 'cash' && row.direction === 'long') {
      const refusal = await guardSale(deps.extensions, tx, { userId: row.userId, positionId: row.id, code: row.code, shares: q });
      if (refusal) refuse(refusal.msg, refusal.data);
    }
    const now = deps.businessClock.now(); // order time on the business clock, as the venue stamps fills
    const [order] = await tx
      .insert(tradingOrders)
      .values({
        positionId: row.id,
        userId: row.userId,
        kind,
        code: row.code,
        side: row.direction === 'long' ? 'sell' : 'buy',
        orderType,
        price,
        quantity: q,
        state: 'queued',
        clientOrderId: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tradingOrders.id });
    if (!order) throw new Error('close order not stored');
    await tx
      .update(tradingOrders)
      .set({ clientOrderId: `k${order.id}` })
      .where(eq(tradingOrders.id, order.id));
    await tx.update(tradingPositions).set({ status: 'closing', updatedAt: now }).where(eq(tradingPositions.id, row.id));
    if (remember) await rememberAnswer(tx, deps.clock, remember, { msg: MSG.closeOrderPlaced, data: { positionId: row.id } });
    return order.id;
  });
  if (orderId !== null) {
    await engine.submit(orderId);
    await engine.barrier();
  }
  return orderId;
}

export async function closePosition(deps: TradingDeps, engine: OrderEngine, user: TradingCustomer, form: CloseForm): Promise<OkEnvelope<TradePosition>> {
  const pos = await ownStatus(deps, form.id, user.id);
  const price = form.orderType === 'limit' ? checkedLimit(deps, pos.code, form.price ?? '') : null;
  const quantity = form.lots === undefined ? null : form.lots * deps.config.lotShares;
  const request: IdempotentRequest = {
    userId: user.id,
    key: form.idempotencyKey,
    action: 'trade.close',
    params: { id: pos.id, orderType: form.orderType, price: price ?? '', lots: form.lots ?? 'all' },
  };
  const seen = await replayIfSeen<{ positionId: number }>(deps.db, request);
  if (seen) return ok({ ...(await positionView(deps, pos.id, user.id)), replayed: true as const }, seen.msg);
  if (pos.status !== 'holding') refuse(MSG.orderNotHolding);
  await confirmFundPassword(deps, user, { fundPassword: form.fundPassword, fundPasswordGrant: form.fundPasswordGrant });
  await openCloseOrder(deps, engine, pos, 'close', form.orderType, price, quantity, request);
  return ok(await positionView(deps, pos.id, user.id), MSG.closeOrderPlaced);
}

/**
 * A sale by another module's rule (the credit module's forced sale): the whole holding at
 * market as a liquidation order, which the customer cannot cancel. Null when the position is
 * not holding (already closing or closed).
 */
export async function sellHoldingByRule(deps: TradingDeps, engine: OrderEngine, positionId: number): Promise<number | null> {
  const [pos] = await deps.db.select().from(tradingPositions).where(eq(tradingPositions.id, positionId)).limit(1);
  if (!pos || pos.status !== 'holding') return null;
  try {
    return await openCloseOrder(deps, engine, pos, 'liquidation', 'market', null, null);
  } catch (error) {
    // Closing or closed in between: nothing left to sell by rule.
    if (error instanceof ApiFailure) return null;
    throw error;
  }
}

/** A refusal as another module is told it: the catalogue message and its figures. */
function refusalOf(error: ApiFailure): TradingRefusal {
  const data = error.data !== null && typeof error.data === 'object' ? (error.data as Record<string, unknown>) : {};
  return { msg: error.msgKey, data };
}

/** A cash market buy placed by another module's rule, through the customer's normal placement. */
export async function placeOrderByRule(deps: TradingDeps, engine: OrderEngine, order: OrderByRule): Promise<{ positionId: number } | TradingRefusal> {
  const [answer] = await placeOrdersByRule(deps, engine, [order]);
  if (!answer) throw new Error('placement by rule not answered');
  return 'msg' in answer ? answer : { positionId: answer.positionId };
}

/**
 * The business restrictions the trade/place route's guard (requireNotRestricted('trade'))
 * refuses, for every customer of `userIds` in one read: a refusal per restricted customer.
 */
async function restrictedOf(deps: TradingDeps, userIds: readonly number[]): Promise<Map<number, TradingRefusal>> {
  const rows = await deps.db
    .select({ id: users.id, frozen: users.frozen, disabled: users.disabled, tradeBanned: users.tradeBanned })
    .from(users)
    .where(and(sql`${users.id} = any(${sql.param([...new Set(userIds)])}::int[])`, or(users.frozen, users.disabled, users.tradeBanned)));
  const out = new Map<number, TradingRefusal>();
  for (const r of rows) {
    if (r.frozen) out.set(r.id, { msg: MSG.accountFrozen, data: { restriction: 'frozen', reason: null } });
    else if (r.disabled) out.set(r.id, { msg: MSG.accountDisabled, data: { restriction: 'disabled', reason: null } });
    else out.set(r.id, { msg: MSG.tradingBarred, data: { restriction: 'trade_banned', reason: await customerReasonOf(deps.db, r.id, 'trade_banned') } });
  }
  return out;
}

/**
 * Cash market buys placed by another module's rule (extensions.ts placeOrdersByRule): each
 * through the customer's normal checks (restrictions, plan, then under the funds lock its key,
 * buying power and hold), all handed to the placement writer in the same turn, so it writes them
 * in batches, one transaction each. No session is involved: the fund password was confirmed when
 * the customer agreed to the rule. No position view is built (the caller keeps the ids).
 */
export async function placeOrdersByRule(deps: TradingDeps, engine: OrderEngine, orders: readonly OrderByRule[]): Promise<(PlacedByRule | TradingRefusal)[]> {
  if (orders.length === 0) return [];
  const restricted = await restrictedOf(
    deps,
    orders.map((o) => o.userId),
  );
  const writer = placementsOf(deps, engine);
  return Promise.all(
    orders.map(async (order): Promise<PlacedByRule | TradingRefusal> => {
      const barred = restricted.get(order.userId);
      if (barred) return barred;
      // The nil uuid: no session of the customer's is asked about (the password was confirmed with the rule).
      const customer: TradingCustomer = { id: order.userId, account: '', sessionId: '00000000-0000-0000-0000-000000000000' };
      const form = {
        code: order.code,
        side: order.side,
        product: 'cash',
        marginKind: 'standard',
        orderType: 'market',
        lots: order.lots,
        leverage: '1',
        idempotencyKey: order.idempotencyKey,
        venue: 'tse',
      } as const;
      try {
        const checked = await checkPlacement(deps, customer, form, { passwordConfirmed: true });
        if ('replay' in checked) return { positionId: checked.replay.data.id, orderId: null };
        const placed = await writer.run(placementJob(deps, customer, form, checked.plan, checked.request));
        placed.entered.catch(engine.report);
        return { positionId: placed.positionId, orderId: placed.committed?.order.id ?? null };
      } catch (error) {
        if (error instanceof ApiFailure) return refusalOf(error);
        throw error;
      }
    }),
  );
}

/** A customer's close at market by rule (stop following, copy stop-loss, a mirrored close). */
export async function closeHoldingByRule(
  deps: TradingDeps,
  engine: OrderEngine,
  positionId: number,
  shares: number | null,
): Promise<{ orderId: number } | TradingRefusal> {
  const [pos] = await deps.db.select().from(tradingPositions).where(eq(tradingPositions.id, positionId)).limit(1);
  if (!pos) return { msg: MSG.orderNotFound, data: { positionId } };
  try {
    const orderId = await openCloseOrder(deps, engine, pos, 'close', 'market', null, shares);
    return orderId === null ? { msg: MSG.orderNotHolding, data: { positionId } } : { orderId };
  } catch (error) {
    if (error instanceof ApiFailure) return refusalOf(error);
    throw error;
  }
}
