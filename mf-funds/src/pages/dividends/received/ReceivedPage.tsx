// Dividends received (ROUTES.dividends2, spec dividend2): every dividend on the customer's cash
// holdings and lent shares, newest first: a receivable from the ex-date, paid in cash on the
// payment date, each with its gross and net. A row opens the payment's breakdown.
import { formatDateKey, formatMoneyText } from '@kabuto/shared-sdk';
import type { DividendPaymentItem, DividendPaymentState, DividendPaymentsPage } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useLazyGetDividendsReceivedQuery } from '../../../api/dividends';
import { useFundsText } from '../../../common/texts';
import { DividendList, ListRow } from '../parts/DividendList';
import { nameIn, sharesText, yenText } from '../parts/view';

type Filter = 'all' | DividendPaymentState;
const FILTERS: readonly [Filter, ...Filter[]] = ['all', 'receivable', 'paid'];

function PaymentRow({ payment }: { payment: DividendPaymentItem }) {
  const { t, lang } = useFundsText();
  return (
    <ListRow detail="dividendDetail2" id={payment.id} testId="dividend-payment" data={{ 'data-code': payment.code, 'data-state': payment.state }}>
      <div className={styles.row}>
        <span>
          {payment.code} {nameIn(payment.name, lang)}
        </span>
        <span className={styles.value} data-testid="dividend-payment-net">
          {formatMoneyText(payment.net)}
        </span>
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>
          {t('div.received.line', { shares: sharesText(payment.shares), dps: yenText(payment.dps), gross: formatMoneyText(payment.gross) })}
        </span>
        <span className={styles.badge} data-state={payment.state === 'paid' ? 'approved' : 'pending'}>
          {t(`div.payment.state.${payment.state}`)}
        </span>
      </div>
      <span className={styles.muted}>
        {t(`div.kind.${payment.kind}`)} · {t(`div.payment.basis.${payment.basis}`)} · {t('div.date.payment')} {formatDateKey(payment.paymentDate, lang)}
      </span>
    </ListRow>
  );
}

export default function ReceivedPage() {
  const { t } = useFundsText();
  const [trigger] = useLazyGetDividendsReceivedQuery();
  return (
    <DividendList<DividendPaymentItem, DividendPaymentsPage, Filter>
      tab="received"
      intro={t('div.received.intro')}
      testId="dividends-received"
      filter={{ values: FILTERS, label: (value) => t(`div.received.filter.${value}`), testId: 'received-filter' }}
      fetchPage={(page, filter) => trigger({ page, size: 20, status: filter === 'all' ? undefined : filter }).unwrap()}
      listTestId="dividend-payments"
      emptyText={t('div.received.empty')}
      renderItem={(payment) => <PaymentRow payment={payment} />}
    />
  );
}
