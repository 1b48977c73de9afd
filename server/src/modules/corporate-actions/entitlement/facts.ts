// The rows entitlement is worked out from: every customer fill in an issue up to a date, and the
// shares lent in interest-first mode (credit/lending) at the ex-date.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { lendingEnrolments, lendingLoans } from '../../credit';
import { tradingFills, tradingPositions } from '../../trading';
import type { FillFact } from './entitlement';

/** Fills of `code` traded on or before `through` (JST), every customer. */
export async function fillFactsOf(db: Database, code: string, through: string): Promise<FillFact[]> {
  const rows = await db
    .select({
      positionId: tradingFills.positionId,
      userId: tradingFills.userId,
      product: tradingPositions.product,
      direction: tradingPositions.direction,
      marginKind: tradingPositions.marginKind,
      side: tradingFills.side,
      quantity: tradingFills.quantity,
      tradeDate: sql<string>`to_char(${tradingFills.at} at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`,
    })
    .from(tradingFills)
    .innerJoin(tradingPositions, eq(tradingPositions.id, tradingFills.positionId))
    .where(and(eq(tradingPositions.code, code), sql`(${tradingFills.at} at time zone 'Asia/Tokyo')::date <= ${through}::date`));
  return rows.map((r) => ({ ...r, marginKind: r.marginKind ?? null }));
}

/** Shares of `code` each interest-first customer has on loan now. */
export async function interestFirstLent(db: Database, code: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: lendingLoans.userId, quantity: sql<number>`sum(${lendingLoans.quantity})::int` })
    .from(lendingLoans)
    .innerJoin(lendingEnrolments, eq(lendingEnrolments.userId, lendingLoans.userId))
    .where(and(eq(lendingLoans.code, code), eq(lendingEnrolments.mode, 'interest-first'), sql`${lendingEnrolments.optedOutAt} is null`))
    .groupBy(lendingLoans.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.quantity)]));
}
