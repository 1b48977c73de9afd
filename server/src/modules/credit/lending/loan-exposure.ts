// While a securities-backed loan is pending review or approved (outstanding), nothing is lent:
// the holdings are, or may become, its collateral (as SBI excludes Comstock Loan users [LN5]).
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { creditLoans } from '../schema';

export async function hasPendingOrOutstandingLoan(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: creditLoans.id })
    .from(creditLoans)
    .where(and(eq(creditLoans.userId, userId), inArray(creditLoans.status, ['pending', 'approved'])))
    .limit(1);
  return row !== undefined;
}
