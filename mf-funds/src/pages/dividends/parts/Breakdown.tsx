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

const ACCOUNT_LABELS: Readonly<Record<string, FundsTextKey>> = {
  customer_cash: 'div.account.customer_cash',
  customer_frozen: 'div.account.customer_frozen',
  dividend_receivable: 'div.account.dividend_receivable',
  dividend_issuer_clearing: 'div.account.dividend_issuer_clearing',
  tax_payable_income: 'div.account.tax_payable_income',
  tax_payable_resident: 'div.account.tax_payable_resident',
  dividend_adjustment_receivable: 'div.account.dividend_adjustment_receivable',
  dividend_adjustment_reserved: 'div.account.dividend_adjustment_reserved',
  dividend_adjustment_clearing: 'div.account.dividend_adjustment_clearing',
};

/** A ledger account ('tax_payable_income' or its key 'tax_payable_income:JPY') by name; an unknown kind as it is. */
export function accountText(account: string, t: (key: FundsTextKey) => string): string {
  const kind = account.split(':', 1)[0] ?? account;
  const label = Object.prototype.hasOwnProperty.call(ACCOUNT_LABELS, kind) ? ACCOUNT_LABELS[kind] : undefined;
  return label ? t(label) : account;
}

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
                {t('div.journal', { id: posting.journalId })} · {accountText(posting.account, t)}
              </span>
              <span className={styles.muted}>{formatDateTime(posting.at, lang)}</span>
            </div>
          </div>
        );
      })}
    </section>
  );
}
