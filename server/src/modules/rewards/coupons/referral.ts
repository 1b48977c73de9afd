// The referral coupon: a customer who registered with an invitation code an agent member issued
// gets one coupon, once (its source key names the code; the unique index keeps it one). Granted by
// the plugin's timer, not at registration, so identity's registration knows nothing of rewards.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inviteCodes, users } from '../../identity';
import type { RewardsDeps } from '../deps';
import { rewardCoupons } from '../schema';
import { businessToday, grantCoupon, ruleGrant } from './coupons';

/** Grants the referral coupons not granted yet; answers how many were written. */
export async function grantReferralCoupons(deps: RewardsDeps): Promise<number> {
  const agents = alias(users, 'agents');
  const due = await deps.db
    .select({ userId: users.id, codeId: inviteCodes.id })
    .from(users)
    .innerJoin(inviteCodes, eq(inviteCodes.id, users.inviteCodeId))
    .innerJoin(agents, and(eq(agents.id, inviteCodes.issuerUserId), eq(agents.role, 'agent')))
    .leftJoin(rewardCoupons, and(eq(rewardCoupons.userId, users.id), eq(rewardCoupons.source, 'referral')))
    .where(and(isNotNull(users.inviteCodeId), isNull(rewardCoupons.id)))
    .limit(500);
  if (due.length === 0) return 0;
  const today = businessToday(deps);
  let written = 0;
  await deps.db.transaction(async (tx) => {
    for (const d of due) {
      if (await grantCoupon(deps, tx, ruleGrant(d.userId, deps.config.referralCoupon, 'referral', `invite:${d.codeId}`, today))) written += 1;
    }
  });
  return written;
}
