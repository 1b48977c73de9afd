// The credit rules other modules ask without knowing credit (registered on their extensions):
// trading's sale guard (pledged shares sell only while the ratio stays within the draw limit),
// trading's buying-power exclusion (loan proceeds may not buy securities or fund margin
// [SL2][SL11]) and funds' withdrawal blocker (credit score too low to withdraw).
import { creditScoreWithdrawMessage, MSG } from '@kabuto/shared-sdk/messages';
import type { WithdrawalBlocker } from '../funds';
import type { BuyingPowerExclusion, SaleGuard } from '../trading';
import { collateralAfterSale, collateralOf } from './collateral/collateral';
import type { CreditDeps } from './deps';
import { loanBalances, owedByUser } from './loans/accounts';
import { jpy } from './loans/views';
import { compareRatio, ratioBpOf } from './monitor/ratio';
import { creditScoreOf } from './score/score';

/**
 * While a loan is outstanding, a sale of pledged shares is refused when the ratio after it
 * would be above the draw limit (60 %), with the figures. Exactly 60 % after the sale is allowed.
 */
export function collateralSaleGuard(deps: CreditDeps): SaleGuard {
  return {
    name: 'credit-collateral',
    check: async (tx, sale) => {
      const b = await loanBalances(tx, sale.userId);
      const outstanding = b.principal + b.accrued;
      if (outstanding <= 0n) return null;
      const before = await collateralOf(deps, tx, sale.userId);
      if (!before.issues.has(sale.code)) return null;
      const after = collateralAfterSale(deps.config, before, sale.code, sale.shares);
      if (compareRatio(outstanding, after.value, deps.config.drawLimitBp) <= 0) return null;
      return {
        msg: MSG.collateralSaleRefused,
        data: {
          rule: 'collateral-draw-limit',
          code: sale.code,
          shares: sale.shares,
          outstanding: jpy(outstanding).amount,
          collateralAfter: jpy(after.value).amount,
          ratioAfterBp: ratioBpOf(outstanding, after.value),
          limitBp: deps.config.drawLimitBp,
        },
      };
    },
  };
}

/**
 * Loan proceeds out of buying power: excluded = min(cash, principal + accrued interest). Cash
 * beyond what is owed is the customer's own and buys; cash up to it does not, however it
 * was spent before (the rule needs no tracing of which yen came from the loan).
 */
function proceedsExcluded(owed: bigint, cash: bigint): bigint {
  if (owed <= 0n || cash <= 0n) return 0n;
  return owed < cash ? owed : cash;
}

export function loanProceedsExclusion(): BuyingPowerExclusion {
  return {
    name: 'loan-proceeds',
    excludedMinor: async (db, userId, cash) => {
      const b = await loanBalances(db, userId);
      return proceedsExcluded(b.principal + b.accrued, cash);
    },
    // The placement writer's batch: every customer's loan balances in one statement.
    excludedMinorMany: async (db, cash) => {
      const owed = await owedByUser(db, [...cash.keys()]);
      return new Map([...cash].map(([userId, c]) => [userId, proceedsExcluded(owed.get(userId) ?? 0n, c)]));
    },
  };
}

export function creditScoreWithdrawalBlocker(deps: CreditDeps): WithdrawalBlocker {
  return {
    name: 'credit-score',
    // The catalogue's creditScoreTooLowToWithdraw, naming the score and the published threshold.
    check: async (db, userId) => {
      const s = await creditScoreOf(deps, db, userId);
      return s.restricted ? { special: creditScoreWithdrawMessage(s.score, s.withdrawThreshold) } : null;
    },
  };
}
