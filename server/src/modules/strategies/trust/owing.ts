// A trust that owes redemption proceeds (priced at a NAV, not yet paid: its payable) keeps its cash
// for the redeemers: its following mirrors no buys until the NAV step has paid them
// (docs/strategies.md "The 解約代金 of an owed redemption"). Mirrored sells go on: they raise the cash.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { userAccountBalance } from '../../funds';
import { strategyFollowings, strategyTrusts } from '../schema';
import { TRUST_ACCOUNTS } from './trust';

/** Of a strategy's followings in progress, the trusts' that owe redemption proceeds now (a strategy has few trusts, most none). */
export async function followingsOwingRedemptions(db: Database, strategyId: number): Promise<Set<number>> {
  const trusts = await db
    .select({ followingId: strategyFollowings.id, poolUserId: strategyTrusts.poolUserId })
    .from(strategyTrusts)
    .innerJoin(strategyFollowings, eq(strategyFollowings.id, strategyTrusts.followingId))
    .where(and(eq(strategyFollowings.strategyId, strategyId), eq(strategyFollowings.status, 'inProgress')));
  const owing = new Set<number>();
  for (const t of trusts) if ((await userAccountBalance(db, t.poolUserId, TRUST_ACCOUNTS.redemptionsPayable, 'JPY')) !== 0n) owing.add(t.followingId);
  return owing;
}
