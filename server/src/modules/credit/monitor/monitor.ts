// The credit monitor (docs/credit.md §4), modelled on trading's margin monitor: per customer
// with an approved loan, under their funds lock: interest posted up to yesterday, then the
// ratio on previous closes [SL1]:
//   ≥ 70 %, no open notice: a shortfall notice with the amount to cure back to 60 % and a
//     deadline 5 business days away, the notice day included [SL3];
//   open notice, ratio back at 60 % or below: cured;
//   > 85 %, or a notice still open after its deadline day: forced sale of ALL collateral at
//     market through trading's liquidation path, audited, notified, irrevocable [SL1];
//   after a forced sale: settled cash repays the loan as the proceeds settle.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ApiFailure } from '../../../http/envelope';
import { availableMinor, withUserFundsLock } from '../../funds';
import { isBusinessDay, jstDateKey, nextBusinessDay, type DateKey } from '../../market';
import { writeAudit } from '../../ops';
import { CREDIT_SYSTEM_ACTOR, type CreditDeps } from '../deps';
import { accrueLoan } from '../interest/interest';
import { creditFigures } from '../loans/figures';
import { repayInLock } from '../loans/loans';
import { deliverCreditNotices, forcedSaleNotice, shortfallNotice, statementNotice, storeCreditNotice, type StoredCreditNotice } from '../notices';
import { creditLoans, creditShortfalls } from '../schema';
import { amountToCure, compareRatio } from './ratio';

/** The last day to cure: the n-th business day counting the notice day (or the next business day) as the first. */
export function shortfallDeadline(noticeDay: DateKey, businessDays: number): DateKey {
  let d = isBusinessDay(noticeDay) ? noticeDay : nextBusinessDay(noticeDay);
  for (let i = 1; i < businessDays; i++) d = nextBusinessDay(d);
  return d;
}

export interface CheckOutcome {
  state: string;
  forcedSale: boolean;
  shortfallNotice: boolean;
}

/** One pass for one customer. */
export async function checkCredit(deps: CreditDeps, userId: number): Promise<CheckOutcome> {
  const outcome: CheckOutcome = { state: 'none', forcedSale: false, shortfallNotice: false };
  const toSell: number[] = [];
  const stored: (StoredCreditNotice | null)[] = [];
  await withUserFundsLock(deps.db, deps.clock, userId, async (tx) => {
    const [open] = await tx
      .select()
      .from(creditLoans)
      .where(and(eq(creditLoans.userId, userId), eq(creditLoans.status, 'approved')))
      .for('update')
      .limit(1);
    if (!open) return;
    const { loan, statements } = await accrueLoan(deps, tx, open);
    for (const s of statements) stored.push(await storeCreditNotice(deps, tx, userId, statementNotice(s.month, s.interest, s.principal, s.ratePpm, s.days)));
    const today = jstDateKey(deps.businessClock.now());
    if (loan.forcedSaleAt) {
      // Proceeds repay the loan once they settle (available: settled, not held).
      const f = await creditFigures(deps, tx, userId);
      const available = await availableMinor({ extensions: deps.funds }, tx, userId, 'JPY');
      const pay = available < f.outstanding ? available : f.outstanding;
      if (pay > 0n) stored.push(...(await repayInLock(deps, tx, userId, pay, 'forced-sale')).stored);
      outcome.state = 'forced-sale';
      return;
    }
    const f = await creditFigures(deps, tx, userId);
    outcome.state = f.state;
    const overdue = f.shortfall !== null && today > f.shortfall.deadline;
    if (f.state === 'forced-sale' || overdue) {
      const reason = overdue ? `shortfall uncured after ${f.shortfall?.deadline}` : `ratio above ${deps.config.forcedSaleBp / 100}%`;
      for (const issue of f.collateral.issues.values()) toSell.push(...issue.positionIds);
      await tx.update(creditLoans).set({ forcedSaleAt: deps.clock.now() }).where(eq(creditLoans.id, loan.id));
      if (f.shortfall) await tx.update(creditShortfalls).set({ state: 'forced', resolvedAt: deps.clock.now() }).where(eq(creditShortfalls.id, f.shortfall.id));
      await writeAudit(tx, deps.clock, CREDIT_SYSTEM_ACTOR, {
        action: 'credit.forced_sale',
        targetUserId: userId,
        reason,
        details: {
          loanId: loan.id,
          ratioBp: f.ratioBp,
          outstanding: f.outstanding.toString(),
          collateralValue: f.collateral.value.toString(),
          positions: toSell,
        },
      });
      stored.push(await storeCreditNotice(deps, tx, userId, forcedSaleNotice(f.ratioBp, reason)));
      outcome.forcedSale = true;
      outcome.state = 'forced-sale';
      return;
    }
    if (f.shortfall && compareRatio(f.outstanding, f.collateral.value, deps.config.drawLimitBp) <= 0) {
      await tx.update(creditShortfalls).set({ state: 'cured', resolvedAt: deps.clock.now() }).where(eq(creditShortfalls.id, f.shortfall.id));
      return;
    }
    if (!f.shortfall && compareRatio(f.outstanding, f.collateral.value, deps.config.shortfallBp) >= 0) {
      const cure = amountToCure(deps.config, f.outstanding, f.collateral.value);
      const deadline = shortfallDeadline(today, deps.config.shortfallBusinessDays);
      await tx.insert(creditShortfalls).values({
        userId,
        loanId: loan.id,
        ratioBp: f.ratioBp ?? 0,
        amountToCure: cure,
        deadline,
        state: 'open',
        noticeAt: deps.businessClock.now(),
      });
      await writeAudit(tx, deps.clock, CREDIT_SYSTEM_ACTOR, {
        action: 'credit.shortfall_notice',
        targetUserId: userId,
        reason: `ratio ${f.ratioBp} bp ≥ ${deps.config.shortfallBp} bp`,
        details: { loanId: loan.id, amountToCure: cure.toString(), deadline },
      });
      stored.push(await storeCreditNotice(deps, tx, userId, shortfallNotice(f.ratioBp ?? 0, cure, deadline)));
      outcome.shortfallNotice = true;
    }
  });
  await deliverCreditNotices(deps, stored);
  // Entered after the decision committed: trading takes each position's own lock.
  if (toSell.length > 0) {
    if (!deps.trading.actions) throw new Error('trading is not running: a forced sale cannot be entered');
    for (const positionId of toSell) await deps.trading.actions.sellHoldingByRule(positionId);
  }
  return outcome;
}

/** One pass over every customer with an approved loan; one customer's failure does not stop the rest. */
export async function sweepCredit(deps: CreditDeps, onError: (error: unknown) => void = () => undefined): Promise<void> {
  const rows = await deps.db.select({ userId: creditLoans.userId }).from(creditLoans).where(eq(creditLoans.status, 'approved'));
  for (const { userId } of rows) {
    try {
      await checkCredit(deps, userId);
    } catch (error) {
      // Another fund operation of the customer holds the lock: the next pass takes them.
      if (error instanceof ApiFailure && error.msgKey === MSG.fundOperationInProgress) continue;
      onError(error);
    }
  }
}
