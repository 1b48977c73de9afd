// Coupons: granted by rule (a sign-in streak, a referral) or by an operator's campaign, each
// once per customer and source (the unique index), with a value, conditions and an expiry on
// the business clock's JST date. Their state is read from the row and today's date, never kept.
import { and, desc, eq } from 'drizzle-orm';
import type { CouponKind, CouponSource, CouponState, CouponsAnswer, CouponView } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { toMoney } from '../../funds';
import { addDays, jstDateKey } from '../../market';
import type { StreakCoupon } from '../config';
import { REWARDS_SYSTEM, type RewardsDeps } from '../deps';
import { rewardCoupons, type RewardCouponRow } from '../schema';

export const jpy = (minor: bigint) => toMoney('JPY', minor);

/** Today's JST date on the business clock: the day sign-ins count and coupons expire on. */
export function businessToday(deps: Pick<RewardsDeps, 'businessClock'>): string {
  return jstDateKey(deps.businessClock.now());
}

/** A fee discount an open order holds counts as used (back to usable if that order ends without a discount: fee-discount.ts). */
export function couponState(row: Pick<RewardCouponRow, 'usedAt' | 'expiresOn' | 'claimedOrderId'>, today: string): CouponState {
  if (row.usedAt || row.claimedOrderId !== null) return 'used';
  return row.expiresOn < today ? 'expired' : 'usable';
}

function sourceDetail(row: RewardCouponRow): string {
  const [, a, b] = row.sourceKey.split(':');
  if (row.source === 'sign-in-streak') return `streak ${a ?? ''} on ${b ?? ''}`;
  if (row.source === 'referral') return 'registered with an agent member’s invitation code';
  return row.sourceKey.slice('campaign:'.length);
}

export function couponView(row: RewardCouponRow, today: string): CouponView {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    sourceDetail: sourceDetail(row),
    value: jpy(row.value),
    minOrderValue: row.minOrderValue === null ? null : jpy(row.minOrderValue),
    expiresOn: row.expiresOn,
    state: couponState(row, today),
    usedAt: row.usedAt?.toISOString() ?? null,
    usedFor: row.usedFor,
    orderPositionId: row.claimedPositionId,
  };
}

export interface CouponGrant {
  userId: number;
  kind: CouponKind;
  source: CouponSource;
  sourceKey: string;
  value: bigint;
  minOrderValue?: bigint | null;
  expiresOn: string;
  grantedBy: string;
}

/** Writes the coupon unless this customer already has one from this source; answers it or null. */
export async function grantCoupon(deps: Pick<RewardsDeps, 'clock'>, tx: Database, grant: CouponGrant): Promise<RewardCouponRow | null> {
  const [row] = await tx
    .insert(rewardCoupons)
    .values({ ...grant, minOrderValue: grant.minOrderValue ?? null, createdAt: deps.clock.now() })
    .onConflictDoNothing({ target: [rewardCoupons.userId, rewardCoupons.sourceKey] })
    .returning();
  return row ?? null;
}

/** The grant of a rule's coupon earned on `date`. */
export function ruleGrant(userId: number, rule: StreakCoupon, source: CouponSource, sourceKey: string, date: string): CouponGrant {
  return { userId, kind: rule.kind, source, sourceKey, value: rule.value, expiresOn: addDays(date, rule.validDays), grantedBy: REWARDS_SYSTEM };
}

export async function couponsOf(deps: RewardsDeps, userId: number): Promise<CouponsAnswer> {
  const today = businessToday(deps);
  const rows = await deps.db.select().from(rewardCoupons).where(eq(rewardCoupons.userId, userId)).orderBy(desc(rewardCoupons.id));
  const answer: CouponsAnswer = { usable: [], used: [], expired: [] };
  for (const row of rows) {
    const view = couponView(row, today);
    answer[view.state].push(view);
  }
  // Usable ones soonest to expire first: the one to use next is on top.
  answer.usable.sort((a, b) => (a.expiresOn === b.expiresOn ? a.id - b.id : a.expiresOn < b.expiresOn ? -1 : 1));
  return answer;
}

/** The coupon row, locked for the caller's transaction. */
export async function lockCoupon(tx: Database, couponId: number): Promise<RewardCouponRow | undefined> {
  const [row] = await tx
    .select()
    .from(rewardCoupons)
    .where(and(eq(rewardCoupons.id, couponId)))
    .for('update')
    .limit(1);
  return row;
}
