// The loan in the ledger. The customer owes the (simulated) partner bank: their `credit_loan`
// account holds the principal and `credit_interest` the accrued interest, both negative (owed);
// the bank's side is `credit_lender_receivable` (what it is owed) and `credit_lender_funding`
// (the cash it lent through Kabuto, its agent). Every movement nets to zero:
//   disbursed   funding −A, customer cash +A; customer loan −A, receivable +A
//   accrued     customer interest −x, receivable +x
//   capitalised customer interest +x, customer loan −x
//   repaid      customer cash −R, funding +R; customer interest +i, loan +p, receivable −R (R = i + p)
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { brokerAccount, customerCash, ledgerBalances, ledgerAccounts, type AccountRef } from '../../funds';

export const CREDIT_ACCOUNTS = {
  loan: 'credit_loan',
  interest: 'credit_interest',
  lenderReceivable: 'credit_lender_receivable',
  lenderFunding: 'credit_lender_funding',
} as const;

export const loanAccount = (userId: number): AccountRef => ({ kind: CREDIT_ACCOUNTS.loan, currency: 'JPY', userId });
export const interestAccount = (userId: number): AccountRef => ({ kind: CREDIT_ACCOUNTS.interest, currency: 'JPY', userId });
export const lenderReceivable = (): AccountRef => brokerAccount(CREDIT_ACCOUNTS.lenderReceivable, 'JPY');
export const lenderFunding = (): AccountRef => brokerAccount(CREDIT_ACCOUNTS.lenderFunding, 'JPY');
export { customerCash };

export interface LoanBalances {
  /** Principal owed (≥ 0). */
  principal: bigint;
  /** Accrued interest owed, not yet capitalised (≥ 0). */
  accrued: bigint;
  /** Customer cash (JPY). */
  cash: bigint;
}

/** Principal + accrued interest owed (≥ 0) by each customer, in one read for them all (absent: nothing owed). */
export async function owedByUser(db: Database, userIds: readonly number[]): Promise<Map<number, bigint>> {
  const owed = new Map<number, bigint>();
  if (userIds.length === 0) return owed;
  const rows = await db
    .select({ userId: ledgerAccounts.userId, balance: sql<string>`${ledgerBalances.balance}::text` })
    .from(ledgerAccounts)
    .innerJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id))
    .where(
      and(
        inArray(ledgerAccounts.userId, [...userIds]),
        eq(ledgerAccounts.currency, 'JPY'),
        inArray(ledgerAccounts.kind, [CREDIT_ACCOUNTS.loan, CREDIT_ACCOUNTS.interest]),
      ),
    );
  for (const r of rows) if (r.userId !== null) owed.set(r.userId, (owed.get(r.userId) ?? 0n) - BigInt(r.balance));
  return owed;
}

/** The customer's principal, accrued interest and cash, from the ledger's balances, in one read. */
export async function loanBalances(db: Database, userId: number): Promise<LoanBalances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: sql<string>`${ledgerBalances.balance}::text` })
    .from(ledgerAccounts)
    .innerJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.currency, 'JPY'),
        inArray(ledgerAccounts.kind, [CREDIT_ACCOUNTS.loan, CREDIT_ACCOUNTS.interest, 'customer_cash']),
      ),
    );
  const of = (kind: string) => BigInt(rows.find((r) => r.kind === kind)?.balance ?? '0');
  return { principal: -of(CREDIT_ACCOUNTS.loan), accrued: -of(CREDIT_ACCOUNTS.interest), cash: of('customer_cash') };
}
