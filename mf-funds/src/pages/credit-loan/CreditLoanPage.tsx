// Credit loan (ROUTES.creditLoan, spec /pages/mine/pj): a securities-backed loan from a
// simulated partner bank with Kabuto as its simulated agent (docs/credit.md). The line, what is
// borrowable and owed, the ratio as a gauge with the published marks and the state the server
// reports, the credit score with its published inputs, the borrow and repay forms with the
// fund password, the collateral, the interest schedule, and the rules inline.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { QueryState, ROUTES, formatMoneyText, isLoaded } from '@kabuto/shared-sdk';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { FundPasswordNotice } from '@kabuto/shared-sdk/ui/forms';
import { useGetCreditSummaryQuery } from '../../api/credit';
import { useFundsText } from '../../common/texts';
import { CreditFigures, CreditRatio, CreditStateBanner } from './CreditFigures';
import { CollateralCard, CreditScoreCard, InterestCard } from './CreditDetails';
import { BorrowForm, RepayForm } from './LoanForms';
import { RulesSheet } from './RulesSheet';

export default function CreditLoanPage() {
  const { t } = useFundsText();
  const navigate = useNavigate();
  const query = useGetCreditSummaryQuery();
  const [rulesOpen, setRulesOpen] = useState(false);
  if (!isLoaded(query)) return <QueryState query={query} page />;
  const summary = query.data;
  return (
    <div className={styles.page} data-testid="credit-loan" data-state={summary.state}>
      <p className={styles.note} data-testid="credit-simulated">
        {t('credit.simulated')}
      </p>
      <CreditStateBanner summary={summary} />
      <CreditFigures summary={summary} />
      <CreditRatio summary={summary} />
      {summary.pending && (
        <p className={styles.note} data-testid="credit-pending" data-id={summary.pending.id}>
          {t('credit.pending', { orderNo: summary.pending.orderNo, amount: formatMoneyText(summary.pending.amount) })}
        </p>
      )}
      <FundPasswordNotice testId="credit" />
      <BorrowForm summary={summary} />
      <RepayForm summary={summary} />
      <CreditScoreCard summary={summary} />
      <CollateralCard summary={summary} />
      <InterestCard summary={summary} />
      <nav className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={() => setRulesOpen(true)} data-testid="credit-rules-open">
          {t('credit.rules')}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => void navigate(ROUTES.loanRecords)} data-testid="link-loan-records">
          {t('credit.records')}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => void navigate(ROUTES.lending)} data-testid="link-lending">
          {t('credit.lending')}
        </button>
      </nav>
      <RulesSheet summary={summary} open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </div>
  );
}
