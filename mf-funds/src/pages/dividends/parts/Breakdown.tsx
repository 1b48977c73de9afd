// A dividend's gross, each withheld tax and the net, and the ledger postings that moved them:
// every yen the customer is shown comes with the journal that booked it.
import { formatDateTime, formatMoneyText } from '@kabuto/shared-sdk';
import type { DividendAmounts, DividendPosting, DividendRules } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { SignedAmount } from '../../../common/SignedAmount';
import { useFundsText } from '../../../common/texts';
import type { FundsTextKey } from '../../../texts/en';

export function AmountRows({ amounts, rules, residentPercent }: { amounts: DividendAmounts; rules: DividendRules; residentPercent?: string }) {
  const { t } = useFundsText();
  return (
    <>
      <div className={styles.row}>
        <span>{t('div.gross')}</span>
        <span className={styles.value} data-testid="amount-gross">
          {formatMoneyText(amounts.gross)}
        </span>
      </div>
      <div className={styles.row}>
        <span>{t('div.incomeTax', { percent: rules.incomeTaxPercent })}</span>
        <span className={styles.value} data-testid="amount-income-tax">
          -{formatMoneyText(amounts.incomeTax)}
        </span>
      </div>
      <div className={styles.row}>
        <span>{t('div.residentTax', { percent: residentPercent ?? rules.residentTaxPercent })}</span>
        <span className={styles.value} data-testid="amount-resident-tax">
          -{formatMoneyText(amounts.residentTax)}
        </span>
      </div>
      <div className={styles.row}>
        <strong>{t('div.net')}</strong>
        <strong className={styles.value} data-testid="amount-net">
          {formatMoneyText(amounts.net)}
        </strong>
      </div>
    </>
  );
}

const STEP_LABELS: Readonly<Record<string, FundsTextKey>> = {
  receivable: 'div.step.receivable',
  payment: 'div.step.payment',
  reserve: 'div.step.reserve',
  settle: 'div.step.settle',
  split: 'div.step.split',
};

export function PostingList({ postings }: { postings: readonly DividendPosting[] }) {
  const { t, lang } = useFundsText();
  return (
    <section className={styles.card} data-testid="dividend-postings">
      <p className={styles.label}>{t('div.postings')}</p>
      {postings.length === 0 && <p className={styles.muted}>{t('div.postingsEmpty')}</p>}
      {postings.map((posting, index) => {
        const step = Object.prototype.hasOwnProperty.call(STEP_LABELS, posting.step) ? STEP_LABELS[posting.step] : undefined;
        return (
          <div
            className={styles.item}
            key={`${posting.journalId}-${posting.account}-${index}`}
            data-testid="dividend-posting"
            data-step={posting.step}
            data-account={posting.account}
          >
            <div className={styles.row}>
              <span>{step ? t(step) : posting.step}</span>
              <SignedAmount money={posting.amount} />
            </div>
            <div className={styles.row}>
              <span className={styles.muted}>
                {t('div.journal', { id: posting.journalId })} · {posting.account}
              </span>
              <span className={styles.muted}>{formatDateTime(posting.at, lang)}</span>
            </div>
          </div>
        );
      })}
    </section>
  );
}
