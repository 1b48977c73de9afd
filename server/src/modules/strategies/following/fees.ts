// The broker-paid leader fee (docs/strategies.md "Fees"): each business date, for each following
// in progress, the broker pays the leader bpPerYear ÷ daysPerYear of the following's value (floor,
// never below 0), from its marketing expense account through the ledger. The follower pays nothing,
// so nothing is ever charged on a loss. One accrual per following and date (a unique key): a rerun
// of the day posts nothing twice.
import { and, eq } from 'drizzle-orm';
import { brokerAccount, customerCash, postJournal } from '../../funds';
import { jstDateKey } from '../../market';
import { STRATEGY_ACCOUNTS, type StrategiesDeps } from '../deps';
import { strategies, strategyFeeAccruals, strategyFollowings } from '../schema';
import { followingValue, leaderFee } from './following';

export async function accrueLeaderFees(deps: StrategiesDeps): Promise<{ date: string; accrued: number; total: bigint }> {
  const date = jstDateKey(deps.businessClock.now());
  const open = await deps.db
    .select({ f: strategyFollowings, leaderId: strategies.leaderId })
    .from(strategyFollowings)
    .innerJoin(strategies, eq(strategies.id, strategyFollowings.strategyId))
    // Never both models: a profit-share strategy's leader is paid by its followers (profit-share/).
    .where(and(eq(strategyFollowings.status, 'inProgress'), eq(strategies.feeModel, 'broker-paid')));
  let accrued = 0;
  let total = 0n;
  for (const { f, leaderId } of open) {
    const base = await followingValue(deps, deps.db, f);
    const { perDay } = leaderFee(deps, base);
    const posted = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(strategyFeeAccruals)
        .values({ followingId: f.id, leaderId, businessDate: date, base: base > 0n ? base : 0n, amount: perDay, createdAt: deps.clock.now() })
        .onConflictDoNothing()
        .returning({ id: strategyFeeAccruals.id });
      if (!row) return false;
      if (perDay > 0n)
        await postJournal(tx, deps.businessClock, {
          type: 'strategy_leader_fee',
          reference: `strategy-fee:${row.id}`,
          userId: leaderId,
          memo: `following ${f.id} ${date}`,
          postings: [
            { account: brokerAccount(STRATEGY_ACCOUNTS.leaderFeeExpense, 'JPY'), amount: -perDay },
            { account: customerCash(leaderId, 'JPY'), amount: perDay },
          ],
        });
      return true;
    });
    if (posted) {
      accrued++;
      total += perDay;
    }
  }
  return { date, accrued, total };
}

/** Σ fees a leader was paid for one following (the following detail shows it; strategy-verify recomputes it). */
export async function feesPaidFor(deps: Pick<StrategiesDeps, 'db'>, followingId: number): Promise<bigint> {
  const rows = await deps.db
    .select({ amount: strategyFeeAccruals.amount })
    .from(strategyFeeAccruals)
    .where(and(eq(strategyFeeAccruals.followingId, followingId)));
  return rows.reduce((a, r) => a + r.amount, 0n);
}
