// The high-water-mark profit share (docs/strategies.md "Profit share"), the fee model a leader may
// choose at opt-in instead of the broker-paid one. The leader takes `percent` of the follower's
// realised profit above the following's mark; the mark starts at 0 and is raised to the realised
// profit at each settlement that charges, so a loss, or a gain that only wins back an earlier loss,
// pays nothing. Settled by the sweep once realised profit has risen above the mark, and a last time
// when the following has ended and its copied orders have all answered. The follower pays the
// leader through the ledger: every yen is a posting.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { ACCOUNT_KINDS, customerCash, heldFor, postJournal, userAccountBalance, withUserFundsLock } from '../../funds';
import type { StrategiesDeps } from '../deps';
import { copiedPositionsOf, realisedProfit, type CopiedPosition } from '../followers/copied';
import { strategies, strategyFollowings } from '../schema';
import { strategyProfitShareSettlements } from './schema';

/** The fee due on realised profit against the mark: floor(percent × (realised − mark) ÷ 100) above it, else 0. */
export function profitShareDue(realised: bigint, mark: bigint, percent: number): bigint {
  if (realised <= mark) return 0n;
  return ((realised - mark) * BigInt(percent)) / 100n;
}

/** A following's mark and what it has paid, from its settlements. */
export interface ProfitShareState {
  mark: bigint;
  paid: bigint;
  lastSeq: number;
  final: boolean;
}
const NONE: ProfitShareState = { mark: 0n, paid: 0n, lastSeq: 0, final: false };

/**
 * followingId → its profit-share state (followings with no settlement are absent: mark 0, nothing
 * paid), for the given followings or every following of the given strategies.
 */
export async function profitShareStates(db: Database, by: number[] | { strategyIds: number[] }): Promise<Map<number, ProfitShareState>> {
  const out = new Map<number, ProfitShareState>();
  const ids = Array.isArray(by) ? by : by.strategyIds;
  if (ids.length === 0) return out;
  const s = strategyProfitShareSettlements;
  const ofStrategies = db.select({ id: strategyFollowings.id }).from(strategyFollowings).where(inArray(strategyFollowings.strategyId, ids));
  const rows = await db
    .select({
      followingId: s.followingId,
      mark: sql<string>`greatest(0, max(${s.realised}))::text`,
      paid: sql<string>`sum(${s.amount})::text`,
      lastSeq: sql<number>`max(${s.seq})::int`,
      final: sql<boolean>`bool_or(${s.final})`,
    })
    .from(s)
    .where(inArray(s.followingId, Array.isArray(by) ? ids : ofStrategies))
    .groupBy(s.followingId);
  for (const r of rows) out.set(r.followingId, { mark: BigInt(r.mark), paid: BigInt(r.paid), lastSeq: r.lastSeq, final: r.final });
  return out;
}

export const profitShareStateOf = (states: Map<number, ProfitShareState>, id: number): ProfitShareState => states.get(id) ?? NONE;

/** An ended following is settled a last time once none of its copied orders is still working. */
const answered = (positions: readonly CopiedPosition[]) => positions.every((p) => p.status !== 'pending' && p.status !== 'closing');

export interface SettleResult {
  settled: number;
  total: bigint;
  /** Settlements left for the next sweep: the follower's buying power did not cover the fee. */
  deferred: number;
}

/** Settles every profit-share following whose realised profit is above its mark, and ends the ended ones. */
export async function settleProfitShares(deps: StrategiesDeps): Promise<SettleResult> {
  const open = await deps.db
    .select({ f: strategyFollowings, leaderId: strategies.leaderId, percent: strategies.profitSharePercent })
    .from(strategyFollowings)
    .innerJoin(strategies, eq(strategies.id, strategyFollowings.strategyId))
    .leftJoin(
      strategyProfitShareSettlements,
      and(eq(strategyProfitShareSettlements.followingId, strategyFollowings.id), eq(strategyProfitShareSettlements.final, true)),
    )
    .where(and(eq(strategies.feeModel, 'profit-share'), isNull(strategyProfitShareSettlements.id)));
  const ids = open.map((o) => o.f.id);
  const positions = await copiedPositionsOf(deps.db, { followingIds: ids });
  const states = await profitShareStates(deps.db, ids);
  const result: SettleResult = { settled: 0, total: 0n, deferred: 0 };
  for (const { f, leaderId, percent } of open) {
    const copied = positions.get(f.id) ?? [];
    const final = f.status === 'ended' && answered(copied);
    const state = profitShareStateOf(states, f.id);
    const realised = realisedProfit(copied);
    const due = profitShareDue(realised, state.mark, percent ?? deps.config.profitShare.percent);
    if (due === 0n && !final) continue;
    const outcome = await withUserFundsLock(deps.db, deps.clock, f.userId, async (tx) => {
      // The fee is taken from the realised proceeds; if the follower has since committed them
      // (cash − holds below the fee), the settlement waits rather than overdraw the account.
      if (due > 0n) {
        const cash = await userAccountBalance(tx, f.userId, ACCOUNT_KINDS.customerCash, 'JPY');
        const held = (await heldFor(deps.funds, tx, f.userId, 'JPY')).total;
        if (cash - held < due) return 'deferred' as const;
      }
      const [row] = await tx
        .insert(strategyProfitShareSettlements)
        .values({
          followingId: f.id,
          seq: state.lastSeq + 1,
          followerId: f.userId,
          leaderId,
          realised,
          markBefore: state.mark,
          percent: percent ?? deps.config.profitShare.percent,
          amount: due,
          final,
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: strategyProfitShareSettlements.id });
      // Another sweep settled this following first: its row stands, this one is dropped.
      if (!row) return 'raced' as const;
      if (due > 0n)
        await postJournal(tx, deps.businessClock, {
          type: 'strategy_profit_share',
          reference: `strategy-profit-share:${row.id}`,
          userId: f.userId,
          memo: `following ${f.id}: ${percent ?? deps.config.profitShare.percent}% of ¥${realised} − mark ¥${state.mark}`,
          postings: [
            { account: customerCash(f.userId, 'JPY'), amount: -due },
            { account: customerCash(leaderId, 'JPY'), amount: due },
          ],
        });
      return 'settled' as const;
    });
    if (outcome === 'deferred') result.deferred++;
    if (outcome === 'settled' && due > 0n) {
      result.settled++;
      result.total += due;
    }
  }
  return result;
}
