// The independent check of a customer's loan interest (docs/credit.md §9): recomputed from the
// published schedule (config defaults) and the ledger's postings alone — not through the credit
// module's own accrual code — and compared posting by posting. For each loan, walking the
// customer's credit journals in the order they were written:
//   band of a month = the amount drawn (first month), else the principal at the month's first
//                     accrual (right after the previous month's capitalisation);
//   each calendar day from the payout to the last day posted: floor(P × rate ÷ 1e6 ÷ 365);
//   each capitalisation = the accrued interest then owed.
// Lending fees are checked beside it (./lending-check.ts).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ledgerAccounts, ledgerJournal, ledgerPostings } from '../modules/funds';
import { CREDIT_ACCOUNTS, creditLoans, DEFAULT_CREDIT_CONFIG, type CreditConfig } from '../modules/credit';

export interface CreditCheckLine {
  loanId: number;
  what: string;
  expected: string;
  posted: string;
  match: boolean;
}

export interface CreditCheckResult {
  userId: number;
  lines: CreditCheckLine[];
  match: boolean;
}

function nextDay(key: string): string {
  const d = new Date(`${key}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function rateOf(config: Pick<CreditConfig, 'interestTiers'>, balance: bigint): number {
  for (const tier of config.interestTiers) if (tier.upToYen === null || balance <= tier.upToYen) return tier.ratePpm;
  return config.interestTiers[config.interestTiers.length - 1]?.ratePpm ?? 0;
}

export async function checkCreditInterest(
  db: Database,
  userId: number,
  config: Pick<CreditConfig, 'interestTiers' | 'dayBasis'> = DEFAULT_CREDIT_CONFIG,
): Promise<CreditCheckResult> {
  const lines: CreditCheckLine[] = [];
  const loans = await db.select().from(creditLoans).where(eq(creditLoans.userId, userId)).orderBy(asc(creditLoans.id));
  const rows = await db
    .select({
      journalId: ledgerJournal.id,
      type: ledgerJournal.type,
      reference: ledgerJournal.reference,
      kind: ledgerAccounts.kind,
      amount: ledgerPostings.amount,
    })
    .from(ledgerJournal)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, ledgerJournal.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerJournal.userId, userId),
        inArray(ledgerJournal.type, ['credit_loan_disbursed', 'credit_loan_repaid', 'credit_interest_accrued', 'credit_interest_capitalised']),
        inArray(ledgerAccounts.kind, [CREDIT_ACCOUNTS.loan, CREDIT_ACCOUNTS.interest]),
      ),
    )
    .orderBy(asc(ledgerJournal.id));
  const dayBasis = BigInt(config.dayBasis);
  for (const loan of loans) {
    if (loan.status === 'pending' || loan.status === 'rejected') continue;
    const mine = rows.filter(
      (r) =>
        r.reference === `credit-loan:${loan.id}` ||
        r.reference.startsWith(`credit-accrual:${loan.id}:`) ||
        r.reference.startsWith(`credit-capitalise:${loan.id}:`),
    );
    let principal = 0n;
    let accrued = 0n;
    let firstMonth: string | null = null;
    let lastDay: string | null = null;
    const bands = new Map<string, number>();
    let charged = 0n;
    const journals = [...new Set(mine.map((r) => r.journalId))];
    for (const id of journals) {
      const postings = mine.filter((r) => r.journalId === id);
      const head = postings[0];
      if (!head) continue;
      const loanDelta = -postings.filter((p) => p.kind === CREDIT_ACCOUNTS.loan).reduce((s, p) => s + p.amount, 0n);
      const interestDelta = -postings.filter((p) => p.kind === CREDIT_ACCOUNTS.interest).reduce((s, p) => s + p.amount, 0n);
      if (head.type === 'credit_interest_accrued') {
        const day = head.reference.split(':')[2] as string;
        const month = day.slice(0, 7);
        if (firstMonth === null) firstMonth = month;
        if (!bands.has(month)) bands.set(month, rateOf(config, month === firstMonth ? loan.borrowed : principal));
        const ppm = bands.get(month) as number;
        // Days with nothing posted between the previous and this one must have owed nothing.
        for (let d = lastDay === null ? null : nextDay(lastDay); d !== null && d < day; d = nextDay(d)) {
          const owed = (principal * BigInt(ppm)) / (1_000_000n * dayBasis);
          if (owed > 0n) lines.push({ loanId: loan.id, what: `interest ${d}`, expected: owed.toString(), posted: '0', match: false });
        }
        const expected = (principal * BigInt(ppm)) / (1_000_000n * dayBasis);
        lines.push({
          loanId: loan.id,
          what: `interest ${day} on ${principal} at ${ppm} ppm`,
          expected: expected.toString(),
          posted: interestDelta.toString(),
          match: expected === interestDelta,
        });
        accrued += interestDelta;
        charged += interestDelta;
        lastDay = day;
      } else if (head.type === 'credit_interest_capitalised') {
        lines.push({
          loanId: loan.id,
          what: `capitalised ${head.reference.split(':')[2]}`,
          expected: accrued.toString(),
          posted: loanDelta.toString(),
          match: loanDelta === accrued && interestDelta === -accrued,
        });
        principal += loanDelta;
        accrued += interestDelta;
      } else {
        if (head.type === 'credit_loan_disbursed') firstMonth = null;
        principal += loanDelta;
        accrued += interestDelta;
      }
    }
    lines.push({
      loanId: loan.id,
      what: 'interest charged (loan record)',
      expected: charged.toString(),
      posted: loan.interest.toString(),
      match: charged === loan.interest,
    });
  }
  return { userId, lines, match: lines.every((l) => l.match) };
}

export function formatCreditCheck(result: CreditCheckResult): string {
  const body = result.lines.map((l) => `${l.match ? 'match   ' : 'MISMATCH'} loan ${l.loanId} ${l.what}: expected ${l.expected}, posted ${l.posted}`);
  return [...body, `${result.match ? 'match' : 'mismatch'}: ${result.lines.length} figures of customer ${result.userId} checked`].join('\n');
}
