// Loan interest (docs/credit.md §5) [SL1][SL2]: variable and tiered by the previous month-end
// principal (3.875 / 2.875 / 1.875 % p.a. by default), accrued per calendar day and posted at
// each business date's turn, capitalised monthly. Day count actual/365:
//   interest of day d = floor(principal at the end of d × rate ÷ 1 000 000 ÷ 365)
// The rate of a month is the band of the principal after the previous month's capitalisation
// (the first month: the band of the amount drawn). A day is posted once the business date has
// moved past it, before anything else changes the principal (repayments accrue first), so the
// principal at posting is the principal at the end of that day.
import { and, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { ledgerJournal, ledgerPostings, postJournal } from '../../funds';
import { addDays, jstDateKey, type DateKey } from '../../market';
import { rateForBalance } from '../config';
import type { CreditDeps } from '../deps';
import { interestAccount, lenderReceivable, loanAccount, loanBalances } from '../loans/accounts';
import { creditLoans, creditStatements, type CreditLoanRow } from '../schema';

export interface StatementWritten {
  userId: number;
  month: string;
  interest: bigint;
  principal: bigint;
  ratePpm: number;
  days: number;
}

const monthOf = (d: DateKey) => d.slice(0, 7);

/** The rate (ppm) of month `month` for this loan: band of the previous month's closing principal, else of the amount drawn. */
export async function monthRatePpm(deps: Pick<CreditDeps, 'config'>, db: Database, loan: CreditLoanRow, month: string): Promise<number> {
  const [prev] = await db
    .select({ principal: creditStatements.principal })
    .from(creditStatements)
    .where(and(eq(creditStatements.loanId, loan.id), eq(creditStatements.month, previousMonth(month))))
    .limit(1);
  return rateForBalance(deps.config, prev ? prev.principal : loan.borrowed);
}

export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export function dayInterest(principal: bigint, ratePpm: number, dayBasis: number): bigint {
  return principal <= 0n ? 0n : (principal * BigInt(ratePpm)) / (1_000_000n * BigInt(dayBasis));
}

/** Interest posted for this loan in `month` (its accrual journals, by reference). */
async function monthInterest(db: Database, loan: CreditLoanRow, month: string): Promise<{ interest: bigint; days: number }> {
  const [row] = await db
    .select({
      interest: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text`,
      days: sql<number>`count(distinct ${ledgerJournal.id})::int`,
    })
    .from(ledgerJournal)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, ledgerJournal.id))
    .where(
      and(
        eq(ledgerJournal.type, 'credit_interest_accrued'),
        like(ledgerJournal.reference, `credit-accrual:${loan.id}:${month}-%`),
        eq(ledgerPostings.userId, loan.userId),
      ),
    );
  return { interest: -BigInt(row?.interest ?? '0'), days: Number(row?.days ?? 0) };
}

/** Writes the statement of `month` (once): interest charged in it, principal after it, rate, days. */
async function writeStatement(deps: CreditDeps, tx: Database, loan: CreditLoanRow, month: string, principal: bigint): Promise<StatementWritten | null> {
  const { interest, days } = await monthInterest(tx, loan, month);
  const ratePpm = await monthRatePpm(deps, tx, loan, month);
  const [row] = await tx
    .insert(creditStatements)
    .values({ userId: loan.userId, loanId: loan.id, month, interest, principal, ratePpm, days, postedAt: deps.businessClock.now() })
    .onConflictDoNothing()
    .returning({ id: creditStatements.id });
  return row ? { userId: loan.userId, month, interest, principal, ratePpm, days } : null;
}

/**
 * Posts every day of an approved loan's interest not yet posted, up to the day before the
 * business date, capitalising at each month's turn. Call under the customer's funds lock.
 * Answers the statements written (their notices go out after commit).
 */
export async function accrueLoan(deps: CreditDeps, tx: Database, loan: CreditLoanRow): Promise<{ loan: CreditLoanRow; statements: StatementWritten[] }> {
  if (loan.status !== 'approved' || loan.accruedThrough === null) return { loan, statements: [] };
  const today = jstDateKey(deps.businessClock.now());
  const statements: StatementWritten[] = [];
  let through = loan.accruedThrough;
  let charged = 0n;
  let rate: { month: string; ppm: number } | null = null;
  while (addDays(through, 1) < today) {
    const day = addDays(through, 1);
    if (monthOf(day) !== monthOf(through)) {
      // Month turn: the month's unpaid interest joins the principal, then its statement.
      const { accrued } = await loanBalances(tx, loan.userId);
      if (accrued > 0n)
        await postJournal(tx, deps.clock, {
          type: 'credit_interest_capitalised',
          reference: `credit-capitalise:${loan.id}:${monthOf(through)}`,
          userId: loan.userId,
          postings: [
            { account: interestAccount(loan.userId), amount: accrued },
            { account: loanAccount(loan.userId), amount: -accrued },
          ],
        });
      const { principal } = await loanBalances(tx, loan.userId);
      const written = await writeStatement(deps, tx, loan, monthOf(through), principal);
      if (written) statements.push(written);
    }
    if (rate?.month !== monthOf(day)) rate = { month: monthOf(day), ppm: await monthRatePpm(deps, tx, loan, monthOf(day)) };
    const { principal } = await loanBalances(tx, loan.userId);
    const interest = dayInterest(principal, rate.ppm, deps.config.dayBasis);
    if (interest > 0n) {
      await postJournal(tx, deps.clock, {
        type: 'credit_interest_accrued',
        reference: `credit-accrual:${loan.id}:${day}`,
        userId: loan.userId,
        memo: `${day} principal ${principal} rate ${rate.ppm} ppm /${deps.config.dayBasis}`,
        postings: [
          { account: interestAccount(loan.userId), amount: -interest },
          { account: lenderReceivable(), amount: interest },
        ],
      });
      charged += interest;
    }
    through = day;
  }
  if (through === loan.accruedThrough) return { loan, statements };
  const [updated] = await tx
    .update(creditLoans)
    .set({ accruedThrough: through, interest: loan.interest + charged })
    .where(eq(creditLoans.id, loan.id))
    .returning();
  if (!updated) throw new Error(`loan ${loan.id} vanished`);
  return { loan: updated, statements };
}

/** The statement of the month a loan was repaid in (the last one). */
export async function finalStatement(deps: CreditDeps, tx: Database, loan: CreditLoanRow): Promise<StatementWritten | null> {
  return writeStatement(deps, tx, loan, monthOf(jstDateKey(deps.businessClock.now())), 0n);
}
