// The credit score (docs/credit.md §6): an account-standing score with a published formula,
// read from facts the customer can see; never set by hand. Japanese brokers do not score these
// loans (research §1.4), so it decides only what the spec names: loan eligibility and the
// "credit score too low to withdraw" restriction.
//   score = clamp(0, max, base + verified identity + account age + repayment history
//                           + margin calls + forced sales)
import { and, count, eq, gte, isNotNull } from 'drizzle-orm';
import type { CreditScore } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { latestVerification, users } from '../../identity';
import { tradingMarginCalls, tradingPositions } from '../../trading';
import type { CreditDeps } from '../deps';
import { creditLoans } from '../schema';

const DAY_MS = 86_400_000;

export async function creditScoreOf(deps: Pick<CreditDeps, 'config' | 'businessClock'>, db: Database, userId: number): Promise<CreditScore> {
  const s = deps.config.score;
  const now = deps.businessClock.now();
  const since = new Date(now.getTime() - s.lookbackDays * DAY_MS);
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  const [verification, repaid, calls, liquidated, forced] = await Promise.all([
    latestVerification(db, userId),
    db
      .select({ n: count() })
      .from(creditLoans)
      .where(and(eq(creditLoans.userId, userId), eq(creditLoans.status, 'repaid'))),
    db
      .select({ n: count() })
      .from(tradingMarginCalls)
      .where(and(eq(tradingMarginCalls.userId, userId), gte(tradingMarginCalls.createdAt, since))),
    db
      .select({ n: count() })
      .from(tradingPositions)
      .where(and(eq(tradingPositions.userId, userId), eq(tradingPositions.endReason, 'liquidated'), gte(tradingPositions.updatedAt, since))),
    db
      .select({ n: count() })
      .from(creditLoans)
      .where(and(eq(creditLoans.userId, userId), isNotNull(creditLoans.forcedSaleAt), gte(creditLoans.forcedSaleAt, since))),
  ]);
  const verified = verification?.state === 'verified';
  const ageDays = user ? Math.max(0, Math.floor((now.getTime() - user.createdAt.getTime()) / DAY_MS)) : 0;
  const repaidCount = Number(repaid[0]?.n ?? 0);
  const callCount = Number(calls[0]?.n ?? 0);
  const forcedCount = Number(liquidated[0]?.n ?? 0) + Number(forced[0]?.n ?? 0);
  const inputs: CreditScore['inputs'] = [
    { name: 'verified-identity', value: String(verified), points: verified ? s.verifiedIdentityPoints : 0 },
    { name: 'account-age', value: String(ageDays), points: Math.min(s.accountAgeMaxPoints, Math.floor(ageDays / s.accountAgeDaysPerPoint)) },
    { name: 'repayment-history', value: String(repaidCount), points: Math.min(s.repaidMaxPoints, repaidCount * s.repaidLoanPoints) },
    { name: 'margin-calls', value: String(callCount), points: Math.max(s.marginCallFloor, callCount * s.marginCallPoints) },
    { name: 'forced-sales', value: String(forcedCount), points: Math.max(s.forcedSaleFloor, forcedCount * s.forcedSalePoints) },
  ];
  const raw = inputs.reduce((sum, i) => sum + i.points, s.base);
  const score = Math.max(0, Math.min(s.max, raw));
  return {
    score,
    restricted: score < s.withdrawThreshold,
    max: s.max,
    base: s.base,
    inputs,
    loanThreshold: s.loanThreshold,
    withdrawThreshold: s.withdrawThreshold,
  };
}
