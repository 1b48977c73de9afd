// The loan flow (docs/credit.md §3): apply → pending review → an operator approves (disburses
// into cash) or rejects (with the customer's reason) → repay any time, part or all, from cash
// → repaid. One application or loan in progress per customer (the spec's "outstanding credit
// loan must be repaid first" and "pending order awaiting review"). Every step runs under the
// customer's funds lock (the lock trading's sale guard and buying power are read under), is
// idempotent by key, and posts through postJournal.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { parseAmountToMinor, type creditApplyFormSchema, type creditRepayFormSchema, type LoanRecord, type LoanRecordsPage } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import { ok, type OkEnvelope } from '../../../http/envelope';
import { availableMinor, postJournal, refuse, rememberAnswer, replayIfSeen, withUserFundsLock, type IdempotentRequest } from '../../funds';
import { checkFundPassword } from '../../identity';
import { addDays, jstDateKey } from '../../market';
import { writeAudit } from '../../ops';
import type { CreditDeps } from '../deps';
import { accrueLoan, finalStatement, type StatementWritten } from '../interest/interest';
import { approvedNotice, deliverCreditNotices, rejectedNotice, statementNotice, storeCreditNotice, type StoredCreditNotice } from '../notices';
import { creditScoreOf } from '../score/score';
import { creditLoans, creditShortfalls, type CreditLoanRow } from '../schema';
import { customerCash, interestAccount, lenderFunding, lenderReceivable, loanAccount, loanBalances } from './accounts';
import { creditFigures } from './figures';
import { jpy, loanRecordView } from './views';
import { amountToCure, compareRatio } from '../monitor/ratio';

type ApplyForm = z.output<typeof creditApplyFormSchema>;
type RepayForm = z.output<typeof creditRepayFormSchema>;

export interface CreditCustomer {
  id: number;
}

export interface Operator {
  name: string;
}

const yenOf = (text: string): bigint => {
  const parsed = parseAmountToMinor(text, 0);
  if (!parsed.ok) refuse(parsed.error);
  return parsed.minor;
};

async function openLoanOf(db: CreditDeps['db'], userId: number): Promise<CreditLoanRow | undefined> {
  const [row] = await db
    .select()
    .from(creditLoans)
    .where(and(eq(creditLoans.userId, userId), inArray(creditLoans.status, ['pending', 'approved'])))
    .for('update')
    .limit(1);
  return row;
}

/** Posts a day's worth of interest statements' notices (after the transaction commits). */
async function statementNotices(deps: CreditDeps, tx: CreditDeps['db'], written: readonly StatementWritten[]): Promise<(StoredCreditNotice | null)[]> {
  const stored: (StoredCreditNotice | null)[] = [];
  for (const s of written) stored.push(await storeCreditNotice(deps, tx, s.userId, statementNotice(s.month, s.interest, s.principal, s.ratePpm, s.days)));
  return stored;
}

export async function applyLoan(deps: CreditDeps, user: CreditCustomer, form: ApplyForm): Promise<OkEnvelope<LoanRecord>> {
  const amount = yenOf(form.amount);
  const request: IdempotentRequest = {
    userId: user.id,
    key: form.idempotencyKey,
    action: 'credit.apply',
    params: { amount: amount.toString(), note: form.reason ?? '' },
  };
  const seen = await replayIfSeen<LoanRecord>(deps.db, request);
  if (seen) return seen;
  await checkFundPassword(deps.db, user.id, form.fundPassword, MSG.fundPasswordEmpty);
  const record = await withUserFundsLock(deps.db, deps.clock, user.id, async (tx) => {
    const again = await replayIfSeen<LoanRecord>(tx, request);
    if (again) return again.data;
    const open = await openLoanOf(tx, user.id);
    if (open?.status === 'pending') refuse(MSG.loanPendingReview, { rule: 'one-application', orderNo: open.orderNo });
    if (open?.status === 'approved') refuse(MSG.repayOutstandingLoanFirst, { rule: 'one-loan', orderNo: open.orderNo });
    const score = await creditScoreOf(deps, tx, user.id);
    if (score.restricted)
      refuse(MSG.accountRestrictedByCreditScore, { rule: 'credit-score-restriction', score: score.score, threshold: score.withdrawThreshold });
    if (score.score < score.loanThreshold) refuse(MSG.creditScoreInsufficient, { rule: 'credit-score', score: score.score, threshold: score.loanThreshold });
    const f = await creditFigures(deps, tx, user.id);
    if (amount > f.borrowable)
      refuse(MSG.loanLimitInsufficient, {
        rule: 'credit-line',
        amount: jpy(amount).amount,
        borrowable: jpy(f.borrowable).amount,
        creditLine: jpy(f.collateral.line).amount,
      });
    const now = deps.clock.now();
    const [row] = await tx
      .insert(creditLoans)
      .values({
        userId: user.id,
        orderNo: 'pending',
        amount,
        status: 'pending',
        note: form.reason ?? null,
        creditScore: score.score,
        creditLine: f.collateral.line,
        borrowable: f.borrowable,
        appliedAt: now,
      })
      .returning();
    if (!row) throw new Error('loan application not stored');
    const orderNo = `CL${jstDateKey(deps.businessClock.now()).replaceAll('-', '')}${String(row.id).padStart(6, '0')}`;
    const [numbered] = await tx.update(creditLoans).set({ orderNo }).where(eq(creditLoans.id, row.id)).returning();
    const view = loanRecordView(numbered as CreditLoanRow);
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.loanApplied, data: view });
    return view;
  });
  return ok(record, MSG.loanApplied);
}

async function loanOwner(deps: CreditDeps, id: number): Promise<number> {
  const [row] = await deps.db.select({ userId: creditLoans.userId }).from(creditLoans).where(eq(creditLoans.id, id)).limit(1);
  if (!row) refuse(MSG.loanNotFound);
  return row.userId;
}

async function pendingForUpdate(tx: CreditDeps['db'], id: number): Promise<CreditLoanRow> {
  const [row] = await tx.select().from(creditLoans).where(eq(creditLoans.id, id)).for('update').limit(1);
  if (!row) refuse(MSG.loanNotFound);
  if (row.status !== 'pending') refuse(MSG.loanNotPending, { status: row.status });
  return row;
}

/** Operator approval: re-checked against the line now, then disbursed into cash, audited, notified. */
export async function approveLoan(deps: CreditDeps, id: number, operator: Operator, reason: string | null): Promise<LoanRecord> {
  const userId = await loanOwner(deps, id);
  const { view, stored } = await withUserFundsLock(deps.db, deps.clock, userId, async (tx) => {
    const row = await pendingForUpdate(tx, id);
    const f = await creditFigures(deps, tx, userId);
    // Prices may have moved since the application: no draw above the line (ratio ≤ LTV ≤ 60 %).
    if (row.amount > f.borrowable)
      refuse(MSG.loanLimitInsufficient, {
        rule: 'credit-line',
        amount: jpy(row.amount).amount,
        borrowable: jpy(f.borrowable).amount,
        creditLine: jpy(f.collateral.line).amount,
      });
    await postJournal(tx, deps.clock, {
      type: 'credit_loan_disbursed',
      reference: `credit-loan:${row.id}`,
      userId,
      memo: `${row.orderNo} lender ${deps.config.lender.name}`,
      postings: [
        { account: lenderFunding(), amount: -row.amount },
        { account: customerCash(userId, 'JPY'), amount: row.amount },
        { account: loanAccount(userId), amount: -row.amount },
        { account: lenderReceivable(), amount: row.amount },
      ],
    });
    const today = jstDateKey(deps.businessClock.now());
    const [updated] = await tx
      .update(creditLoans)
      .set({ status: 'approved', borrowed: row.amount, decidedAt: deps.clock.now(), decidedBy: operator.name, accruedThrough: addDays(today, -1) })
      .where(eq(creditLoans.id, row.id))
      .returning();
    await writeAudit(tx, deps.clock, operator, {
      action: 'credit.loan.approve',
      targetUserId: userId,
      reason,
      details: { loanId: row.id, orderNo: row.orderNo, amount: row.amount.toString(), borrowable: f.borrowable.toString(), ratioBp: f.ratioBp },
    });
    const stored = await storeCreditNotice(deps, tx, userId, approvedNotice(row.orderNo, row.amount));
    return { view: loanRecordView(updated as CreditLoanRow), stored };
  });
  await deliverCreditNotices(deps, [stored]);
  return view;
}

export async function rejectLoan(deps: CreditDeps, id: number, operator: Operator, reason: string): Promise<LoanRecord> {
  const userId = await loanOwner(deps, id);
  const { view, stored } = await withUserFundsLock(deps.db, deps.clock, userId, async (tx) => {
    const row = await pendingForUpdate(tx, id);
    const [updated] = await tx
      .update(creditLoans)
      .set({ status: 'rejected', decidedAt: deps.clock.now(), decidedBy: operator.name, rejectReason: reason })
      .where(eq(creditLoans.id, row.id))
      .returning();
    await writeAudit(tx, deps.clock, operator, {
      action: 'credit.loan.reject',
      targetUserId: userId,
      reason,
      details: { loanId: row.id, orderNo: row.orderNo, amount: row.amount.toString() },
    });
    const stored = await storeCreditNotice(deps, tx, userId, rejectedNotice(row.orderNo, row.amount, reason));
    return { view: loanRecordView(updated as CreditLoanRow), stored };
  });
  await deliverCreditNotices(deps, [stored]);
  return view;
}

/**
 * Repays `amount` of the approved loan from cash under the lock the caller holds: interest
 * first, then principal. Answers the loan row after it and the statement notices to deliver.
 */
export async function repayInLock(
  deps: CreditDeps,
  tx: CreditDeps['db'],
  userId: number,
  amount: bigint,
  source: 'customer' | 'forced-sale',
): Promise<{ loan: CreditLoanRow; stored: (StoredCreditNotice | null)[] }> {
  const open = await openLoanOf(tx, userId);
  if (open?.status !== 'approved') refuse(MSG.noOutstandingLoan, { rule: 'no-loan' });
  const accrued = await accrueLoan(deps, tx, open);
  const stored = await statementNotices(deps, tx, accrued.statements);
  const loan = accrued.loan;
  const b = await loanBalances(tx, userId);
  const outstanding = b.principal + b.accrued;
  if (amount > outstanding)
    refuse(MSG.repaymentExceedsLoan, { rule: 'repay-at-most-outstanding', amount: jpy(amount).amount, outstanding: jpy(outstanding).amount });
  const available = await availableMinor({ extensions: deps.funds }, tx, userId, 'JPY');
  if (amount > available) refuse(MSG.insufficientAvailableBalance, { rule: 'repay-from-cash', amount: jpy(amount).amount, available: jpy(available).amount });
  const interestPart = amount < b.accrued ? amount : b.accrued;
  const principalPart = amount - interestPart;
  const postings = [
    { account: customerCash(userId, 'JPY'), amount: -amount },
    { account: lenderFunding(), amount },
    { account: lenderReceivable(), amount: -amount },
  ];
  if (interestPart > 0n) postings.push({ account: interestAccount(userId), amount: interestPart });
  if (principalPart > 0n) postings.push({ account: loanAccount(userId), amount: principalPart });
  await postJournal(tx, deps.clock, {
    type: 'credit_loan_repaid',
    reference: `credit-loan:${loan.id}`,
    userId,
    memo: `${loan.orderNo} ${source} interest ${interestPart} principal ${principalPart}`,
    postings,
  });
  const done = amount === outstanding;
  const [updated] = await tx
    .update(creditLoans)
    .set({ repaid: loan.repaid + amount, ...(done ? { status: 'repaid' as const, repaidAt: deps.clock.now() } : {}) })
    .where(eq(creditLoans.id, loan.id))
    .returning();
  if (!updated) throw new Error(`loan ${loan.id} vanished`);
  if (done) {
    const last = await finalStatement(deps, tx, updated);
    if (last) stored.push(await storeCreditNotice(deps, tx, userId, statementNotice(last.month, last.interest, last.principal, last.ratePpm, last.days)));
    await tx
      .update(creditShortfalls)
      .set({ state: 'cured', resolvedAt: deps.clock.now() })
      .where(and(eq(creditShortfalls.loanId, loan.id), eq(creditShortfalls.state, 'open')));
  } else {
    // A repayment that brings the ratio back to the draw limit cures an open notice at once.
    const f = await creditFigures(deps, tx, userId);
    if (
      f.shortfall &&
      amountToCure(deps.config, f.outstanding, f.collateral.value) === 0n &&
      compareRatio(f.outstanding, f.collateral.value, deps.config.drawLimitBp) <= 0
    )
      await tx.update(creditShortfalls).set({ state: 'cured', resolvedAt: deps.clock.now() }).where(eq(creditShortfalls.id, f.shortfall.id));
  }
  return { loan: updated, stored };
}

export async function repayLoan(deps: CreditDeps, user: CreditCustomer, form: RepayForm): Promise<OkEnvelope<LoanRecord>> {
  const amount = yenOf(form.amount);
  const request: IdempotentRequest = { userId: user.id, key: form.idempotencyKey, action: 'credit.repay', params: { amount: amount.toString() } };
  const seen = await replayIfSeen<LoanRecord>(deps.db, request);
  if (seen) return seen;
  await checkFundPassword(deps.db, user.id, form.fundPassword, MSG.fundPasswordEmpty);
  const { view, stored } = await withUserFundsLock(deps.db, deps.clock, user.id, async (tx) => {
    const again = await replayIfSeen<LoanRecord>(tx, request);
    if (again) return { view: again.data, stored: [] };
    const { loan, stored } = await repayInLock(deps, tx, user.id, amount, 'customer');
    const b = await loanBalances(tx, user.id);
    const view = loanRecordView(loan, b.principal + b.accrued);
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.repaySuccess, data: view });
    return { view, stored };
  });
  await deliverCreditNotices(deps, stored);
  return ok(view, MSG.repaySuccess);
}

export async function loanRecords(deps: CreditDeps, userId: number, page: number, size: number): Promise<LoanRecordsPage> {
  const [rows, total, balances] = await Promise.all([
    deps.db
      .select()
      .from(creditLoans)
      .where(eq(creditLoans.userId, userId))
      .orderBy(desc(creditLoans.id))
      .limit(size)
      .offset((page - 1) * size),
    deps.db.select({ n: count() }).from(creditLoans).where(eq(creditLoans.userId, userId)),
    loanBalances(deps.db, userId),
  ]);
  const n = Number(total[0]?.n ?? 0);
  return {
    list: rows.map((r) => loanRecordView(r, r.status === 'approved' ? balances.principal + balances.accrued : 0n)),
    page,
    size,
    total: n,
    hasMore: page * size < n,
  };
}
