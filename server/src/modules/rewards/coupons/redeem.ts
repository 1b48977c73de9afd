// Using a coupon, once. A cash coupon is credited to cash from the broker's marketing expense
// account through postJournal, idempotent by key and by the coupon row (locked, marked used in
// the same transaction); a fee-discount coupon is claimed by an order through trading's seam
// (./fee-discount.ts), never redeemed here. Every refusal names its rule, and nothing is posted on a refusal.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { CouponKind, CouponPosting, CouponRedemption, couponRedeemFormSchema, CurrencyCode } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { ok, type OkEnvelope } from '../../../http/envelope';
import {
  brokerAccount,
  customerCash,
  ledgerAccounts,
  ledgerPostings,
  postJournal,
  refuse,
  rememberAnswer,
  replayIfSeen,
  toMoney,
  withUserFundsLock,
  type IdempotentRequest,
} from '../../funds';
import { MARKETING_EXPENSE, type RewardsDeps } from '../deps';
import { rewardCoupons, type RewardCouponRow } from '../schema';
import { businessToday, couponState, couponView, lockCoupon } from './coupons';

type RedeemForm = z.output<typeof couponRedeemFormSchema>;

/**
 * The coupon, if this customer may use it now for `kind`; refuses otherwise, in this order:
 * unknown, another customer's, used, expired, not this kind of use.
 */
export function usableCoupon(row: RewardCouponRow | undefined, userId: number, today: string, kind: CouponKind): RewardCouponRow {
  if (!row) refuse(MSG.couponNotFound, { rule: 'coupon-exists' });
  if (row.userId !== userId) refuse(MSG.couponNotYours, { rule: 'own-coupon', couponId: row.id });
  const state = couponState(row, today);
  if (state === 'used')
    refuse(MSG.couponAlreadyUsed, {
      rule: 'one-time-use',
      couponId: row.id,
      usedAt: row.usedAt?.toISOString() ?? null,
      orderPositionId: row.claimedPositionId,
    });
  if (state === 'expired') refuse(MSG.couponExpired, { rule: 'expiry', couponId: row.id, expiresOn: row.expiresOn, today });
  if (row.kind !== kind) refuse(MSG.couponNotApplicable, { rule: `${row.kind}-coupon`, couponId: row.id, kind: row.kind });
  return row;
}

/** The postings of one journal entry, as the page shows them. */
export async function postingsOf(db: Database, journalId: bigint): Promise<CouponPosting[]> {
  const rows = await db
    .select({ key: ledgerAccounts.key, currency: ledgerPostings.currency, amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerPostings.journalId, journalId))
    .orderBy(ledgerPostings.id);
  return rows.map((r) => ({ account: r.key, amount: toMoney(r.currency as CurrencyCode, r.amount) }));
}

export async function redeemCashCoupon(deps: RewardsDeps, userId: number, form: RedeemForm): Promise<OkEnvelope<CouponRedemption>> {
  const request: IdempotentRequest = { userId, key: form.idempotencyKey, action: 'rewards.redeem', params: { couponId: form.couponId } };
  const seen = await replayIfSeen<CouponRedemption>(deps.db, request);
  if (seen) return seen;
  const answer = await withUserFundsLock(deps.db, deps.clock, userId, async (tx) => {
    const again = await replayIfSeen<CouponRedemption>(tx, request);
    if (again) return again.data;
    const today = businessToday(deps);
    const row = usableCoupon(await lockCoupon(tx, form.couponId), userId, today, 'cash');
    const journalId = await postJournal(tx, deps.clock, {
      type: 'reward_cash_coupon',
      reference: `coupon:${row.id}`,
      userId,
      memo: `${row.source} ${row.sourceKey}`,
      postings: [
        { account: brokerAccount(MARKETING_EXPENSE, 'JPY'), amount: -row.value },
        { account: customerCash(userId, 'JPY'), amount: row.value },
      ],
    });
    const [used] = await tx
      .update(rewardCoupons)
      .set({ usedAt: deps.clock.now(), usedFor: `journal:${journalId}` })
      .where(eq(rewardCoupons.id, row.id))
      .returning();
    const data: CouponRedemption = {
      coupon: couponView(used as RewardCouponRow, today),
      journalId: journalId.toString(),
      postings: await postingsOf(tx, journalId),
    };
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.couponRedeemed, data });
    return data;
  });
  return ok(answer, MSG.couponRedeemed);
}
