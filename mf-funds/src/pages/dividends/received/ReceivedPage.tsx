// Dividends received (ROUTES.dividends2, spec dividend2): every dividend on the customer's cash
// holdings and lent shares, newest first: a receivable from the ex-date, paid in cash on the
// payment date, each with its gross and net. A row opens the payment's breakdown.
import { Selector } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDateKey, formatMoneyText, routeTo } from '@kabuto/shared-sdk';
import type { DividendPaymentItem, DividendPaymentState, DividendPaymentsPage } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useLazyGetDividendsReceivedQuery } from '../../../api/dividends';
import { usePagedList } from '../../../common/paged-list';
import { PagedListView } from '../../../common/PagedListView';
import { useFundsText } from '../../../common/texts';
import { ListFrame } from '../parts/ListFrame';
import { nameIn, sharesText, yenText, ROW_LINES } from '../parts/view';

type Filter = 'all' | DividendPaymentState;
const FILTERS: readonly Filter[] = ['all', 'receivable', 'paid'];

function PaymentRow({ payment }: { payment: DividendPaymentItem }) {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.listRow}
      style={ROW_LINES}
      onClick={() => void navigate(routeTo('dividendDetail2', { id: payment.id }))}
      data-testid="dividend-payment"
      data-id={payment.id}
      data-code={payment.code}
      data-state={payment.state}
    >
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
    </button>
  );
}

function Payments({ filter }: { filter: Filter }) {
  const { t } = useFundsText();
  const [trigger] = useLazyGetDividendsReceivedQuery();
  const fetchPage = useCallback((page: number) => trigger({ page, size: 20, status: filter === 'all' ? undefined : filter }).unwrap(), [trigger, filter]);
  const list = usePagedList<DividendPaymentItem, DividendPaymentsPage>(fetchPage);
  return (
    <PagedListView
      list={list}
      testId="dividend-payments"
      emptyText={t('div.received.empty')}
      itemKey={(payment) => payment.id}
      renderItem={(payment) => <PaymentRow payment={payment} />}
    />
  );
}

export default function ReceivedPage() {
  const { t } = useFundsText();
  const [filter, setFilter] = useState<Filter>('all');
  return (
    <ListFrame active="received" intro={t('div.received.intro')} testId="dividends-received">
      <Selector
        columns={3}
        value={[filter]}
        onChange={(value) => value[0] && setFilter(value[0])}
        options={FILTERS.map((value) => ({ value, label: t(`div.received.filter.${value}`) }))}
        data-testid="received-filter"
      />
      {/* Remounted per filter: each opens on its page 1. */}
      <Payments key={filter} filter={filter} />
    </ListFrame>
  );
}
