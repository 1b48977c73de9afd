// Rows of the fund records: trade-tab entries (every journal entry that is not a
// deposit or withdrawal), deposits and withdrawals with their review state.
import type { DepositRecord, Money, TradeRecord, WithdrawalRecord } from '@kabuto/shared-sdk/schemas';
import { formatDateTime } from '@kabuto/shared-sdk';
import { JOURNAL_LABELS } from './labels';
import { formatMoneyText, formatSignedMoney } from './money';
import { useFundsText } from './texts';
import styles from './page.module.css';

function Signed({ money }: { money: Money }) {
  const negative = money.minor.startsWith('-');
  return <span className={`${styles.value} ${negative ? styles.negative : styles.positive}`}>{formatSignedMoney(money)}</span>;
}

export function TradeRow({ record }: { record: TradeRecord }) {
  const { t, lang } = useFundsText();
  const label = JOURNAL_LABELS[record.type];
  return (
    <div className={styles.item} data-testid="trade-record" data-type={record.type}>
      <div className={styles.row}>
        <span>{label ? t(label) : record.type}</span>
        <span className={styles.muted}>{formatDateTime(record.at, lang)}</span>
      </div>
      {record.changes.map((change) => (
        <div className={styles.row} key={change.currency}>
          <span className={styles.muted}>{change.currency}</span>
          <Signed money={change} />
        </div>
      ))}
      <span className={styles.muted}>
        {record.reference}
        {record.memo ? ` · ${record.memo}` : ''}
      </span>
    </div>
  );
}

export function DepositRow({ record }: { record: DepositRecord }) {
  const { t, lang } = useFundsText();
  return (
    <div className={styles.item} data-testid="deposit-record" data-state={record.state}>
      <div className={styles.row}>
        <span>
          {t('journal.deposit')} #{record.id}{' '}
          <span className={styles.badge} data-state={record.state}>
            {t(`depositState.${record.state}`)}
          </span>
        </span>
        <span className={styles.value}>{formatMoneyText(record.amount)}</span>
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>{record.channelId}</span>
        <span className={styles.muted}>{formatDateTime(record.createdAt, lang)}</span>
      </div>
      {record.state === 'pending' && record.autoApproveAt && (
        <span className={styles.muted}>{t('deposit.autoApproveAt', { time: formatDateTime(record.autoApproveAt, lang) })}</span>
      )}
      {record.rejectReason && <span className={styles.negative}>{t('records.reason', { reason: record.rejectReason })}</span>}
    </div>
  );
}

export function WithdrawalRow({ record }: { record: WithdrawalRecord }) {
  const { t, lang } = useFundsText();
  return (
    <div className={styles.item} data-testid="withdrawal-record" data-state={record.state}>
      <div className={styles.row}>
        <span>
          {t('records.withdrawal')} #{record.id}{' '}
          <span className={styles.badge} data-state={record.state}>
            {t(`withdrawState.${record.state}`)}
          </span>
        </span>
        <span className={styles.value}>{formatMoneyText(record.amount)}</span>
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>
          {record.card.bankName} {record.card.branchName} {record.card.accountNumberMasked}
        </span>
        <span className={styles.muted}>{formatDateTime(record.createdAt, lang)}</span>
      </div>
      {record.state === 'pending' && <span className={styles.muted}>{t('out.expectedByAt', { date: formatDateTime(record.expectedBy, lang) })}</span>}
      {record.rejectReason && <span className={styles.negative}>{t('records.reason', { reason: record.rejectReason })}</span>}
    </div>
  );
}

export function Totals({ label, totals, testId }: { label: string; totals: Money[]; testId: string }) {
  if (totals.length === 0) return null;
  return (
    <div className={styles.row} data-testid={testId}>
      <span className={styles.muted}>{label}</span>
      <span className={styles.value}>{totals.map(formatMoneyText).join(' · ')}</span>
    </div>
  );
}
