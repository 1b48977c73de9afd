// Margin dividend adjustments (ROUTES.dividends3, spec dividend3; 配当落調整金 [DV4][DV5][DV6]):
// what margin longs received and margin shorts paid at each ex-date, reserved until the payment
// date and then settled, newest first. A row opens the adjustment with its postings.
import { Selector } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDateKey, formatMoneyText, routeTo } from '@kabuto/shared-sdk';
import type { AdjustmentSide, DividendAdjustmentItem, DividendAdjustmentsPage } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useLazyGetDividendAdjustmentsQuery } from '../../../api/dividends';
import { usePagedList } from '../../../common/paged-list';
import { PagedListView } from '../../../common/PagedListView';
import { SignedAmount } from '../../../common/SignedAmount';
import { useFundsText } from '../../../common/texts';
import { ListFrame } from '../parts/ListFrame';
import { nameIn, sharesText, yenText, ROW_LINES } from '../parts/view';

type Filter = 'all' | AdjustmentSide;
const FILTERS: readonly Filter[] = ['all', 'long', 'short'];

function AdjustmentRow({ adjustment }: { adjustment: DividendAdjustmentItem }) {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.listRow}
      style={ROW_LINES}
      onClick={() => void navigate(routeTo('dividendDetail3', { id: adjustment.id }))}
      data-testid="dividend-adjustment"
      data-id={adjustment.id}
      data-side={adjustment.side}
      data-state={adjustment.state}
    >
      <div className={styles.row}>
        <span>
          {adjustment.code} {nameIn(adjustment.name, lang)}
        </span>
        <SignedAmount money={adjustment.amount} />
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>
          {t('div.adjustments.line', { shares: sharesText(adjustment.shares), dps: yenText(adjustment.dps), rate: adjustment.ratePercent })}
        </span>
        <span className={styles.badge} data-state={adjustment.state === 'settled' ? 'approved' : 'pending'}>
          {t(`div.adjustment.state.${adjustment.state}`)}
        </span>
      </div>
      <span className={styles.muted}>
        {t(`div.adjustment.side.${adjustment.side}`)} · {t(`div.adjustment.marginKind.${adjustment.marginKind}`)} · {t('div.date.ex')}{' '}
        {formatDateKey(adjustment.exDate, lang)} · {t('div.gross')} {formatMoneyText(adjustment.gross)}
      </span>
    </button>
  );
}

function Adjustments({ filter }: { filter: Filter }) {
  const { t } = useFundsText();
  const [trigger] = useLazyGetDividendAdjustmentsQuery();
  const fetchPage = useCallback((page: number) => trigger({ page, size: 20, side: filter === 'all' ? undefined : filter }).unwrap(), [trigger, filter]);
  const list = usePagedList<DividendAdjustmentItem, DividendAdjustmentsPage>(fetchPage);
  return (
    <PagedListView
      list={list}
      testId="dividend-adjustments"
      emptyText={t('div.adjustments.empty')}
      itemKey={(adjustment) => adjustment.id}
      renderItem={(adjustment) => <AdjustmentRow adjustment={adjustment} />}
    />
  );
}

export default function AdjustmentsPage() {
  const { t } = useFundsText();
  const [filter, setFilter] = useState<Filter>('all');
  return (
    <ListFrame active="adjustments" intro={t('div.adjustments.intro')} testId="dividend-adjustments-page">
      <Selector
        columns={3}
        value={[filter]}
        onChange={(value) => value[0] && setFilter(value[0])}
        options={FILTERS.map((value) => ({ value, label: t(`div.adjustments.filter.${value}`) }))}
        data-testid="adjustments-filter"
      />
      <Adjustments key={filter} filter={filter} />
    </ListFrame>
  );
}
