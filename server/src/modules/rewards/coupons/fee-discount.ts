// The fee-discount coupon on an order, through trading's order-coupon seam (trading/extensions.ts):
// the placement claims it in the transaction that writes the order (the row locked, checked,
// then claimed only where no order holds it, so two orders can never both have it), and the
// order's end settles it: when its commission is charged, min(value, commission) goes back to
// the customer's cash from the broker's marketing expense (postJournal, with the order's own
// journals) and the coupon is used; an order that ends with nothing to discount releases it.
import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Database } from '../../../db/client';
import { brokerAccount, customerCash, type JournalInput } from '../../funds';
import type { OrderCouponClaim, OrderCouponEnd, OrderCoupons, TradingRefusal } from '../../trading';
import { ApiFailure } from '../../../http/envelope';
import { MARKETING_EXPENSE, type RewardsDeps } from '../deps';
import { rewardCoupons } from '../schema';
import { businessToday, jpy, lockCoupon } from './coupons';
import { usableCoupon } from './redeem';

/** The coupon's refusal for this order, or null when the order may claim it. */
async function refusalOf(deps: Pick<RewardsDeps, 'businessClock'>, tx: Database, claim: OrderCouponClaim): Promise<TradingRefusal | null> {
  try {
    const row = usableCoupon(await lockCoupon(tx, claim.couponId), claim.userId, businessToday(deps), 'fee-discount');
    if (row.minOrderValue !== null && claim.orderValue < row.minOrderValue)
      return {
        msg: MSG.couponNotApplicable,
        data: { rule: 'min-order-value', couponId: row.id, minOrderValue: jpy(row.minOrderValue), orderValue: jpy(claim.orderValue) },
      };
    return null;
  } catch (error) {
    if (error instanceof ApiFailure) return { msg: error.msgKey, data: (error.data ?? {}) as Record<string, unknown> };
    throw error;
  }
}

/** The discount an ended order earns: up to the coupon's value off its commission, if what it filled meets the minimum. */
export function discountOf(coupon: { value: bigint; minOrderValue: bigint | null }, end: Pick<OrderCouponEnd, 'commission' | 'filledValue'>): bigint {
  if (end.commission <= 0n) return 0n;
  if (coupon.minOrderValue !== null && end.filledValue < coupon.minOrderValue) return 0n;
  return coupon.value < end.commission ? coupon.value : end.commission;
}

export function feeDiscountCoupons(deps: RewardsDeps): OrderCoupons {
  return {
    name: 'rewards.fee-discount',
    async claim(tx, claim) {
      const refusal = await refusalOf(deps, tx, claim);
      if (refusal) return refusal;
      const claimed = await tx
        .update(rewardCoupons)
        .set({ claimedOrderId: claim.orderId, claimedPositionId: claim.positionId })
        .where(and(eq(rewardCoupons.id, claim.couponId), isNull(rewardCoupons.claimedOrderId), isNull(rewardCoupons.usedAt)))
        .returning({ id: rewardCoupons.id });
      // The row is locked and was checked unclaimed just above; kept as the guard of the one-claim rule.
      if (claimed.length === 0) return { msg: MSG.couponAlreadyUsed, data: { rule: 'one-time-use', couponId: claim.couponId } };
      return null;
    },
    async settle(tx, end) {
      const row = await lockCoupon(tx, end.couponId);
      // Settled already (or never this order's): nothing again.
      if (!row || row.claimedOrderId !== end.orderId || row.usedAt !== null) return null;
      const discount = discountOf(row, end);
      if (discount === 0n) {
        await tx.update(rewardCoupons).set({ claimedOrderId: null, claimedPositionId: null }).where(eq(rewardCoupons.id, row.id));
        return null;
      }
      await tx
        .update(rewardCoupons)
        .set({ usedAt: deps.clock.now(), usedFor: `order:${end.orderId}` })
        .where(eq(rewardCoupons.id, row.id));
      return {
        type: 'reward_fee_discount',
        reference: `coupon:${row.id}`,
        userId: end.userId,
        memo: `order ${end.orderId}: commission ${end.commission} yen, discount ${discount} yen`,
        postings: [
          { account: brokerAccount(MARKETING_EXPENSE, 'JPY'), amount: -discount },
          { account: customerCash(end.userId, 'JPY'), amount: discount },
        ],
      } satisfies JournalInput;
    },
  };
}
