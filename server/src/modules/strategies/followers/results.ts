// Followers' results beside the leader's (docs/strategies.md "Followers' results"): per strategy,
// the followings in progress and ended, the median following's return and the share in profit,
// from the followers' own copied positions (their own venue fills and trading fees, valued at the
// venue's last price) and the profit share they paid. Published only from a minimum number of
// followings, so no single follower's result can be read off. Three statements for any number of
// strategies.
import { inArray } from 'drizzle-orm';
import type { FollowerResults } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import type { StrategiesDeps } from '../deps';
import { profitShareStateOf, profitShareStates } from '../profit-share/profit-share';
import { strategyFollowings } from '../schema';
import { copiedPositionsOf, totalProfit } from './copied';

/** One following's outcome: its value against its amount. */
export interface FollowingOutcome {
  amount: bigint;
  value: bigint;
}

/** The published figures from the outcomes of one strategy's followings (pure). */
export function summariseFollowers(outcomes: readonly FollowingOutcome[], counts: { inProgress: number; ended: number }, minimum: number): FollowerResults {
  if (outcomes.length < minimum) return { ...counts, minimum, results: null };
  const returns = outcomes.map((o) => Number(o.value - o.amount) / Number(o.amount)).sort((a, b) => a - b);
  const mid = Math.floor(returns.length / 2);
  const median = returns.length % 2 === 1 ? (returns[mid] as number) : ((returns[mid - 1] as number) + (returns[mid] as number)) / 2;
  const inProfit = outcomes.filter((o) => o.value > o.amount).length / outcomes.length;
  return { ...counts, minimum, results: { medianReturnPercent: (median * 100).toFixed(2), inProfitPercent: (inProfit * 100).toFixed(1) } };
}

export async function followerResultsOf(
  deps: Pick<StrategiesDeps, 'venue' | 'config'>,
  db: Database,
  strategyIds: number[],
): Promise<Map<number, FollowerResults>> {
  const out = new Map<number, FollowerResults>();
  if (strategyIds.length === 0) return out;
  const followings = await db
    .select({ id: strategyFollowings.id, strategyId: strategyFollowings.strategyId, amount: strategyFollowings.amount, status: strategyFollowings.status })
    .from(strategyFollowings)
    .where(inArray(strategyFollowings.strategyId, strategyIds));
  const positions = await copiedPositionsOf(db, { strategyIds });
  const paid = await profitShareStates(db, { strategyIds });
  const last = (code: string) => {
    const q = deps.venue.quote(code);
    return q.last ?? q.previousClose;
  };
  for (const id of strategyIds) {
    const mine = followings.filter((f) => f.strategyId === id);
    const outcomes = mine.map((f) => ({
      amount: f.amount,
      value: f.amount + totalProfit(positions.get(f.id) ?? [], last) - profitShareStateOf(paid, f.id).paid,
    }));
    const inProgress = mine.filter((f) => f.status === 'inProgress').length;
    out.set(id, summariseFollowers(outcomes, { inProgress, ended: mine.length - inProgress }, deps.config.followerResultsMinimum));
  }
  return out;
}
