// Trades that never touch the venue (block trades): the position, its open order and its one
// fill, written like the engine writes a filled cash buy so positions, detail and closing treat
// them alike, but labelled off-auction and kept off the venue (no venue order id, a client order
// id the engine never maps back, a trade id outside the venue's). Money is the caller's: it posts
// the customer's payment in the same transaction, under the customer's funds lock.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Database } from '../../../db/client';
import { refuse } from '../../funds';
import { tradingFills, tradingOrders, tradingPositions, type TradingPositionRow } from '../schema';

export interface OffExchangeBuy {
  userId: number;
  code: string;
  shares: number;
  /** Tenths of a yen, as the venue's prices. */
  priceTenths: number;
  /** Business time of the trade. */
  at: Date;
  /** JST date of the trade (YYYY-MM-DD). */
  tradeDate: string;
  /** Unique per trade, e.g. `block:12`: the fill's trade id (never a venue trade id). */
  tradeId: string;
  /** First JST date the shares may be sold, or null. */
  lockUpUntil: string | null;
}

/** Inserts a holding cash position with its filled open order and fill; answers their ids. Call inside the caller's transaction. */
export async function recordOffExchangeBuy(tx: Database, buy: OffExchangeBuy): Promise<{ positionId: number; orderId: number }> {
  if (!Number.isSafeInteger(buy.shares) || buy.shares <= 0 || !Number.isSafeInteger(buy.priceTenths) || buy.priceTenths <= 0)
    throw new Error('off-exchange buy needs positive whole shares and price');
  const [pos] = await tx
    .insert(tradingPositions)
    .values({
      userId: buy.userId,
      code: buy.code,
      product: 'cash',
      direction: 'long',
      orderType: 'limit',
      limitPrice: buy.priceTenths,
      leverageTenths: 10,
      tab: 'competition',
      status: 'holding',
      orderedQuantity: buy.shares,
      openQuantity: buy.shares,
      openValueTenths: BigInt(buy.priceTenths) * BigInt(buy.shares),
      openedOn: buy.tradeDate,
      offAuction: true,
      lockUpUntil: buy.lockUpUntil,
      createdAt: buy.at,
      firstFillAt: buy.at,
      updatedAt: buy.at,
    })
    .returning({ id: tradingPositions.id });
  if (!pos) throw new Error('off-exchange position not stored');
  const [order] = await tx
    .insert(tradingOrders)
    .values({
      positionId: pos.id,
      userId: buy.userId,
      kind: 'open',
      code: buy.code,
      side: 'buy',
      orderType: 'limit',
      price: buy.priceTenths,
      quantity: buy.shares,
      filledQuantity: buy.shares,
      state: 'filled',
      clientOrderId: '',
      tradingDate: buy.tradeDate,
      createdAt: buy.at,
      updatedAt: buy.at,
    })
    .returning({ id: tradingOrders.id });
  if (!order) throw new Error('off-exchange order not stored');
  // 'x…', not the venue's 'k…': the engine's fill routing never matches it.
  await tx
    .update(tradingOrders)
    .set({ clientOrderId: `x${order.id}` })
    .where(eq(tradingOrders.id, order.id));
  await tx.insert(tradingFills).values({
    orderId: order.id,
    positionId: pos.id,
    userId: buy.userId,
    tradeId: buy.tradeId,
    side: 'buy',
    price: buy.priceTenths,
    quantity: buy.shares,
    auction: false,
    at: buy.at,
  });
  return { positionId: pos.id, orderId: order.id };
}

/** Refuses a customer's sale of a position still in its lock-up (lockUpPeriod, naming the first day it may be sold). */
export function refuseDuringLockUp(pos: Pick<TradingPositionRow, 'lockUpUntil'>, today: string): void {
  if (pos.lockUpUntil !== null && today < pos.lockUpUntil) refuse(MSG.lockUpPeriod, { rule: 'lock-up', sellableFrom: pos.lockUpUntil, today });
}
