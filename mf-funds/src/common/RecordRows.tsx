// Rows of the fund records: trade-tab entries (every journal entry that is not a
// deposit or withdrawal), deposits and withdrawals with their review state.
import type { DepositRecord, Money, TradeRecord, WithdrawalRecord } from '@kabuto/shared-sdk/schemas';
import { formatDateTime, formatMoneyText } from '@kabuto/shared-sdk';
import { JOURNAL_LABELS, referenceText } from './labels';
import { useGetDepositInfoQuery } from '../api/funds';
import { SignedAmount } from './SignedAmount';
import { useFundsText } from './texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';

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
          <SignedAmount money={change} />
        </div>
      ))}
      <span className={styles.muted}>
        {referenceText(record.reference, t)}
        {record.memo ? ` · ${record.memo}` : ''}
      </span>
    </div>
  );
}

/** A deposit or a withdrawal: both are reviewed, so both show a state and maybe a reason. */
function ReviewedRow(props: {
  testId: string;
  title: string;
  state: string;
  stateLabel: string;
  amount: Money;
  detail: string;
  createdAt: string;
  pendingNote: string | null;
  rejectReason: string | null;
}) {
  const { t, lang } = useFundsText();
  return (
    <div className={styles.item} data-testid={props.testId} data-state={props.state}>
      <div className={styles.row}>
        <span>
          {props.title}{' '}
          <span className={styles.badge} data-state={props.state}>
            {props.stateLabel}
          </span>
        </span>
        <span className={styles.value}>{formatMoneyText(props.amount)}</span>
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>{props.detail}</span>
        <span className={styles.muted}>{formatDateTime(props.createdAt, lang)}</span>
      </div>
      {props.state === 'pending' && props.pendingNote && <span className={styles.muted}>{props.pendingNote}</span>}
      {props.rejectReason && <span className={styles.negative}>{t('records.reason', { reason: props.rejectReason })}</span>}
    </div>
  );
}

export function DepositRow({ record }: { record: DepositRecord }) {
  const { t, lang } = useFundsText();
  // The channel's name from the deposit page's list (cached); its id only until that arrives.
  const { data: info } = useGetDepositInfoQuery();
  const channel = info?.channels.find((c) => c.id === record.channelId);
  const channelName = channel ? channel.names[lang === 'tw' || lang === 'jp' ? lang : 'en'] : record.channelId;
  return (
    <ReviewedRow
      testId="deposit-record"
      title={`${t('journal.deposit')} #${record.id}`}
      state={record.state}
      stateLabel={t(`depositState.${record.state}`)}
      amount={record.amount}
      detail={channelName}
      createdAt={record.createdAt}
      pendingNote={record.autoApproveAt ? t('deposit.autoApproveAt', { time: formatDateTime(record.autoApproveAt, lang) }) : null}
      rejectReason={record.rejectReason}
    />
  );
}

export function WithdrawalRow({ record }: { record: WithdrawalRecord }) {
  const { t, lang } = useFundsText();
  return (
    <ReviewedRow
      testId="withdrawal-record"
      title={`${t('records.withdrawal')} #${record.id}`}
      state={record.state}
      stateLabel={t(`withdrawState.${record.state}`)}
      amount={record.amount}
      detail={`${record.card.bankName} ${record.card.branchName} ${record.card.accountNumberMasked}`}
      createdAt={record.createdAt}
      pendingNote={t('out.expectedByAt', { date: formatDateTime(record.expectedBy, lang) })}
      rejectReason={record.rejectReason}
    />
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
